import Testing
import TypometerTestSupport
@testable import Typometer

/// `tm_line_breaks_pango` finds Pango's break opportunities in text of
/// printable ASCII by a table of transitions (issue 38); these tests hold it
/// to the rules it is built from (`tm_line_breaks_pango_rules`, code point
/// by code point) on real text and on mixes chosen to reach every rule that
/// ASCII can reach.
@Suite struct PangoAsciiBreakTests {
    /// The offsets each way finds in `units`, `nil` when they agree.
    static func disagreement(in units: [UInt16]) -> (fast: [Int32], reference: [Int32])? {
        BreakComparison.disagreement(in: units, fast: ICU.pangoLineBreaks, reference: ICU.pangoLineBreaksByRules)
    }

    @Test("the table finds the rules' break opportunities in every paragraph of real text and in its tails after a space")
    func realParagraphs() throws {
        let paragraphs = RealWords.paragraphsWithCatalogues
        try #require(paragraphs.count >= 50_000, "too few paragraphs of real text: run Scripts/install-dependencies")
        var ascii = 0
        var mismatches: [String] = []
        for (index, units) in paragraphs.enumerated() {
            if units.allSatisfy({ (0x20...0x7E).contains($0) }) { ascii += 1 }
            // Pango's windows start after a space: every tail that starts so,
            // in one paragraph of ten (every paragraph's is quadratic work:
            // minutes of a CI run that has to stay short).
            for start in units.indices where start == 0 || (index % 10 == 0 && units[start - 1] == 0x20) {
                let tail = Array(units[start...])
                if let (table, rules) = PangoAsciiBreakTests.disagreement(in: tail), mismatches.count < 10 {
                    mismatches.append("\(String(decoding: tail, as: UTF16.self)): \(table) vs \(rules)")
                }
            }
        }
        #expect(ascii >= 20_000, "too few paragraphs of printable ASCII: \(ascii)")
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test("the table finds the rules' break opportunities in every text of up to three printable ASCII characters")
    func everyShortText() {
        let printable = Array(UInt16(0x20)...UInt16(0x7E))
        var mismatches: [[UInt16]] = []
        for a in printable {
            if PangoAsciiBreakTests.disagreement(in: [a]) != nil { mismatches.append([a]) }
            for b in printable {
                if PangoAsciiBreakTests.disagreement(in: [a, b]) != nil { mismatches.append([a, b]) }
                for c in printable where PangoAsciiBreakTests.disagreement(in: [a, b, c]) != nil {
                    mismatches.append([a, b, c])
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10).map { String(decoding: $0, as: UTF16.self) })")
    }

    @Test("the table finds the rules' break opportunities in random mixes of punctuation, digits, spaces and letters")
    func randomMixes() {
        // Weighted toward what the numeric, bracket, quotation and hyphen
        // rules (LB13 to LB30) look at.
        let alphabet = Array("0123456789 ()[]{}\"'-+$%/.,:;!?#&*<>=@\\^_`|~aZ 0.5 $( -1".utf16)
        var random = SplitMix64(seed: 38)
        var mismatches: [String] = []
        for _ in 0..<300_000 {
            let length = Int(random.next() % 24) + 1
            let units = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
            if let (table, rules) = PangoAsciiBreakTests.disagreement(in: units), mismatches.count < 10 {
                mismatches.append("\(String(decoding: units, as: UTF16.self)): \(table) vs \(rules)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }
}
