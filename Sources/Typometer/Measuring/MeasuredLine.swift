/// One laid-out line, for debugging and drawing.
public struct MeasuredLine: Hashable, Sendable {
    /// The line's text, hanging trailing spaces included; the hard break
    /// that ends a paragraph is not part of any line.
    public var range: Range<String.Index>
    /// The same range in UTF-16 code units from the start of the text.
    public var utf16Range: Range<Int>
    /// Advance width of the line's content in points, without trailing
    /// spaces (they hang) but with the hyphen drawn at a soft hyphen.
    public var width: Double
    /// The line's height in points (without line spacing).
    public var height: Double
}
