import CHarfBuzz
import Testing
@testable import Typometer

/// HarfBuzz is given a window of the text around each run (so offsets stay
/// in 32 bits), and a run shapes the same wherever it stands in the text.
/// Regression: features set on some characters (Chromium's `halt` on CJK
/// punctuation) kept their offsets in the whole text, so past the window's
/// start they fell on other characters: a Chinese post took 4 lines at
/// 400 pt in Noto Serif 23 instead of 3.
@Suite struct ShapingWindowTests {
    @Test("a run with features on some characters gets the same advances at any offset")
    func sameAdvancesAtAnyOffset() throws {
        let measurer = try TextMeasurer(style: TextStyle(font: .family("Noto Sans CJK SC"), size: 20))
        let context = Array("xxxxx".utf16)
        let run = Array("“孟之反不伐，奔而殿。将入门，策其马，曰：‘非敢后也，马不进也。’”".utf16)
        // `halt` on every fullwidth punctuation mark of the run, by offset in the run.
        let marks = run.indices.filter { "“”‘’，。：".utf16.contains(run[$0]) }
        #expect(marks.count > 6)
        var results: [[Double]] = []
        for padding in [0, 40, 1_000] {
            let text = Array(repeating: UInt16(0x78), count: padding) + context + run
            let start = padding + context.count
            let features = marks.map { hb_feature_t(tag: 0x68616C74, value: 1, start: UInt32(start + $0), end: UInt32(start + $0 + 1)) }
            let advances = text.withUTF16Text { buffer in
                measurer.shaper.shapeMarkingJoins(buffer, range: start..<start + run.count, font: measurer.registry.primary,
                                                  script: HB_SCRIPT_HAN, rightToLeft: false, features: features,
                                                  language: ChromiumRules.language(for: HB_SCRIPT_HAN, content: nil)).advances
            }
            results.append(advances)
        }
        #expect(results[1] == results[0])
        #expect(results[2] == results[0])
        // The features change something: halved punctuation.
        let plain = run.withUTF16Text { buffer in
            measurer.shaper.shapeMarkingJoins(buffer, range: 0..<run.count, font: measurer.registry.primary,
                                              script: HB_SCRIPT_HAN, rightToLeft: false,
                                              language: ChromiumRules.language(for: HB_SCRIPT_HAN, content: nil)).advances
        }
        #expect(plain.reduce(0, +) > results[0].reduce(0, +))
    }
}
