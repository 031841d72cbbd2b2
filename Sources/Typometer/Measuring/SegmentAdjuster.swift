/// Changes what a segment measures before a line takes it: a styled
/// text's runs, measured in their own styles, laid out by the plain pass.
protocol SegmentAdjuster {
    /// Called as each paragraph (UTF-16 offsets) starts.
    mutating func beginParagraph(_ paragraph: Range<Int>)
    /// Sets `metrics` to what segment `start..<end` measures; returns
    /// whether it changed them.
    mutating func adjust(start: Int, end: Int, metrics: inout SegmentMetrics) -> Bool
    /// Called when the inside of an adjusted segment is asked for (a word
    /// broken between clusters, tabs), which the plain pass measures in the
    /// block's style only.
    mutating func insideAsked()
}

/// The plain pass's adjuster: changes nothing. It holds a byte so that
/// each call's copy has an address of its own (ThreadSanitizer takes the
/// one address all empty values share for a race between threads).
struct NoSegmentAdjustment: SegmentAdjuster {
    private var unused: UInt8 = 0

    @inline(__always)
    mutating func beginParagraph(_ paragraph: Range<Int>) {}
    @inline(__always)
    mutating func adjust(start: Int, end: Int, metrics: inout SegmentMetrics) -> Bool { false }
    @inline(__always)
    mutating func insideAsked() {}
}
