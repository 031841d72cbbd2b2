/// The result of solving a ``Layout``: one frame per item, the content height, the
/// layout's placement state for appending, and a visibility index over the frames.
///
/// A snapshot is a value (appending mutates a variable you own, or returns a new value), so
/// it is safe to share across threads and to read from any thread. Frames are stored in one
/// flat array of four `Double`s per item; no object is allocated per item.
///
/// ```swift
/// var snapshot = try MasonryLayout(columns: 3, spacing: 8).snapshot(of: heights, containerWidth: 960)
/// try snapshot.append(moreHeights)                          // continues where the solve ended
/// snapshot.visibleItems(minY: scrollY, maxY: scrollY + 800)  // indices, in order
/// ```
public struct LayoutSnapshot<Kind: Layout>: Sendable {
    /// The layout that produced this snapshot.
    public let layout: Kind
    /// The container width of the solve, in points.
    public internal(set) var containerWidth: Double
    /// What the layout needs to place more items after the existing ones.
    public internal(set) var placement: Kind.Placement
    /// Height of the content, in points, as the layout reports it (for the layouts here, the
    /// bottom edge of the lowest item); 0 when there are no items.
    public internal(set) var contentHeight: Double
    /// The spatial index over ``frames``, rebuilt or extended with every append.
    public internal(set) var visibilityIndex: VisibilityIndex

    /// An empty snapshot for `layout` at `containerWidth`.
    ///
    /// - Throws: ``LayoutError/invalidContainerWidth(_:)`` when `containerWidth` is negative,
    ///   NaN or infinite, or another error the layout documents for its placement.
    public init(layout: Kind, containerWidth: Double) throws(LayoutError) {
        self.layout = layout
        self.containerWidth = containerWidth
        self.placement = try layout.placement(containerWidth: containerWidth)
        self.contentHeight = 0
        self.visibilityIndex = VisibilityIndex(frames: [])
    }

    /// One frame per item, in item order, in points.
    ///
    /// - Complexity: O(1); the array is shared, not copied.
    public var frames: [LayoutFrame] { visibilityIndex.frames }

    /// Number of items placed.
    public var count: Int { visibilityIndex.frames.count }

    /// Whether no items have been placed.
    public var isEmpty: Bool { visibilityIndex.frames.isEmpty }

    /// The frame of the item at `index`, or `nil` when `index` is out of range.
    public func frame(at index: Int) -> LayoutFrame? {
        let frames = visibilityIndex.frames
        return frames.indices.contains(index) ? frames[index] : nil
    }
}

extension Layout {
    /// Places `items` in a container `containerWidth` points wide and indexes the result for
    /// visibility queries.
    ///
    /// - Returns: A snapshot with one frame per item; no items give an empty snapshot whose
    ///   content height is 0.
    /// - Throws: ``LayoutError/invalidContainerWidth(_:)``, the layout's error for the first
    ///   bad item, or ``LayoutError/tooManyItems(_:)`` beyond `Int32.max` items.
    /// - Complexity: The layout's placement plus O(*n*) to index *n* frames.
    public func snapshot(of items: [Item], containerWidth: Double) throws(LayoutError) -> LayoutSnapshot<Self> {
        var snapshot = try LayoutSnapshot(layout: self, containerWidth: containerWidth)
        try snapshot.append(items)
        return snapshot
    }
}
