/// One laid-out line with the glyphs to draw it: the line
/// ``TextMeasurer/lines(of:width:)`` gives, and its runs in visual order.
public struct ShapedLine: Hashable, Sendable {
    /// The line's text as UTF-16 offsets from the start of the text,
    /// hanging trailing spaces included (as ``MeasuredLine/utf16Range``).
    public var utf16Range: Range<Int>
    /// Advance width of the line's content in points (as
    /// ``MeasuredLine/width``): the runs' advances add up to it.
    public var width: Double
    /// The line's height in points, without line spacing.
    public var height: Double
    /// The distance in points from the top of the line box down to its
    /// baseline, as the profile places it: under `.chromium` the tallest
    /// face box above the baseline among the line's faces and the primary
    /// face (half the leading above the tallest ascent); under `.pango` the
    /// top of the logical rectangle (the greatest ascent).
    public var baseline: Double
    /// Whether the line's paragraph is right to left: never under
    /// `.chromium` (a left-to-right block); under `.pango` when its first
    /// strong character is (Pango then aligns the line to the right).
    public var isRightToLeft: Bool
    /// The runs from left to right (visual order, UAX #9), the spaces that
    /// hang past the line's end left out.
    public var runs: [ShapedRun]

    public init(utf16Range: Range<Int>, width: Double, height: Double, baseline: Double, isRightToLeft: Bool,
                runs: [ShapedRun]) {
        self.utf16Range = utf16Range
        self.width = width
        self.height = height
        self.baseline = baseline
        self.isRightToLeft = isRightToLeft
        self.runs = runs
    }
}
