/// A segment of a styled text (a piece between two break opportunities of
/// the whole text), measured part by part in each part's style.
struct StyledSegment {
    var start: Int
    var end: Int
    var metrics: SegmentMetrics
    /// The measurers of the parts it spans, as bits (``styleBit(_:)``), for
    /// lines that hold any of it.
    var styles: UInt64
    /// The renderer's bits a line starting with this segment gets (beyond
    /// its faces), and the measurer whose registry they refer to.
    var lead: (bits: UInt64, measurer: Int)

    /// The bit of measurer `index` in a mask of styles (the last bit stands
    /// for every measurer from 63 on).
    static func styleBit(_ index: Int) -> UInt64 { 1 << UInt64(min(index, 63)) }
}
