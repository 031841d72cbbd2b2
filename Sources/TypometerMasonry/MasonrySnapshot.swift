/// The result of a masonry solve: one frame per item, the content height, the column state
/// needed to append more items, and a visibility index over the frames.
///
/// A snapshot is an immutable value (appending produces a new value, or mutates a variable
/// you own), so it is safe to share across threads and to read from any thread.
///
/// Frames are stored in one flat array of four `Double`s per item; no object is allocated
/// per item.
public struct MasonrySnapshot: Sendable {
    /// The layout that produced this snapshot.
    public let layout: MasonryLayout
    /// The container width of the solve, in points.
    public let containerWidth: Double
    /// Width of every column and every frame, in points.
    public let columnWidth: Double
    /// Bottom edge of the lowest item, in points; 0 when there are no items.
    public internal(set) var contentHeight: Double
    /// The y, in points, at which the next item placed in each column would start. Kept so
    /// that appending continues exactly where a full solve would.
    var nextItemY: [Double]
    /// The spatial index over ``frames``, rebuilt or extended with every append.
    public internal(set) var visibilityIndex: MasonryVisibilityIndex

    /// An empty snapshot for `layout` at `containerWidth`.
    ///
    /// - Throws: ``MasonryError/invalidContainerWidth(_:)`` when `containerWidth` is negative,
    ///   NaN or infinite.
    public init(layout: MasonryLayout, containerWidth: Double) throws(MasonryError) {
        self.layout = layout
        self.containerWidth = containerWidth
        self.columnWidth = try layout.columnWidth(forContainerWidth: containerWidth)
        self.contentHeight = 0
        self.nextItemY = Array(repeating: 0, count: layout.columns)
        self.visibilityIndex = MasonryVisibilityIndex(frames: [])
    }

    /// One frame per item, in item order, in points.
    ///
    /// - Complexity: O(1); the array is shared, not copied.
    public var frames: [MasonryFrame] { visibilityIndex.frames }

    /// Number of items placed.
    public var count: Int { visibilityIndex.frames.count }

    /// Whether no items have been placed.
    public var isEmpty: Bool { visibilityIndex.frames.isEmpty }

    /// The frame of the item at `index`, or `nil` when `index` is out of range.
    public func frame(at index: Int) -> MasonryFrame? {
        let frames = visibilityIndex.frames
        return frames.indices.contains(index) ? frames[index] : nil
    }

    /// The index of the column holding the item at `index`, or `nil` when out of range.
    public func column(ofItemAt index: Int) -> Int? {
        guard let frame = frame(at: index) else { return nil }
        let stride = columnWidth + layout.spacing
        guard stride > 0 else { return 0 }
        return min(layout.columns - 1, Int(frame.x / stride + 0.5))  // x is column * stride
    }
}
