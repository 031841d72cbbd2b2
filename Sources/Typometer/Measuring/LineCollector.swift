/// Collects every line with its range, width, height and faces, up to the
/// line limit.
struct LineCollector<Rules: LineHeightRules & LineFittingRules>: LineSink {
    let heights: LineHeights
    let limit: Int
    private(set) var lines: [(start: Int, end: Int, width: Double, height: Double, faceMask: UInt64)] = []
    /// Whether the renderer revised the last line, the last the limit keeps
    /// (Pango's ellipsized line).
    private(set) var revisedLastLine = false

    init(heights: LineHeights, limit: Int?) {
        self.heights = heights
        self.limit = limit ?? Int.max
    }

    mutating func add(start: Int, end: Int, width: Double, endWhite: Double, faceMask: UInt64) -> Bool {
        let reported = Rules.traits.lineWidthsCountParagraphEndWhite ? width + endWhite : width
        lines.append((start, end, reported, heights.height(of: faceMask, rules: Rules.self), faceMask))
        return lines.count < limit
    }

    var lastLine: (start: Int, faceMask: UInt64)? { lines.last.map { ($0.start, $0.faceMask) } }

    mutating func reviseLastLine(height: Double, faceMask: UInt64, width: Double) {
        guard !lines.isEmpty else { return }
        lines[lines.count - 1].width = width
        lines[lines.count - 1].height = height
        lines[lines.count - 1].faceMask = faceMask
        revisedLastLine = true
    }
}
