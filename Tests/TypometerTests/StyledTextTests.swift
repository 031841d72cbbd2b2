import Testing
import Typometer

/// Styled paragraphs (``StyledText``). The runs set's 2,284 references are
/// checked in FidelityTests; these pin single behaviours, with figures
/// Chromium 156 and Pango 1.50 drew for the same faces (probe pages and a
/// Pango program, recorded in Corpus/README.md, "Runs").
@Suite struct StyledTextTests {
    static let chromium = try! TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15))
    static let pango = try! TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15, profile: .pango))

    @Test("runs in the block's own style measure as the plain text")
    func plainRuns() throws {
        let text = "Feeds and boards must know every cell's height before they build a view."
        let styled = StyledText([.init("Feeds and boards "), .init("must know every cell's height", style: RunStyle(size: 15)),
                                 .init(" before they build a view.")])
        for measurer in [Self.chromium, Self.pango] {
            for width in [80.0, 160, 320] {
                #expect(try measurer.lineCountAndHeight(of: styled, width: width) == measurer.lineCountAndHeight(of: text, width: width))
                #expect(try measurer.lines(of: styled, width: width).map(\.utf16Range) == measurer.lines(of: text, width: width).map(\.utf16Range))
            }
        }
    }

    @Test("a line with a larger run is as tall as its box: Chromium 41 (32 + 9), Pango 40.86")
    func largerRun() throws {
        let styled = StyledText([.init("Hello "), .init("world", style: RunStyle(size: 30))])
        #expect(try Self.chromium.height(of: styled, width: 400) == 41)
        #expect(abs(try Self.pango.height(of: styled, width: 400) - 40.8604) < 0.001)
        // A smaller run leaves the line as the block's (Chromium's strut;
        // Pango: the larger run sets it).
        let small = StyledText([.init("Hello "), .init("world", style: RunStyle(size: 11))])
        #expect(try Self.chromium.height(of: small, width: 400) == 20)
        #expect(abs(try Self.pango.height(of: small, width: 400) - 20.4297) < 0.001)
    }

    @Test("a run boundary inside a word is no place to break")
    func boundaryInsideWord() throws {
        let styled = StyledText([.init("un"), .init("believable", style: RunStyle(weight: .bold)), .init(" news")])
        let word = try Self.chromium.lines(of: styled, width: 120)
        #expect(word.first?.utf16Range == 0..<13)
        #expect(try Self.pango.lines(of: styled, width: 120).first?.utf16Range == 0..<13)
    }

    @Test("a bold run is wider than the same text in regular, by the faces' advances")
    func boldRun() throws {
        let regular = Self.chromium.lines(of: "Ada Lovelace", width: 1000)[0].width
        let bold = try TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15, weight: .bold))
            .lines(of: "Ada Lovelace", width: 1000)[0].width
        let styled = try Self.chromium.lines(of: StyledText([.init("Ada Lovelace", style: RunStyle(weight: .bold))]), width: 1000)
        #expect(styled[0].width == bold)
        #expect(bold > regular)
    }

    @Test("empty runs and an empty text; a run style that is not valid throws")
    func edges() throws {
        #expect(try Self.chromium.lineCount(of: StyledText([]), width: 100) == 0)
        #expect(try Self.pango.lineCount(of: StyledText([.init("", style: RunStyle(size: 30))]), width: 100) == 1)
        #expect(throws: TypometerError.invalidSize(-1)) {
            try Self.chromium.height(of: StyledText([.init("x", style: RunStyle(size: -1))]), width: 100)
        }
        #expect(throws: TypometerError.familyNotFound("Nope")) {
            try Self.chromium.height(of: StyledText([.init("x", style: RunStyle(font: .family("Nope")))]), width: 100)
        }
    }

    // The README's card, laid out by Scripts/reference/chromium_reference.py
    // and pango_reference.py (as a case of the runs set's form, at 320 and
    // 240 pt): Chromium 63 and 84, lines from 0, 38, 82 (and 0, 31, 63, 89);
    // Pango 85.8046875 and 114.40625, the same lines.
    @Test("the README's feed card measures as Chromium and Pango drew it")
    func readmeCard() throws {
        let card = StyledText([
            .init("Ada Lovelace", style: RunStyle(weight: .bold)),
            .init(" shipped the notes on the analytical engine today: "),
            .init("example.com/notes", style: RunStyle(weight: .medium)),
            .init(". Thanks "), .init("@babbage", style: RunStyle(weight: .medium)),
            .init(" for "), .init("every", style: RunStyle(italic: true)), .init(" review!"),
        ])
        for (profile, heights) in [(RenderingProfile.chromium, [63.0, 84]), (.pango, [85.8046875, 114.40625])] {
            let body = try TextMeasurer(style: TextStyle(
                font: .family("Noto Sans"), size: 15, profile: profile, lineHeight: .multiple(1.4)))
            #expect(try body.height(of: card, width: 320) == heights[0])
            #expect(try body.height(of: card, width: 240) == heights[1])
            #expect(try body.lines(of: card, width: 320).map(\.utf16Range.lowerBound) == [0, 38, 82])
            #expect(try body.lines(of: card, width: 240).map(\.utf16Range.lowerBound) == [0, 31, 63, 89])
        }
    }
}
