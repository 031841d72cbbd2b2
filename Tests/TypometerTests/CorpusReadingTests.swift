import Foundation
import Testing
import TypometerCorpus
import TypometerJSONLines

/// The corpus reader without Foundation: its JSON records, its root and the
/// report's numbers, which must read and print as they did through
/// `JSONDecoder` and `String(format:)`.
@Suite struct CorpusReadingTests {
    static func record(_ json: String) throws -> InputRecord {
        try InputRecord(InputLine(number: 1, bytes: Array(json.utf8)))
    }

    @Test("the repository root holds the corpus")
    func rootHoldsTheCorpus() {
        #expect(FileManager.default.fileExists(atPath: Corpus.root + "/Corpus/cases/core.jsonl"))
        #expect(!Corpus.root.hasSuffix("/"))
    }

    @Test("a reference result reads its line starts, lines and height")
    func readsAResult() throws {
        let result = try ReferenceResult(Self.record(
            #"{"id":"core-0001","lines":3,"height":60.5,"line_starts":[0, 47 ,9.2e1]}"#))
        #expect(result.id == "core-0001" && result.lines == 3 && result.height == 60.5)
        #expect(result.lineStarts == [0, 47, 92])
        #expect(result.error == nil)
        #expect(try ReferenceResult(Self.record(#"{"id":"e","error":"timeout","line_starts":null}"#)).lineStarts == nil)
        #expect(try ReferenceResult(Self.record(#"{"id":"e","line_starts":[ ]}"#)).lineStarts == [])
    }

    @Test("line starts must be an array of whole, non-negative numbers",
          arguments: ["[1.5]", "[-1]", "[\"1\"]", "[1,[2]]", "[true]", "{}", "3", "\"[1]\""])
    func rejectsOtherLineStarts(value: String) throws {
        let record = try Self.record(#"{"id":"x","line_starts":"# + value + "}")
        #expect(throws: LineFailure.self) { try ReferenceResult(record) }
    }

    @Test("a case needs its text, font, size and width")
    func readsACase() throws {
        let line = #"{"id":"c","text":"a\u00e9","font":"Fonts/x.ttf","size":15,"width":320,"line_limit":null,"category":"latin"}"#
        let referenceCase = try ReferenceCase(Self.record(line))
        #expect(referenceCase.text == "aé" && referenceCase.size == 15 && referenceCase.width == 320)
        #expect(referenceCase.lineLimit == nil && referenceCase.note == nil && referenceCase.category == "latin")
        #expect(throws: LineFailure.self) { try ReferenceCase(Self.record(#"{"id":"c","text":"a","font":"f","size":15}"#)) }
    }

    @Test("numbers print as printf's %.Nf prints them, ties to even from the exact value")
    func fixedNotationMatchesPrintf() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [
            0, -0.0, 0.5, 1.5, 2.5, -2.5, 9.5, 0.125, 0.375, 0.005, 0.0005, 1.005, 2.675, 99.995, 100, -0.001,
            .leastNonzeroMagnitude, Double(bitPattern: 1 << 40), .leastNormalMagnitude,
            1e15, 1e16 + 2, 1e20, 1e300, .greatestFiniteMagnitude,
        ]
        // The report's ratios: i of n cases as a percentage.
        for cases in 1...200 { for matched in 0...cases { values.append(100 * Double(matched) / Double(cases)) } }
        for _ in 0..<5_000 {
            values.append(Double.random(in: -1000...1000, using: &generator))
            values.append(Double(Int.random(in: -100_000...100_000, using: &generator)) / 1000)
        }
        // Any double, however many digits it has (some have hundreds).
        for _ in 0..<50 { values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator))) }
        values += [.infinity, -.infinity, .nan, -.nan]
        var differences: [String] = []
        for value in values {
            for (places, width) in [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (2, 6)] {
                let expected = String(format: width > 0 ? "%\(width).\(places)f" : "%.\(places)f", value)
                let text = FixedNotation.text(value, places: places, width: width)
                if text != expected { differences.append("\(value) as %\(width).\(places)f: \(text), not \(expected)") }
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(10))")
    }
}
