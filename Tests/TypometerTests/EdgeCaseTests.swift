import Testing
import Typometer

/// Edges whose expected values follow from Chromium's and Pango's recorded
/// behaviour (REFERENCES.md, the core cases) or from the documented
/// definitions, by arithmetic: a Noto Sans 15 pt line is 20 pt in Chromium
/// (round(16.035) + round(4.395) + 0) and 20.4296875 pt in Pango
/// ((1069 + 293) / 1000 × 15, on Pango's 1/1024 grid).
@Suite struct EdgeCaseTests {
    static let chromium = try! TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15))
    static let pango = try! TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15, profile: .pango))
    static let pangoLine = (20.43 * 1024).rounded() / 1024

    @Test("empty text has no lines in Chromium and one in Pango")
    func emptyText() {
        #expect(Self.chromium.lineCount(of: "", width: 320) == 0)
        #expect(Self.chromium.height(of: "", width: 320) == 0)
        #expect(Self.pango.lineCount(of: "", width: 320) == 1)
        #expect(Self.pango.height(of: "", width: 320) == Self.pangoLine)
    }

    @Test("a trailing newline adds no line in Chromium and one in Pango")
    func trailingNewline() {
        #expect(Self.chromium.lineCount(of: "Hello\n", width: 320) == 1)
        #expect(Self.chromium.lineCount(of: "Hello\n\n", width: 320) == 2)
        #expect(Self.chromium.lineCount(of: "\n", width: 320) == 1)
        #expect(Self.pango.lineCount(of: "Hello\n", width: 320) == 2)
    }

    @Test("whitespace-only text is one line as tall as any other")
    func whitespaceOnly() {
        #expect(Self.chromium.height(of: "   ", width: 320) == 20)
        #expect(Self.chromium.height(of: "\t", width: 320) == 20)
    }

    @Test("zero, negative and NaN widths all lay out as width zero", arguments: [-1, -Double.infinity, Double.nan])
    func degenerateWidths(width: Double) {
        let text = "Hello world, how are you"
        #expect(Self.chromium.lines(of: text, width: width) == Self.chromium.lines(of: text, width: 0))
        #expect(Self.pango.lines(of: text, width: width) == Self.pango.lines(of: text, width: 0))
    }

    @Test("at width zero every grapheme cluster gets its own line, spaces hanging")
    func widthZero() {
        // "ab cd": a | b␠ | c | d in Chromium (core case "width 0").
        #expect(Self.chromium.lineCount(of: "ab cd", width: 0) == 4)
        // A ZWJ family stays one cluster.
        #expect(Self.chromium.lineCount(of: "👨‍👩‍👧", width: 0) == 1)
        #expect(Self.chromium.lineCount(of: "e\u{301}e\u{301}", width: 0) == 2)
    }

    @Test("an infinite width never wraps: one line per paragraph")
    func infiniteWidth() {
        let text = String(repeating: "word ", count: 500) + "\nsecond\nthird"
        #expect(Self.chromium.lineCount(of: text, width: .infinity) == 3)
        #expect(Self.chromium.height(of: text, width: .infinity) == 60)
    }

    @Test("line spacing is added between lines, not after the last")
    func lineSpacing() throws {
        let spaced = try TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15, lineSpacing: 4))
        #expect(spaced.height(of: "a\nb\nc", width: 320) == 3 * 20 + 2 * 4)
        #expect(spaced.height(of: "a", width: 320) == 20)
    }

    @Test("a line limit caps lines and height")
    func lineLimit() throws {
        let limited = try TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15, lineLimit: 2))
        #expect(limited.lineCount(of: "a\nb\nc\nd", width: 320) == 2)
        #expect(limited.height(of: "a\nb\nc\nd", width: 320) == 40)
        #expect(limited.lines(of: "a\nb\nc\nd", width: 320).count == 2)
    }

    @Test("lines cover the text in order, hard breaks excluded")
    func lineRanges() {
        let text = "First paragraph here\nSecond one, a little longer than the first"
        let lines = Self.chromium.lines(of: text, width: 120)
        #expect(lines.first?.range.lowerBound == text.startIndex)
        #expect(lines.last?.range.upperBound == text.endIndex)
        for (line, next) in zip(lines, lines.dropFirst()) {
            #expect(line.range.upperBound <= next.range.lowerBound)
            #expect(line.width <= 120)
        }
        #expect(lines.map { String(text[$0.range]) }.joined().count == text.count - 1)
    }

    @Test("odd input never crashes and gives at least one line",
          arguments: ["\u{200D}\u{200D}\u{200D}", "\u{301}\u{301}\u{301}", "\u{1}\u{2}\u{7F}", "\u{202E}abc\u{202A}",
                      "\u{FEFF}", "\u{FFFD}\u{FFFF}", "a\u{0}b"])
    func oddInput(text: String) {
        for measurer in [Self.chromium, Self.pango] {
            for width in [0.0, 1, 50, 320, .infinity] {
                #expect(measurer.lineCount(of: text, width: width) >= 1)
                #expect(measurer.height(of: text, width: width) > 0)
            }
        }
    }
}
