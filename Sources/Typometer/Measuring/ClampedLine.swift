/// The last line a line limit keeps, with what a renderer needs to draw it
/// otherwise than the unlimited layout's line (see
/// ``MeasuringRules/clampedLine(_:measurer:)``): where it starts, the rest
/// of its paragraph, and how the paragraphs before it ended.
struct ClampedLine<Rules: MeasuringRules> {
    /// The line's first UTF-16 offset in the text.
    let start: Int
    /// The line's faces in the unlimited layout (``FaceRegistry`` bits).
    let faceMask: UInt64
    /// The paragraph holding the line.
    let paragraph: Range<Int>
    /// The code unit ending each earlier paragraph, in order.
    let earlierParagraphEnds: [UInt16]
    /// The code unit ending the line's paragraph; `nil` at the end of the text.
    let paragraphEnd: UInt16?
    /// The layout's width in points, as the fitter sanitised it.
    let width: Double
    /// Calls its argument with each segment of the paragraph in order, from
    /// the paragraph's start, until that returns `false`.
    let forEachSegment: ((_ start: Int, _ end: Int, SegmentMetrics) -> Bool) -> Void
    /// The segment at `range` cluster by cluster.
    let interior: (_ range: Range<Int>) -> SegmentInterior<Rules>
}
