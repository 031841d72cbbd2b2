/// Receives the lines line fitting produces; the counting sink keeps only
/// totals so measuring allocates nothing per line.
protocol LineSink {
    /// Takes a line; returns `false` once no more lines are wanted.
    mutating func add(start: Int, end: Int, width: Double, faceMask: UInt64) -> Bool
}
