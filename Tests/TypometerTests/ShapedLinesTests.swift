import Testing
import Typometer

/// The glyphs `shapedLines(of:width:)` gives to draw a text: the lines
/// `lines(of:width:)` measured, in the faces the measuring chose, in visual
/// order (issue 17: the tool drew Hebrew and Arabic lines in logical order
/// and emoji as gray boxes).
@Suite struct ShapedLinesTests {
    static let chromium = try! TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15))
    static let pango = try! TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15, profile: .pango))

    static let texts = [
        "Shipped the new release today. Huge thanks to everyone who tested the beta and sent feedback.",
        "יש ללחוץ על ערך הפלטה כדי להפוך אותו לצבע הנוכחי. כדי לשנות רשומה זו, יש לגרור פיסת צבע לכאן",
        "مقدار تحريك السهم باتجاه ص عند تحرير الزر، ثم اضغط على المفتاح مرة أخرى",
        "Trip recap: 🇫🇷 → 🇩🇪 → 🇨🇭 → 🇮🇹 in ten days 🚆 with 👩‍👩‍👧 and 👍🏽",
        "Release notes: שלום עולם and مرحبا بالعالم, 123 fixes 🎉 in version 2.0 (beta)",
        "`requires`タグにメモリサイズの関係が見つかりました。つまり、ユーザーは十分なRAMがないと",
        "Tabs\tbetween\twords and a soft\u{AD}hyphen in a long\u{AD}er word\u{AD}ing, then spaces   at the end   ",
        "one\ntwo  \n\nthree",
    ]

    @Test("each line's runs advance by the width lines(of:width:) measured",
          arguments: [RenderingProfile.chromium, .pango], [60.0, 120, 192, 320])
    func runsAddUpToTheMeasuredWidth(profile: RenderingProfile, width: Double) {
        let measurer = profile == .chromium ? Self.chromium : Self.pango
        for text in Self.texts {
            let measured = measurer.lines(of: text, width: width)
            let shaped = measurer.shapedLines(of: text, width: width)
            #expect(shaped.map(\.utf16Range) == measured.map(\.utf16Range), "\(text)")
            for (line, reference) in zip(shaped, measured) {
                #expect(line.width == reference.width)
                #expect(line.height == reference.height)
                let advance = line.runs.reduce(0) { $0 + $1.width }
                #expect(abs(advance - reference.width) < 0.01,
                        "\(profile) \(width): '\(text.utf16Slice(reference.utf16Range))' runs \(advance), measured \(reference.width)")
                #expect(line.baseline > 0 && line.baseline < line.height)
            }
        }
    }

    @Test("a Hebrew phrase in an English line comes in visual order: its words right to left, the number after it first")
    func hebrewRunsInVisualOrder() throws {
        let text = "abc אבג דהו 123 xyz"
        let units = Array(text.utf16)
        for measurer in [Self.chromium, Self.pango] {
            let line = try #require(measurer.shapedLines(of: text, width: 320).first)
            let hebrew = try #require(line.runs.first { $0.isRightToLeft && units[$0.utf16Range.lowerBound] >= 0x0590 })
            // Drawn right to left: the first word's glyphs on the right.
            let clusters = hebrew.glyphs.map(\.cluster)
            #expect(clusters == clusters.sorted(by: >), "\(measurer.style.profile)")
            #expect(clusters.first! > clusters.last!)
            // Left to right on the page: "abc ", "123", the Hebrew, " xyz".
            let starts = line.runs.map(\.utf16Range.lowerBound)
            let number = try #require(starts.firstIndex(of: 12))
            let hebrewIndex = try #require(line.runs.firstIndex(of: hebrew))
            #expect(starts.first == 0)
            #expect(number < hebrewIndex, "the number, after the Hebrew in the text, is drawn left of it")
            #expect(line.runs.last.map { units[$0.utf16Range.upperBound - 1] } == UInt16(UInt8(ascii: "z")))
            #expect(!line.isRightToLeft)
        }
    }

    @Test("a line of Hebrew alone reads right to left: its first word is drawn rightmost")
    func hebrewLineReversed() throws {
        let text = "שלום עולם"
        let line = try #require(Self.chromium.shapedLines(of: text, width: 320).first)
        let glyphs = line.runs.flatMap(\.glyphs)
        #expect(glyphs.first?.cluster == 8, "the last letter of the second word is leftmost")
        #expect(glyphs.last?.cluster == 0)
    }

    @Test("an emoji is drawn from the color emoji face the measuring chose", arguments: [RenderingProfile.chromium, .pango])
    func emojiFromTheColorFace(profile: RenderingProfile) throws {
        let measurer = profile == .chromium ? Self.chromium : Self.pango
        let text = "Shipped today 🎉 thanks"
        let emoji = try measurer.fontSet.face(family: "Noto Color Emoji")
        let line = try #require(measurer.shapedLines(of: text, width: 320).first)
        let run = try #require(line.runs.first { $0.utf16Range.contains(14) })
        #expect(run.face == emoji)
        #expect(run.glyphs.count == 1 && run.glyphs[0].id != 0)
        #expect(line.runs.filter { $0.face == emoji }.count == 1)
        #expect(line.height == measurer.lines(of: text, width: 320)[0].height)
    }

    @Test("a line broken at a soft hyphen ends with a hyphen in Chromium")
    func softHyphenDrawsAHyphen() throws {
        let text = "extra\u{AD}ordinary"
        let lines = Self.chromium.shapedLines(of: text, width: 65)
        try #require(lines.count == 2)
        let last = try #require(lines[0].runs.last)
        #expect(last.utf16Range == 5..<6)
        #expect(last.face == Self.chromium.primaryFace)
        #expect(lines[1].runs.allSatisfy { $0.utf16Range.lowerBound >= 6 })
    }

    @Test("empty lines have no runs; empty text has no lines in Chromium and one in Pango")
    func emptyLines() {
        #expect(Self.chromium.shapedLines(of: "", width: 320).isEmpty)
        #expect(Self.pango.shapedLines(of: "", width: 320).map(\.runs) == [[]])
        let lines = Self.chromium.shapedLines(of: "a\n\nb", width: 320)
        #expect(lines.map(\.runs.count) == [1, 0, 1])
        #expect(lines[1].baseline == lines[0].baseline)
    }

    @Test("threads shaping at once get the lines one thread gets")
    func concurrentCallsAgree() async {
        let measurer = Self.chromium
        let expected = Self.texts.map { measurer.shapedLines(of: $0, width: 150) }
        let results = await withTaskGroup(of: (Int, [ShapedLine]).self) { group in
            for _ in 0..<4 {
                for (index, text) in Self.texts.enumerated() {
                    group.addTask { (index, measurer.shapedLines(of: text, width: 150)) }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for (index, lines) in results { #expect(lines == expected[index]) }
    }

    @Test("the line limit holds, and each run's glyph clusters stay inside it")
    func lineLimitAndClusters() throws {
        let limited = try TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15, lineLimit: 2))
        let lines = limited.shapedLines(of: Self.texts[4], width: 120)
        #expect(lines.count == 2)
        for run in lines.flatMap(\.runs) {
            #expect(run.glyphs.allSatisfy { run.utf16Range.contains($0.cluster) })
            #expect(run.size == 15)
        }
    }
}

extension String {
    fileprivate func utf16Slice(_ range: Range<Int>) -> String {
        let units = Array(utf16)
        return String(decoding: units[range], as: UTF16.self)
    }
}
