import Testing
import TypometerTestSupport
@testable import Typometer

/// `tm_grapheme_breaks` cuts text of bases and marks by a table of each code
/// point's grapheme class (issue 38) and leaves other text to ICU's
/// iterator; these tests hold the table to the iterator
/// (`tm_grapheme_breaks_by_iterator`) on every code point in contexts that
/// reach each rule the table stands in for, and on real text of the
/// per-script feeds' languages.
@Suite struct GraphemeTableTests {
    /// The boundaries each way finds in `units`, `nil` when they agree.
    static func disagreement(in units: [UInt16]) -> (fast: [Int32], reference: [Int32])? {
        BreakComparison.disagreement(in: units, fast: ICU.graphemeBreaks, reference: ICU.graphemeBreaksByIterator)
    }

    @Test("the table cuts every code point as ICU does: alone, after and before a base, before a mark, a spacing mark and a virama, between letters")
    func everyCodePoint() {
        // A base, a combining mark, a spacing mark (Thai SARA AM), a
        // consonant and virama of each script ICU keeps conjuncts of
        // together (Devanagari, Bengali, Gujarati, Oriya, Telugu,
        // Malayalam), a consonant on either side (the code point as a
        // virama), a Myanmar virama (GB9c as Chromium's ICU has it) and a
        // Hebrew letter around each code point.
        let consonants: [UInt32] = [0x0915, 0x0995, 0x0A95, 0x0B15, 0x0C15, 0x0D15]
        let contexts: [(before: [UInt32], after: [UInt32])] = [
            ([], []), ([0x61], []), ([], [0x61]), ([], [0x0301]), ([], [0x0E33]), ([0x0915, 0x094D], []),
            ([0x1000, 0x1039], []), ([0x05D0], [0x05D1]), ([0x0301], [0x0E33, 0x0915]),
        ] + consonants.map { ([$0], [$0]) }
        var mismatches: [String] = []
        // Every code point of the BMP and of plane 1 (emoji, historic
        // scripts), then every 16th up to the last plane.
        let scalars = Array(0..<0x20000) + stride(from: 0x20000, to: 0x110000, by: 16)
        for value in scalars {
            guard let scalar = Unicode.Scalar(UInt32(value)) else { continue }
            for (before, after) in contexts {
                var units: [UInt16] = []
                for each in before + [scalar.value] + after { units += Array(String(Unicode.Scalar(each)!).utf16) }
                if let (table, iterator) = GraphemeTableTests.disagreement(in: units), mismatches.count < 10 {
                    mismatches.append("U+\(String(value, radix: 16)) in \(units): \(table) vs \(iterator)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test("the table cuts every paragraph of real text as ICU does")
    func realParagraphs() throws {
        let paragraphs = RealWords.paragraphsWithCatalogues
        try #require(paragraphs.count >= 50_000, "too few paragraphs of real text: run Scripts/install-dependencies")
        var mismatches: [String] = []
        for units in paragraphs {
            if let (table, iterator) = GraphemeTableTests.disagreement(in: units), mismatches.count < 10 {
                mismatches.append("\(String(decoding: units, as: UTF16.self)): \(table) vs \(iterator)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }
}
