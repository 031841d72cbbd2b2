/// Counts lines and adds up their heights, stopping at the line limit.
struct LineTotals<Rules: MeasuringRules>: LineSink {
    let heights: LineHeights
    let limit: Int
    let lineSpacing: Double
    private(set) var count = 0
    private(set) var height = 0.0
    /// The widest line's width as the renderer reports it.
    private(set) var widest = 0.0
    /// The last line, for a renderer that revises it (Pango's clamp).
    private var last = (start: 0, faceMask: UInt64(0), height: 0.0)

    init(heights: LineHeights, limit: Int?, lineSpacing: Double) {
        self.heights = heights
        self.limit = limit ?? Int.max
        self.lineSpacing = lineSpacing
    }

    mutating func add(start: Int, end: Int, width: Double, endWhite: Double, faceMask: UInt64) -> Bool {
        if count > 0 { height += lineSpacing }
        let lineHeight = heights.height(of: faceMask, rules: Rules.self)
        height += lineHeight
        widest = max(widest, Rules.traits.lineWidthsCountParagraphEndWhite ? width + endWhite : width)
        if Rules.traits.revisesClampedLines { last = (start, faceMask, lineHeight) }
        count += 1
        return count < limit
    }

    var lastLine: (start: Int, faceMask: UInt64)? { count > 0 ? (last.start, last.faceMask) : nil }

    mutating func reviseLastLine(height lineHeight: Double, faceMask: UInt64, width: Double) {
        guard count > 0 else { return }
        widest = max(widest, width)
        height += lineHeight - last.height
        last = (last.start, faceMask, lineHeight)
    }
}
