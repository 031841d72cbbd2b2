extension MasonrySnapshot {
    /// Pins the scroll position `offset` points below the top of item `index`.
    ///
    /// The anchor identifies the item by its index, which stays right across width changes
    /// and appends; when items may be inserted before it, use ``anchor(for:id:offset:)`` with
    /// a stable identifier instead.
    public func anchor(for index: Int, offset: Double) -> MasonryAnchor<Int> {
        MasonryAnchor(id: index, offset: offset)
    }

    /// Pins the scroll position `offset` points below the top of item `index`, identified
    /// across solves by `id`.
    public func anchor<ID: Hashable & Sendable>(for index: Int, id: ID, offset: Double) -> MasonryAnchor<ID> {
        MasonryAnchor(id: id, offset: offset)
    }

    /// The anchor for a viewport whose top edge is at `scrollOffset` points: the item
    /// reaching the viewport's top edge (or, in a gap, the first one below it) with the
    /// smallest top edge, the lowest index on a tie, and the offset of `scrollOffset` from
    /// that item's top.
    ///
    /// Returns `nil` when no item reaches `scrollOffset` or below (empty snapshot, or
    /// scrolled past the content).
    ///
    /// - Complexity: Follows the items near `scrollOffset`, widening the search window by
    ///   doubling only across gaps.
    public func anchor(atScrollOffset scrollOffset: Double) -> MasonryAnchor<Int>? {
        guard scrollOffset.isFinite else { return nil }
        let top = max(scrollOffset, 0)  // masonry content starts at y = 0
        guard top <= contentHeight else { return nil }
        var window = max(visibilityIndex.bucketHeight ?? 1, 1)
        while true {
            let candidates = visibleItems(minY: top, maxY: top + window)
            if let best = candidates.min(by: { frames[$0].y < frames[$1].y }) {
                return MasonryAnchor(id: best, offset: scrollOffset - frames[best].y)
            }
            if top + window > contentHeight { return nil }
            window *= 2
        }
    }

    /// The scroll offset, in points, that puts the anchored item where it was: its new top
    /// edge plus the anchor's offset. Not clamped to the content; `nil` when the index is out
    /// of range.
    public func scrollOffset(restoring anchor: MasonryAnchor<Int>) -> Double? {
        frame(at: anchor.id).map { $0.y + anchor.offset }
    }

    /// The scroll offset, in points, that puts the anchored item where it was, finding the
    /// item's new index with `index(of:)`. `nil` when the item is gone.
    public func scrollOffset<ID: Hashable & Sendable>(
        restoring anchor: MasonryAnchor<ID>, index: (ID) -> Int?
    ) -> Double? {
        guard let newIndex = index(anchor.id) else { return nil }
        return frame(at: newIndex).map { $0.y + anchor.offset }
    }
}
