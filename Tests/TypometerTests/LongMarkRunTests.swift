import Testing
@testable import Typometer

/// Long runs of combining marks (issue 39, item 4): HarfBuzz 6.0 attaches each mark by
/// looking back over every mark before it, and Chromium 156 and Pango 1.50 shape such runs
/// whole with it. Typometer shapes them with mark attachment off (``MarkAttachment``), which
/// moves no advance: the figures are Chromium's and Pango's for the same texts in Noto Sans
/// 15 (Scripts/reference on these cases), measured in linear time.
@Suite struct LongMarkRunTests {
    static let chromium = try! TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15))
    static let pango = try! TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15, profile: .pango))

    static func repeated(_ scalar: Unicode.Scalar, _ count: Int) -> String {
        String(repeating: String(Character(scalar)), count: count)
    }

    @Test("a long run of marks lays out as Chromium and Pango draw it: glyphs, advances, joins and kerning over it kept")
    func sameFiguresAsTheRenderers() throws {
        let acute = "a" + Self.repeated("\u{301}", 3000)
        #expect(Self.chromium.lineCountAndHeight(of: acute, width: 320) == (1, 20))
        #expect(Self.chromium.maxContentWidth(of: acute) == 8.421875)
        #expect(Self.pango.lineCountAndHeight(of: acute, width: 320) == (1, 20.4296875))
        #expect(Self.pango.maxContentWidth(of: acute) == 8.4150390625)
        // The first beh joins the next over 1,000 fathas.
        let joined = "\u{628}" + Self.repeated("\u{64E}", 1000) + "\u{628}\u{628}"
        #expect(Self.chromium.maxContentWidth(of: joined) == 25.578125)
        #expect(Self.pango.maxContentWidth(of: joined) == 25.57421875)
        // T kerns with the o after 600 acutes.
        let kerned = "T" + Self.repeated("\u{301}", 600) + "o To"
        #expect(Self.chromium.maxContentWidth(of: kerned) == 36.640625)
        #expect(Self.pango.maxContentWidth(of: kerned) == 36.630859375)
        // HarfBuzz's dotted circles for the nuktas past a syllable's own, as one call gives them.
        let nuktas = "\u{915}" + Self.repeated("\u{93C}", 700) + "\u{93F} \u{915}"
        #expect(Self.chromium.lineCountAndHeight(of: nuktas, width: 320) == (2, 44))
        #expect(Self.chromium.minContentWidth(of: nuktas) == 2685.1875)
        #expect(Self.pango.lineCountAndHeight(of: nuktas, width: 320) == (2, 39.12109375))
        #expect(Self.pango.minContentWidth(of: nuktas) == 2685.30078125)
    }

    @Test("attachment goes off only where more than 32 marks or default ignorables follow one another")
    func longRunsFound() {
        func hasLongRun(_ text: String) -> Bool {
            Array(text.utf16).withUTF16Text { MarkAttachment.hasLongRun(in: $0, range: 0..<$0.count) }
        }
        #expect(!hasLongRun("a" + Self.repeated("\u{301}", 32) + "b"))
        #expect(hasLongRun("a" + Self.repeated("\u{301}", 33)))
        #expect(hasLongRun("word " + Self.repeated("\u{301}", 17) + "\u{200D}" + Self.repeated("\u{AD}", 15)))
        #expect(hasLongRun("x" + Self.repeated("\u{1D167}", 17)))  // 34 code units
        #expect(!hasLongRun(String(repeating: "\u{915}\u{93F}", count: 100)))
        #expect(!hasLongRun(String(repeating: "漢字かな", count: 100)))
    }

    /// Regression: a base and 80,000 marks took 24 s (HarfBuzz's look back for each mark's
    /// base), 10 MB about a day; 200,000 marks would take minutes.
    @Test("texts of 200,000 marks after a base, between joiners or as emoji modifiers measure in seconds")
    func longRunsInLinearTime() {
        let texts = [
            "a" + Self.repeated("\u{301}", 200_000),
            "a" + String(repeating: "\u{200D}\u{301}", count: 100_000),
            "\u{628}" + Self.repeated("\u{651}", 200_000) + "\u{628}",
            "\u{1F44D}" + Self.repeated("\u{1F3FB}", 40_000),
        ]
        let clock = ContinuousClock()
        let start = clock.now
        for text in texts {
            for measurer in [Self.chromium, Self.pango] {
                #expect(measurer.lineCount(of: text, width: 320) >= 1)
                #expect(measurer.maxContentWidth(of: text) > 0)
            }
        }
        let elapsed = clock.now - start
        print("LongMarkRunTests: \(elapsed)")
        #expect(elapsed < .seconds(60), "\(elapsed)")
    }
}
