/// The result of a masonry solve (see ``LayoutSnapshot``).
public typealias MasonrySnapshot = LayoutSnapshot<MasonryLayout>

extension LayoutSnapshot where Kind == MasonryLayout {
    /// Width of every column and every frame, in points.
    public var columnWidth: Double { placement.columnWidth }

    /// The y, in points, at which the next item placed in each column would start.
    var nextItemY: [Double] { placement.nextItemY }

    /// The index of the column the solve put the item at `index` in, or `nil` when out of
    /// range; the same at every container width, columns of no width included.
    public func column(ofItemAt index: Int) -> Int? {
        guard let frame = frame(at: index) else { return nil }
        let stride = columnWidth + layout.spacing
        guard stride > 0 else { return layout.columns > 1 ? Int(placement.itemColumns[index]) : 0 }
        return min(layout.columns - 1, Int(frame.x / stride + 0.5))  // x is column * stride
    }

    /// Places more items of the given heights (points); ``append(_:)`` under the name masonry
    /// callers know. On error the snapshot is left unchanged.
    public mutating func append(heights: [Double]) throws(LayoutError) {
        try append(heights)
    }

    /// Places more ``MasonryItem``s, computing each height at ``columnWidth``. Otherwise the
    /// same as ``append(heights:)``.
    public mutating func append(items: [MasonryItem]) throws(LayoutError) {
        let width = columnWidth
        try append(items.map { $0.height(columnWidth: width) })
    }

    /// A copy of this snapshot with more items appended; see ``append(heights:)``.
    ///
    /// - Complexity: Copies the snapshot's storage (O(*n*)); prefer ``append(heights:)`` on
    ///   a variable you own when paginating large collections.
    public func appending(heights: [Double]) throws(LayoutError) -> MasonrySnapshot {
        try appending(heights)
    }
}
