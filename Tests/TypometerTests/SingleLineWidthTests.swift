import Testing
import Typometer
import TypometerCorpus

/// `singleLineWidth(of:)` is a width at which a text is laid out with no line wrapped, the
/// one to size a box that must hold the text on one line; `maxContentWidth(of:)` is the
/// width the renderer reports for the unwrapped line. Regression (issue 39, item 22): under
/// `.pango` with positive letter spacing, a text wraps at its own max-content width (Pango
/// counts the last letter's spacing when breaking, not in the width), so a chip sized by it
/// wrapped, and no API gave a width that holds the text on one line.
@Suite struct SingleLineWidthTests {
    static let texts = ["typography", "tag ", "Hello, world", "no wrap\nat all", "مرحبا بالعالم", "東京の天気は晴れ",
                        "The Arabic word كتاب (kitāb) means book, and مكتبة means library."]

    @Test("under .pango with positive letter spacing a text wraps at its max-content width",
          arguments: [0.3, 1, 2.5])
    func pangoWrapsAtMaxContent(spacing: Double) throws {
        let measurer = try TextMeasurer(style: TextStyle(size: 15, profile: .pango, letterSpacing: spacing))
        #expect(measurer.lineCount(of: "typography", width: measurer.maxContentWidth(of: "typography")) == 2)
    }

    @Test("every line is unwrapped at the single-line width, under both profiles, at any letter spacing and limit",
          arguments: RenderingProfile.allCases, [-0.5, 0, 0.3, 1, 2.5])
    func staysOnOneLine(profile: RenderingProfile, spacing: Double) throws {
        let texts = Self.texts + (try Corpus.cases("fidelity").map(\.text)).prefix(120)
        for limit in [nil, 1] as [Int?] {
            let measurer = try TextMeasurer(style: TextStyle(size: 15, lineLimit: limit, profile: profile,
                                                             letterSpacing: spacing))
            for text in texts {
                let width = measurer.singleLineWidth(of: text)
                #expect(measurer.lines(of: text, width: width).map(\.utf16Range)
                        == measurer.lines(of: text, width: .infinity).map(\.utf16Range), "\(text.debugDescription)")
                #expect(width >= measurer.maxContentWidth(of: text))
            }
        }
    }

    @Test("it is the max-content width where that holds the text, and that plus the spacing under .pango")
    func equalsMaxContent() throws {
        let chromium = try TextMeasurer(style: TextStyle(size: 15, letterSpacing: 2))
        #expect(chromium.singleLineWidth(of: "typography") == chromium.maxContentWidth(of: "typography"))
        let pango = try TextMeasurer(style: TextStyle(size: 15, profile: .pango, letterSpacing: 2))
        #expect(pango.singleLineWidth(of: "typography") == pango.maxContentWidth(of: "typography") + 2)
    }
}
