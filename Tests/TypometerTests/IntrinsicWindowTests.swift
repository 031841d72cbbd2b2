import Testing
@testable import Typometer
import TypometerCorpus

/// Chromium's intrinsic widths and line boxes of a long paragraph are measured window by
/// window (``BlinkItemWindows``; issue 39, item 9: one 16 MiB line took 1.75 GB). Here
/// measurers cut windows of about 64 code units, so every corpus text of more than a few
/// words is cut, and their widths must be those of the whole paragraph's items.
@Suite struct IntrinsicWindowTests {
    static let store = try! TextMeasurerStore()

    /// The case's measurer, with windows of about `length` units.
    static func measurer(_ referenceCase: ReferenceCase, windowLength length: Int) throws -> TextMeasurer {
        try TextMeasurer(style: referenceCase.style(profile: .chromium), fontSet: store.fontSet, cacheLimits: CacheLimits(),
                         paragraphLimit: TextMeasurer.maximumParagraphLength, intrinsicWindowLength: length)
    }

    @Test("min-content, max-content and the widest line box measured in windows of 64 units are the whole paragraph's",
          arguments: ["languages", "mixed", "runs"])
    func windowsMeasureAsTheWhole(set: String) throws {
        var cut = 0
        // Shorter texts are one window.
        for referenceCase in try Corpus.cases(set) where referenceCase.text.utf16.count > 96 {
            let whole = try Self.store.measurer(for: referenceCase.style(profile: .chromium))
            let windowed = try Self.measurer(referenceCase, windowLength: 64)
            let width = referenceCase.width
            if let styled = referenceCase.styledText {
                #expect(try windowed.minContentWidth(of: styled) == whole.minContentWidth(of: styled), "\(referenceCase.id)")
                #expect(try windowed.maxContentWidth(of: styled) == whole.maxContentWidth(of: styled), "\(referenceCase.id)")
                #expect(try windowed.size(of: styled, width: width) == whole.size(of: styled, width: width),
                        "\(referenceCase.id)")
            } else {
                let text = referenceCase.text
                #expect(windowed.minContentWidth(of: text) == whole.minContentWidth(of: text), "\(referenceCase.id)")
                #expect(windowed.maxContentWidth(of: text) == whole.maxContentWidth(of: text), "\(referenceCase.id)")
                #expect(windowed.size(of: text, width: width) == whole.size(of: text, width: width), "\(referenceCase.id)")
            }
            cut += 1
        }
        #expect(cut > 50, "too few cases long enough to be cut")
    }

    @Test("a long paragraph is measured in windows of about the window length, each a run of whole words")
    func windowsAreBounded() throws {
        let text = String(repeating: "Windows of words, shaped apart where nothing joins them. ", count: 400)
        let measurer = try TextMeasurer(style: TextStyle(), fontSet: nil, cacheLimits: CacheLimits(),
                                        paragraphLimit: TextMeasurer.maximumParagraphLength, intrinsicWindowLength: 4096)
        let units = Array(text.utf16)
        units.withUTF16Text { buffer in
            var windows = BlinkItemWindows(
                of: buffer, paragraph: 0..<buffer.count, parts: [StyledPart(range: 0..<buffer.count, measurer: 0)],
                measurers: [measurer], length: 4096, cuts: .betweenWords)
            var covered = 0
            var count = 0
            while let window = windows.next() {
                #expect(window.range.lowerBound == covered && window.range.count <= 4096)
                #expect(covered == 0 || (units[covered - 1] == 0x20 && units[covered] != 0x20))
                #expect(window.startsItem == (covered == 0))
                covered = window.range.upperBound
                count += 1
            }
            #expect(covered == units.count && count >= units.count / 4096)
        }
    }
}
