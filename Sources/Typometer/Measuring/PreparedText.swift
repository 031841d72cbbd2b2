/// A text analysed once for one style, independent of width: its break
/// opportunities and the advance of every segment between them. Measuring a
/// prepared text at a width is arithmetic over those advances, so a width
/// change re-measures without shaping again.
///
/// Opaque on purpose; get one from ``TextMeasurer/prepare(_:)`` and measure
/// it with the same measurer. A value type, safe to share across threads.
public struct PreparedText: Sendable {
    /// The style the text was prepared for.
    public let style: TextStyle
    /// The text's length in UTF-16 code units.
    public var utf16Count: Int { units.count }

    let text: String
    let units: [UInt16]
    /// Each paragraph's code-unit range and its segments' range in
    /// `segmentEnds` and `metrics`.
    let paragraphs: [(units: Range<Int>, segments: Range<Int>)]
    /// End offset (absolute, UTF-16) of each segment; a segment starts where
    /// the previous one in its paragraph ends.
    let segmentEnds: [Int]
    let metrics: [SegmentMetrics]
}
