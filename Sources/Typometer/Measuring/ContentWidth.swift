/// The widest line, counting the white space that ends each paragraph: a
/// `max-content` box's width when nothing wraps. No line limit.
struct ContentWidth: LineSink {
    private(set) var widest = 0.0

    mutating func add(start: Int, end: Int, width: Double, endWhite: Double, faceMask: UInt64) -> Bool {
        widest = max(widest, width + endWhite)
        return true
    }

    var lastLine: (start: Int, faceMask: UInt64)? { nil }

    mutating func reviseLastLine(height: Double, faceMask: UInt64, width: Double) {}
}
