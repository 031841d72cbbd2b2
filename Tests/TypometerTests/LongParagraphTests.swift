import Foundation
import Testing
@testable import Typometer

/// A paragraph longer than ``TextMeasurer/maximumParagraphLength`` is
/// measured in pieces that each start a line, so it is never measured short,
/// and a text of any length is measured without 32-bit offsets overflowing.
/// The limit is 2³⁰ UTF-16 units; here measurers are given a small one, so
/// the same rule runs on the corpus texts.
@Suite struct LongParagraphTests {
    static let widths: [Double] = [0, 45, 120, 320, .infinity]

    @Test("paragraphs split at a break opportunity or the limit: contiguous, no piece longer, no surrogate pair cut",
          arguments: [RenderingProfile.chromium, .pango])
    func piecesOfParagraphs(profile: RenderingProfile) {
        for text in RandomCases.corpusTexts.prefix(300) + ["a😀😀😀😀b\n\n😀😀😀😀😀😀\r\nx"] {
            let units = Array(text.utf16)
            units.withUTF16Text { buffer in
                var whole: [Range<Int>] = []
                HardBreaks.forEachParagraph(in: buffer, rules: profile.rules) { whole.append($0); return true }
                for limit in [2, 3, 7, 40] {
                    var pieces: [Range<Int>] = []
                    HardBreaks.forEachParagraph(in: buffer, rules: profile.rules, maximumLength: limit) {
                        pieces.append($0)
                        return true
                    }
                    var index = 0
                    for paragraph in whole {
                        var covered = paragraph.lowerBound
                        repeat {
                            let piece = pieces[index]
                            index += 1
                            #expect(piece.lowerBound == covered && piece.count <= limit)
                            #expect(piece.upperBound == paragraph.upperBound
                                || !UTF16.isLeadSurrogate(units[piece.upperBound - 1]))
                            covered = piece.upperBound
                        } while covered < paragraph.upperBound
                    }
                    #expect(index == pieces.count)
                }
            }
        }
    }

    @Test("under a small paragraph limit: the same answer for shorter paragraphs; longer ones in pieces that each start a line, prepared or not",
          arguments: [RenderingProfile.chromium, .pango])
    func piecesStartLines(profile: RenderingProfile) throws {
        let texts = RandomCases.corpusTexts
        try #require(texts.count > 100, "Corpus/texts/texts.jsonl not found")
        let limit = 40
        for lineLimit in [nil, 2] as [Int?] {
            let style = TextStyle(font: .family("Noto Sans"), size: 15, lineLimit: lineLimit, profile: profile)
            let whole = try TextMeasurer(style: style)
            let pieces = try TextMeasurer(style: style, fontSet: whole.fontSet, cacheLimits: CacheLimits(),
                                          paragraphLimit: limit)
            var split = 0
            for text in texts.prefix(400) {
                let units = Array(text.utf16)
                var pieceStarts: Set<Int> = []
                var isSplit = false
                units.withUTF16Text { buffer in
                    HardBreaks.forEachParagraph(in: buffer, rules: profile.rules) { paragraph in
                        isSplit = isSplit || paragraph.count > limit
                        return true
                    }
                    HardBreaks.forEachParagraph(in: buffer, rules: profile.rules, maximumLength: limit) { piece in
                        pieceStarts.insert(piece.lowerBound)
                        return true
                    }
                }
                let prepared = pieces.prepare(text)
                if isSplit { split += 1 }
                for width in LongParagraphTests.widths {
                    let measured = pieces.lineCountAndHeight(of: text, width: width)
                    #expect(pieces.lineCountAndHeight(of: prepared, width: width) == measured, "\(width) \(text)")
                    let lines = pieces.lines(of: text, width: width)
                    #expect(pieces.lines(of: prepared, width: width).map(\.utf16Range) == lines.map(\.utf16Range))
                    if isSplit {
                        // No line crosses the start of a piece.
                        for line in lines {
                            #expect(!pieceStarts.contains { $0 > line.utf16Range.lowerBound && $0 < line.utf16Range.upperBound },
                                    "\(width) \(text)")
                        }
                        // Words of ASCII letters and spaces, cut at a space:
                        // a break where a line may break anyway adds lines or
                        // changes nothing.
                        if text.utf8.allSatisfy({ $0 == 0x20 || (0x41...0x7A).contains($0) }) {
                            #expect(measured.lineCount >= whole.lineCount(of: text, width: width), "\(width) \(text)")
                        }
                    } else {
                        #expect(measured == whole.lineCountAndHeight(of: text, width: width), "\(width) \(text)")
                    }
                }
            }
            #expect(split > 100)
        }
    }

    /// Opt-in (`TYPOMETER_HUGE_TEXT=1`; minutes and 6 GB in a debug build).
    @Test("a paragraph of more than 2³¹ UTF-16 units under a line limit is measured like a shorter one",
          .enabled(if: ProcessInfo.processInfo.environment["TYPOMETER_HUGE_TEXT"] == "1"),
          arguments: [RenderingProfile.chromium, .pango])
    func hugeParagraph(profile: RenderingProfile) throws {
        // Regression: `.pango` trapped in PangoBidiLevels.baseLevel on the
        // paragraph's 32-bit length.
        let word = "word "
        let text = String(repeating: word, count: (1 << 31) / word.utf16.count + 1)
        #expect(text.utf16.count > 1 << 31)
        let measurer = try TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15, lineLimit: 3, profile: profile))
        // Three full lines either way: the first three of a thousand words.
        let short = measurer.lineCountAndHeight(of: String(repeating: word, count: 1_000), width: 320)
        #expect(short.lineCount == 3)
        #expect(measurer.lineCountAndHeight(of: text, width: 320) == short)
    }

    /// Opt-in, as above.
    @Test("a text of more than 2³¹ UTF-16 units in short paragraphs is as tall as its paragraphs together",
          .enabled(if: ProcessInfo.processInfo.environment["TYPOMETER_HUGE_TEXT"] == "1"))
    func hugeText() throws {
        let paragraph = "Shipped the new release today. Huge thanks to everyone who tested the beta.\n"
        let count = (1 << 31) / paragraph.utf16.count + 1
        let text = String(repeating: paragraph, count: count)
        #expect(text.utf16.count > 1 << 31)
        let measurer = try TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15))
        let one = measurer.lineCountAndHeight(of: String(paragraph.dropLast()), width: 320)
        let all = measurer.lineCountAndHeight(of: text, width: 320)
        // Chromium draws no line after a final line break; every paragraph
        // is alike, so the text is `count` of them stacked.
        #expect(all.lineCount == count * one.lineCount)
        #expect(all.height == Double(count) * one.height)
    }
}
