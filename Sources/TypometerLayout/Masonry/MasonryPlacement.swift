/// Where a masonry solve stopped: the column width and each column's next free y, so that
/// appending continues exactly where a full solve would.
///
/// Safe to share across threads.
public struct MasonryPlacement: Hashable, Sendable {
    /// Width of every column and every frame, in points.
    public let columnWidth: Double
    /// The y, in points, at which the next item placed in each column would start.
    public internal(set) var nextItemY: [Double]
    /// Bottom edge of the lowest item, in points; 0 before any item.
    public internal(set) var contentHeight: Double
    /// Each item's column, kept only where a frame's x cannot tell it: columns of no width
    /// with no spacing, all at x = 0 (a frame's x is its column times the column stride).
    var itemColumns: [Int32] = []
}
