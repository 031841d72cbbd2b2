import Testing
import Typometer

/// A text prepared by one measurer and measured by another of the same style
/// (two components of an app, each with its own caches). Regression: face
/// masks inside a prepared text index the preparing measurer's faces, and a
/// measurer of an equal style took them as its own: Arabic came out 40 pt
/// instead of 64 under `.chromium` (short), and `.pango` trapped on a face
/// index out of range.
@Suite struct PreparedAcrossMeasurersTests {
    static let widths: [Double] = [60, 180, 320]

    @Test("a prepared text measured by another measurer of its style gives that measurer's own answer, every script",
          arguments: [RenderingProfile.chromium, .pango])
    func otherMeasurerOfTheSameStyle(profile: RenderingProfile) throws {
        let texts = RandomCases.corpusTexts
        try #require(texts.count > 100, "Corpus/texts/texts.jsonl not found")
        let style = TextStyle(font: .family("Noto Sans"), size: 15, profile: profile)
        let preparer = try TextMeasurer(style: style)
        let measurer = try TextMeasurer(style: style)
        // Each meets the scripts in another order, so each numbers the
        // fallback faces its own way.
        for text in texts.reversed() { _ = preparer.prepare(text) }
        for text in texts { _ = measurer.height(of: text, width: 320) }
        for text in texts {
            let prepared = preparer.prepare(text)
            for width in Self.widths {
                let own = measurer.lineCountAndHeight(of: text, width: width)
                let other = measurer.lineCountAndHeight(of: prepared, width: width)
                #expect(other == own, "\(RandomCase.escaped(text)) at \(width)")
                #expect(measurer.lines(of: prepared, width: width).count == own.lineCount)
            }
        }
    }

    @Test("a prepared text outlives its measurer and still measures right in a new one")
    func preparerGone() throws {
        let style = TextStyle(font: .family("Noto Sans"), size: 15)
        let texts = RandomCases.corpusTexts.suffix(40)
        var prepared: [PreparedText] = []
        do {
            let preparer = try TextMeasurer(style: style)
            for text in texts.reversed() { prepared.insert(preparer.prepare(text), at: 0) }
        }
        // A new measurer may take the old one's address.
        let measurer = try TextMeasurer(style: style)
        for (text, preparedText) in zip(texts, prepared) {
            #expect(measurer.lineCountAndHeight(of: preparedText, width: 180)
                == measurer.lineCountAndHeight(of: text, width: 180))
        }
    }
}
