#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch
import Typometer

/// Typometer measured over a corpus set against one renderer's results.
public struct FidelityReport: Sendable {
    public let set: String
    public let renderer: ReferenceRenderer
    /// The screen the renderer laid the cases out on.
    public let devicePixelRatio: Double
    public let outcomes: [FidelityOutcome]
    /// Cases the renderer could not lay out (recorded with an error).
    public let skipped: [ReferenceResult]

    /// Measures every case of `set` under the profile matching `renderer`,
    /// on `threads` threads (one per online processor by default), against
    /// the renderer's results on a screen of `devicePixelRatio` (at a ratio
    /// other than 1, the sample of the set laid out there).
    /// - Throws: corpus read errors and ``TypometerError`` for a case's font.
    public init(
        set: String, renderer: ReferenceRenderer, fontSet: FontSet? = nil, threads: Int? = nil,
        devicePixelRatio: Double = 1
    ) throws {
        let store = try TextMeasurerStore(fontSet: fontSet)
        let profile: RenderingProfile = renderer == .chromium ? .chromium : .pango
        let pairs = try Corpus.pairs(set, renderer: renderer, devicePixelRatio: devicePixelRatio)
        let measured = pairs.filter { $0.1.error == nil && $0.1.lines != nil && $0.1.height != nil }
        let results = Results(count: measured.count)
        let threads = max(1, threads ?? sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in stride(from: thread, to: measured.count, by: threads) {
                let (referenceCase, reference) = measured[index]
                results.set(index, Result {
                    let measurer = try store.measurer(
                        for: referenceCase.style(profile: profile, devicePixelRatio: devicePixelRatio))
                    if let styled = referenceCase.styledText {
                        let lines = try measurer.lines(of: styled, width: referenceCase.width)
                        return FidelityOutcome(
                            referenceCase: referenceCase, reference: reference, lines: lines.count,
                            height: try measurer.height(of: styled, width: referenceCase.width),
                            lineStarts: lines.map(\.utf16Range.lowerBound))
                    }
                    let lines = measurer.lines(of: referenceCase.text, width: referenceCase.width)
                    return FidelityOutcome(
                        referenceCase: referenceCase, reference: reference, lines: lines.count,
                        height: measurer.height(of: referenceCase.text, width: referenceCase.width),
                        lineStarts: lines.map(\.utf16Range.lowerBound))
                })
            }
        }
        self.set = set
        self.renderer = renderer
        self.devicePixelRatio = devicePixelRatio
        self.outcomes = try results.values().map { try $0.get() }
        self.skipped = pairs.filter { $0.1.error != nil || $0.1.lines == nil || $0.1.height == nil }.map(\.1)
    }

    /// Per-case results written by several threads, each to its own slots
    /// (which is what makes the unchecked `Sendable` sound), and read once
    /// they have all finished: no lock needed.
    private final class Results: @unchecked Sendable {
        private let slots: UnsafeMutableBufferPointer<Result<FidelityOutcome, Error>?>
        init(count: Int) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil)
        }
        deinit {
            slots.deinitialize()
            slots.deallocate()
        }
        func set(_ index: Int, _ value: Result<FidelityOutcome, Error>) { slots[index] = value }
        func values() -> [Result<FidelityOutcome, Error>] { slots.map { $0! } }
    }

    /// Share of cases with the renderer's line count, 0...1.
    public var exactLineRate: Double { rate(of: outcomes, where: \.linesMatch) }
    /// Cases measured shorter than the renderer drew them.
    public var shortCases: [FidelityOutcome] { outcomes.filter(\.isShort) }
    /// The largest |Δ height| among cases whose line counts agree.
    public var largestHeightDeltaWhereLinesMatch: Double {
        outcomes.filter(\.linesMatch).map { abs($0.heightDelta) }.max() ?? 0
    }
    public var mismatches: [FidelityOutcome] { outcomes.filter { !$0.linesMatch } }
    /// Cases whose line count differs, worst first: by the line-count
    /// difference, then by the height difference.
    public var worstMismatches: [FidelityOutcome] {
        mismatches.sorted {
            let left = abs($0.lines - ($0.reference.lines ?? 0)), right = abs($1.lines - ($1.reference.lines ?? 0))
            return left != right ? left > right : abs($0.heightDelta) > abs($1.heightDelta)
        }
    }

    /// The table by category: script (text category), width band, size
    /// band and line limit, each row with cases, exact line count %, short
    /// cases and mean |Δ height| in points.
    public func table() -> String {
        var rows: [(String, [FidelityOutcome])] = [("all", outcomes)]
        func group(_ title: String, _ key: (FidelityOutcome) -> String) {
            let groups = Dictionary(grouping: outcomes, by: key)
            for name in groups.keys.sorted() { rows.append(("\(title) \(name)", groups[name]!)) }
        }
        group("script") { $0.referenceCase.category ?? "core" }
        group("width") { FidelityReport.band($0.referenceCase.width, edges: [100, 200, 400]) }
        group("size") { FidelityReport.band($0.referenceCase.size, edges: [14, 20, 30]) }
        group("limit") { $0.referenceCase.lineLimit.map { "\($0)" } ?? "none" }
        if outcomes.contains(where: { $0.referenceCase.language != nil }) {
            group("language") { $0.referenceCase.language ?? "default" }
        }
        var text = "| \(set) vs \(renderer.rawValue) | cases | exact lines | short | mean abs Δh (pt) |\n"
        text += "|---|---:|---:|---:|---:|\n"
        for (name, group) in rows {
            let meanDelta = group.map { abs($0.heightDelta) }.reduce(0, +) / Double(max(group.count, 1))
            text += "| \(name) | \(group.count) | "
                + FixedNotation.text(100 * rate(of: group, where: \.linesMatch), places: 2) + "%"
                + " | \(group.filter(\.isShort).count) | " + FixedNotation.text(meanDelta, places: 3) + " |\n"
        }
        return text
    }

    private func rate(of group: [FidelityOutcome], where predicate: (FidelityOutcome) -> Bool) -> Double {
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
