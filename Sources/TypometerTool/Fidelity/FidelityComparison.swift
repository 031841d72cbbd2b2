import Foundation
import Typometer
import TypometerCorpus

/// Typometer measured over a corpus set beside one renderer's results.
///
/// Stands in for `TypometerCorpus.FidelityReport`, which is not on this
/// branch yet; it reports the same figures (exact line rate, short cases,
/// the table by category) and can be replaced by it once merged.
struct FidelityComparison: Sendable {
    /// One case measured by Typometer beside the renderer's result.
    struct Outcome: Sendable {
        var referenceCase: ReferenceCase
        var reference: ReferenceResult
        var lines: Int
        var height: Double
        /// UTF-16 offsets where Typometer's lines start.
        var lineStarts: [Int]

        var linesMatch: Bool { lines == reference.lines }
        /// Typometer's height minus the renderer's, in points.
        var heightDelta: Double { height - (reference.height ?? 0) }
        /// Shorter than the renderer drew (a clipped line), beyond rounding.
        var isShort: Bool { heightDelta < -0.01 }
    }

    let set: String
    let renderer: ReferenceRenderer
    let outcomes: [Outcome]

    /// Measures every case of `set` the renderer laid out, under the matching
    /// profile, on `threads` threads.
    /// - Throws: corpus read errors and ``TypometerError`` for a case's font.
    init(set: String, renderer: ReferenceRenderer, store: TextMeasurerStore, threads: Int) throws {
        let profile: RenderingProfile = renderer == .chromium ? .chromium : .pango
        let pairs = try Corpus.pairs(set, renderer: renderer).filter { $0.1.error == nil && $0.1.lines != nil }
        let measured = pairs.parallelMap(threads: threads) { pair -> Result<Outcome, Error> in
            Result {
                let (referenceCase, reference) = pair
                let measurer = try store.measurer(for: TextStyle(
                    font: .file(path: Corpus.fontPath(referenceCase.font)), size: referenceCase.size,
                    lineLimit: referenceCase.lineLimit, profile: profile))
                let lines = measurer.lines(of: referenceCase.text, width: referenceCase.width)
                return Outcome(
                    referenceCase: referenceCase, reference: reference, lines: lines.count,
                    height: measurer.height(of: referenceCase.text, width: referenceCase.width),
                    lineStarts: lines.map(\.utf16Range.lowerBound))
            }
        }
        self.set = set
        self.renderer = renderer
        self.outcomes = try measured.map { try $0.get() }
    }

    /// Share of cases with the renderer's line count, 0...1.
    var exactLineRate: Double { Self.rate(outcomes, where: \.linesMatch) }
    /// Cases measured shorter than the renderer drew them.
    var shortCases: [Outcome] { outcomes.filter(\.isShort) }
    /// Cases whose line count differs, worst first: by the line-count
    /// difference, then by the height difference.
    var worstMismatches: [Outcome] {
        outcomes.filter { !$0.linesMatch }.sorted {
            let left = abs($0.lines - ($0.reference.lines ?? 0)), right = abs($1.lines - ($1.reference.lines ?? 0))
            return left != right ? left > right : abs($0.heightDelta) > abs($1.heightDelta)
        }
    }

    /// A Markdown table by script (text category), width band, size band and
    /// line limit: cases, exact line count %, short cases, mean |Δ height|.
    func table() -> String {
        var rows: [(String, [Outcome])] = [("all", outcomes)]
        func group(_ title: String, _ key: (Outcome) -> String) {
            let groups = Dictionary(grouping: outcomes, by: key)
            for name in groups.keys.sorted() { rows.append(("\(title) \(name)", groups[name]!)) }
        }
        group("script") { $0.referenceCase.category ?? "core" }
        group("width") { Self.band($0.referenceCase.width, edges: [100, 200, 400]) }
        group("size") { Self.band($0.referenceCase.size, edges: [14, 20, 30]) }
        group("limit") { $0.referenceCase.lineLimit.map { "\($0)" } ?? "none" }
        var text = "| \(set) vs \(renderer.rawValue) | cases | exact lines | short | mean abs Δh (pt) |\n"
        text += "|---|---:|---:|---:|---:|\n"
        for (name, group) in rows {
            let meanDelta = group.map { abs($0.heightDelta) }.reduce(0, +) / Double(max(group.count, 1))
            text += "| \(name) | \(group.count) | " + String(format: "%.2f%%", 100 * Self.rate(group, where: \.linesMatch))
                + " | \(group.filter(\.isShort).count) | " + String(format: "%.3f", meanDelta) + " |\n"
        }
        return text
    }

    private static func rate(_ group: [Outcome], where predicate: (Outcome) -> Bool) -> Double {
        group.isEmpty ? 1 : Double(group.filter(predicate).count) / Double(group.count)
    }

    private static func band(_ value: Double, edges: [Double]) -> String {
        var lower = 0.0
        for edge in edges {
            if value < edge { return "\(Int(lower))–\(Int(edge))" }
            lower = edge
        }
        return "≥\(Int(lower))"
    }
}
