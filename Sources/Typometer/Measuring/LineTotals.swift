/// Counts lines and adds up their heights, stopping at the line limit.
struct LineTotals<Rules: LineHeightRules>: LineSink {
    let heights: LineHeights
    let limit: Int
    let lineSpacing: Double
    private(set) var count = 0
    private(set) var height = 0.0

    init(heights: LineHeights, limit: Int?, lineSpacing: Double) {
        self.heights = heights
        self.limit = limit ?? Int.max
        self.lineSpacing = lineSpacing
    }

    mutating func add(start: Int, end: Int, width: Double, faceMask: UInt64) -> Bool {
        if count > 0 { height += lineSpacing }
        height += heights.height(of: faceMask, rules: Rules.self)
        count += 1
        return count < limit
    }
}
