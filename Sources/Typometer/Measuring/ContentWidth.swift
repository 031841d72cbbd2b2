/// The widest line, counting the white space that ends each paragraph: a
/// `max-content` box's width when nothing wraps. No line limit.
struct ContentWidth: LineSink {
    private(set) var widest = 0.0
    /// What the line from `start` to `end` is wider by than its advance
    /// (``MeasuringRules/keptLineEndSpacing(in:start:end:paragraph:wrapped:measurer:)``).
    let extra: (_ start: Int, _ end: Int) -> Double

    mutating func add(start: Int, end: Int, width: Double, endWhite: Double, faceMask: UInt64) -> Bool {
        widest = max(widest, width + endWhite + extra(start, end))
        return true
    }

    var lastLine: (start: Int, faceMask: UInt64)? { nil }

    mutating func reviseLastLine(height: Double, faceMask: UInt64, width: Double) {}
}
