import Foundation
import Testing
import Typometer
import TypometerCorpus

/// Intrinsic widths (`minContentWidth(of:)`, `maxContentWidth(of:)`,
/// `size(of:width:)`) against the renderers' own, recorded by
/// `KIND=intrinsic Scripts/reference/generate` (`Corpus/reference/
/// <set>.<renderer>.intrinsic.jsonl`): Chromium 156's `width: min-content`
/// and `max-content` boxes, Pango 1.50's widest logical line at width 0
/// (`PANGO_WRAP_WORD`), at no width, and at the case's width under its clamp.
///
/// These hold where Typometer agrees exactly today; the other figures (Chromium
/// rounds each item of a line up to its `LayoutUnit`, which Typometer does not
/// model) are in Docs/fidelity.md.
@Suite struct IntrinsicWidthTests {
    struct Reference {
        let minContent: Double
        let maxContent: Double
        let widestLine: Double
    }

    static func references(_ set: String, _ renderer: ReferenceRenderer) throws -> [(ReferenceCase, Reference)] {
        let path = Corpus.root + "/Corpus/reference/\(set).\(renderer.rawValue).intrinsic.jsonl"
        let records = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let cases = try Corpus.cases(set)
        #expect(records.count == cases.count)
        return try zip(cases, records).compactMap { referenceCase, line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["id"] as? String == referenceCase.id)
            guard let minimum = (object["min_content"] as? NSNumber)?.doubleValue,
                  let maximum = (object["max_content"] as? NSNumber)?.doubleValue,
                  let widest = (object["widest_line"] as? NSNumber)?.doubleValue else { return nil }
            return (referenceCase, Reference(minContent: minimum, maxContent: maximum, widestLine: widest))
        }
    }

    static let store = try! TextMeasurerStore()

    static func measurer(_ referenceCase: ReferenceCase, _ renderer: ReferenceRenderer) throws -> TextMeasurer {
        try store.measurer(for: referenceCase.style(profile: renderer == .chromium ? .chromium : .pango))
    }

    /// The ids of the cases where `measure` differs from the reference's by
    /// more than 0.01 pt.
    static func mismatches(
        _ set: String, _ renderer: ReferenceRenderer,
        _ measure: (TextMeasurer, ReferenceCase) -> Double, _ expected: (Reference) -> Double
    ) throws -> [String] {
        try references(set, renderer).compactMap { referenceCase, reference in
            let value = measure(try measurer(referenceCase, renderer), referenceCase)
            return abs(value - expected(reference)) <= 0.01 ? nil : referenceCase.id
        }
    }

    @Test("Pango: min-content and max-content are Pango's widest lines at width 0 and unwrapped",
          arguments: ["fidelity", "holdout", "punctuation", "spaces"])
    func pangoContentWidths(set: String) throws {
        #expect(try Self.mismatches(set, .pango, { $0.minContentWidth(of: $1.text) }, \.minContent) == [])
        #expect(try Self.mismatches(set, .pango, { $0.maxContentWidth(of: $1.text) }, \.maxContent) == [])
    }

    @Test("Pango: the widest line at the case's width, under Pango's clamp, is Pango's",
          arguments: ["punctuation", "mixed", "spaces"])
    func pangoWidestLine(set: String) throws {
        #expect(try Self.mismatches(set, .pango, { $0.size(of: $1.text, width: $1.width).width }, \.widestLine) == [])
    }

    @Test("Chromium: max-content, rounded up to the LayoutUnit, is Chromium's max-content box",
          arguments: ["punctuation", "spaces"])
    func chromiumMaxContent(set: String) throws {
        #expect(try Self.mismatches(set, .chromium, { $0.maxContentWidth(of: $1.text) }, \.maxContent) == [])
    }

    @Test("Chromium: min-content is Chromium's min-content box, closing brackets at full width")
    func chromiumMinContent() throws {
        #expect(try Self.mismatches("punctuation", .chromium, { $0.minContentWidth(of: $1.text) }, \.minContent) == [])
    }

    // What a measure function relies on, on every core case: min-content is
    // at most max-content, and at max-content width no paragraph wraps.
    @Test("at its max-content width a text takes one line a paragraph", arguments: [RenderingProfile.chromium, .pango])
    func maxContentDoesNotWrap(profile: RenderingProfile) throws {
        for referenceCase in try Corpus.cases("core") where referenceCase.lineLimit == nil {
            let measurer = try Self.measurer(referenceCase, profile == .chromium ? .chromium : .pango)
            let text = referenceCase.text
            let maximum = measurer.maxContentWidth(of: text)
            #expect(measurer.minContentWidth(of: text) <= maximum, "\(referenceCase.id)")
            #expect(measurer.lineCount(of: text, width: maximum) == measurer.lineCount(of: text, width: .infinity),
                    "\(referenceCase.id)")
            #expect(measurer.size(of: text, width: .infinity).width <= maximum, "\(referenceCase.id)")
        }
    }
}
