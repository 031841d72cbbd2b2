import Testing
import Typometer
import TypometerCorpus

/// The core behaviour cases (`Corpus/cases/core.jsonl`: scripts, fallback,
/// emoji, bidi, URLs, break-word, hard breaks, spaces, empty text, tiny and
/// huge widths, line limits) against what the renderers drew for them
/// (`Corpus/reference/core.*.jsonl`, recorded by `Scripts/reference/generate`
/// from headless Chromium 156 and Pango 1.50 on the bundled font files).
@Suite struct CoreReferenceTests {
    static let store = try! TextMeasurerStore()
    static let chromiumPairs = try! Corpus.pairs("core", renderer: .chromium)
    static let pangoPairs = try! Corpus.pairs("core", renderer: .pango)

    static func measurer(for referenceCase: ReferenceCase, profile: RenderingProfile) throws -> TextMeasurer {
        try store.measurer(for: TextStyle(
            font: .file(path: Corpus.fontPath(referenceCase.font)), size: referenceCase.size,
            lineLimit: referenceCase.lineLimit, profile: profile, language: referenceCase.language))
    }

    @Test("every core case breaks lines where Chromium does and is exactly as tall",
          arguments: chromiumPairs.map(\.0.id))
    func matchesChromium(id: String) throws {
        let (referenceCase, reference) = try #require(Self.chromiumPairs.first { $0.0.id == id })
        let measurer = try Self.measurer(for: referenceCase, profile: .chromium)
        let lines = measurer.lines(of: referenceCase.text, width: referenceCase.width)
        #expect(lines.map(\.utf16Range.lowerBound) == reference.lineStarts, "\(referenceCase.note ?? "")")
        #expect(measurer.lineCount(of: referenceCase.text, width: referenceCase.width) == reference.lines)
        let height = measurer.height(of: referenceCase.text, width: referenceCase.width)
        #expect(abs(height - (reference.height ?? .nan)) <= 0.01, "\(referenceCase.note ?? "")")
    }

    // A prepared text is laid out by arithmetic over its segments, and takes
    // the text again only where a line restarts Blink's break iterator.
    @Test("every core case, prepared, breaks lines where Chromium does",
          arguments: chromiumPairs.map(\.0.id))
    func preparedMatchesChromium(id: String) throws {
        let (referenceCase, reference) = try #require(Self.chromiumPairs.first { $0.0.id == id })
        let measurer = try Self.measurer(for: referenceCase, profile: .chromium)
        let prepared = measurer.prepare(referenceCase.text)
        let lines = measurer.lines(of: prepared, width: referenceCase.width)
        #expect(lines.map(\.utf16Range.lowerBound) == reference.lineStarts, "\(referenceCase.note ?? "")")
    }

    @Test("no core case is shorter than Pango draws it",
          arguments: pangoPairs.map(\.0.id))
    func neverShorterThanPango(id: String) throws {
        let (referenceCase, reference) = try #require(Self.pangoPairs.first { $0.0.id == id })
        let measurer = try Self.measurer(for: referenceCase, profile: .pango)
        let height = measurer.height(of: referenceCase.text, width: referenceCase.width)
        #expect(height >= (reference.height ?? .infinity) - 0.01, "\(referenceCase.note ?? "")")
    }

    @Test("core cases take as many lines as in Pango, but for the listed disagreements")
    func matchesPangoLineCounts() throws {
        var disagreements: [String] = []
        for (referenceCase, reference) in Self.pangoPairs {
            let measurer = try Self.measurer(for: referenceCase, profile: .pango)
            if measurer.lineCount(of: referenceCase.text, width: referenceCase.width) != reference.lines {
                disagreements.append(referenceCase.id)
            }
        }
        // Each is explained in Corpus/README.md, "Known disagreements".
        #expect(disagreements == PangoKnownDisagreements.core)
    }
}
