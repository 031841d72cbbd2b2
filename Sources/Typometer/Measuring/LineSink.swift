/// Receives the lines line fitting produces; the counting sink keeps only
/// totals so measuring allocates nothing per line.
protocol LineSink {
    /// Takes a line; returns `false` once no more lines are wanted.
    mutating func add(start: Int, end: Int, width: Double, faceMask: UInt64) -> Bool
}

/// Counts lines and adds up their heights, stopping at the line limit.
struct LineTotals: LineSink {
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
        height += heights.height(of: faceMask)
        count += 1
        return count < limit
    }
}

/// Collects every line with its range, up to the line limit.
struct LineCollector: LineSink {
    let heights: LineHeights
    let limit: Int
    private(set) var lines: [(start: Int, end: Int, width: Double, height: Double)] = []

    init(heights: LineHeights, limit: Int?) {
        self.heights = heights
        self.limit = limit ?? Int.max
    }

    mutating func add(start: Int, end: Int, width: Double, faceMask: UInt64) -> Bool {
        lines.append((start, end, width, heights.height(of: faceMask)))
        return lines.count < limit
    }
}
