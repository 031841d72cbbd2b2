/// Receives the lines line fitting produces; the counting sink keeps only
/// totals so measuring allocates nothing per line.
protocol LineSink {
    /// Takes a line, its content's width (trailing white space hanging) and,
    /// for the last line of a paragraph, the white space after its content
    /// (`endWhite`, else 0); returns `false` once no more lines are wanted.
    mutating func add(start: Int, end: Int, width: Double, endWhite: Double, faceMask: UInt64) -> Bool
    /// Where the last line taken starts and its faces; `nil` before the first.
    var lastLine: (start: Int, faceMask: UInt64)? { get }
    /// Gives the last line taken another height, faces and width: the
    /// renderer draws the last line a limit keeps otherwise than the same
    /// line of the unlimited layout (Pango's ellipsis).
    mutating func reviseLastLine(height: Double, faceMask: UInt64, width: Double)
}
