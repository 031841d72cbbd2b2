/// A segment of a styled text (a piece between two break opportunities of
/// the whole text), measured part by part in each part's style.
struct StyledSegment {
    var start: Int
    var end: Int
    var metrics: SegmentMetrics
    /// The indices of the parts it spans (their styles' boxes are on any
    /// line that holds it).
    var parts: Range<Int>
    /// The renderer's bits a line starting with this segment gets (beyond
    /// its faces), and the measurer whose registry they refer to.
    var lead: (bits: UInt64, measurer: Int)
}
