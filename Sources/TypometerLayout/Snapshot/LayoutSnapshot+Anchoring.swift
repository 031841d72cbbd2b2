extension LayoutSnapshot {
    /// Pins the scroll position `offset` points below the top of item `index`.
    ///
    /// The anchor identifies the item by its index, which stays right across width changes
    /// and appends; when items may be inserted before it, use ``anchor(for:id:offset:)`` with
    /// a stable identifier instead.
    public func anchor(for index: Int, offset: Double) -> LayoutAnchor<Int> {
        LayoutAnchor(id: index, offset: offset)
    }

    /// Pins the scroll position `offset` points below the top of item `index`, identified
    /// across solves by `id`.
    public func anchor<ID: Hashable & Sendable>(for index: Int, id: ID, offset: Double) -> LayoutAnchor<ID> {
        LayoutAnchor(id: id, offset: offset)
    }

    /// The anchor for a viewport whose top edge is at `scrollOffset` points: the item
    /// reaching the viewport's top edge (or, in a gap, the first one below it) with the
    /// smallest top edge, the lowest index on a tie, and the offset of `scrollOffset` from
    /// that item's top. Works on any frames: overlapping, unordered, above y = 0. An offset
    /// above the content anchors to the item at the content's top.
    ///
    /// An item's top edge is the smaller of `y` and `y + height` (a negative height extends
    /// upward).
    ///
    /// Returns `nil` when no item reaches `scrollOffset` or below (empty snapshot, or
    /// scrolled past the content), or when `scrollOffset` is not finite.
    ///
    /// - Complexity: Follows the items near `scrollOffset`, widening the search window by
    ///   doubling only across gaps.
    public func anchor(atScrollOffset scrollOffset: Double) -> LayoutAnchor<Int>? {
        guard scrollOffset.isFinite, let grid = visibilityIndex.grid else { return nil }
        // The grid starts at the lowest finite edge.
        let top = max(scrollOffset, grid.origin.isFinite ? grid.origin : scrollOffset)
        let frames = self.frames
        var window = max(grid.height, 1)
        while true {
            // A window reaching the last bucket searches to infinity, and so everything: where
            // the buckets end is not computed, as in floating point it may round short of the
            // lowest bottom edge.
            let bottom = grid.bucket(top + window) < grid.count - 1 ? top + window : .infinity
            let candidates = visibleItems(minY: top, maxY: bottom)
            if let best = candidates.min(by: { Self.topEdge(frames[$0]) < Self.topEdge(frames[$1]) }) {
                return LayoutAnchor(id: best, offset: scrollOffset - Self.topEdge(frames[best]))
            }
            if bottom == .infinity { return nil }
            window *= 2
        }
    }

    /// The scroll offset, in points, that puts the anchored item where it was: its new top
    /// edge plus the anchor's offset, so a width change keeps the item on screen. When the
    /// item has become no taller than the offset (it would sit wholly above the viewport),
    /// the offset is taken as 0: the item's top at the viewport's top. Not clamped to the
    /// content; `nil` when the index is out of range.
    public func scrollOffset(restoring anchor: LayoutAnchor<Int>) -> Double? {
        frame(at: anchor.id).map { Self.scrollOffset(restoring: anchor.offset, on: $0) }
    }

    /// The scroll offset, in points, that puts the anchored item where it was, finding the
    /// item's new index with `index(of:)`; the same rule as ``scrollOffset(restoring:)``.
    /// `nil` when the item is gone.
    public func scrollOffset<ID: Hashable & Sendable>(
        restoring anchor: LayoutAnchor<ID>, index: (ID) -> Int?
    ) -> Double? {
        guard let newIndex = index(anchor.id) else { return nil }
        return frame(at: newIndex).map { Self.scrollOffset(restoring: anchor.offset, on: $0) }
    }

    private static func scrollOffset(restoring offset: Double, on frame: LayoutFrame) -> Double {
        let height = abs(frame.height)
        return topEdge(frame) + (offset < height ? offset : 0)
    }

    /// The smaller of a frame's vertical edges, in points.
    private static func topEdge(_ frame: LayoutFrame) -> Double {
        frame.height < 0 ? frame.y + frame.height : frame.y
    }
}
