/// Where a flow solve stopped: the open row, so that appending continues it exactly as a
/// full solve would.
///
/// Safe to share across threads.
public struct FlowPlacement: Hashable, Sendable {
    /// The row width, in points.
    public let containerWidth: Double
    /// Top of the open row, in points.
    public internal(set) var rowTop: Double
    /// Height of the open row so far (its tallest chip), in points.
    public internal(set) var rowHeight: Double
    /// Where the next chip in the open row would start, in points; 0 when the row is empty.
    public internal(set) var nextX: Double
    /// Whether the open row holds no chip yet.
    public internal(set) var rowIsEmpty: Bool
}
