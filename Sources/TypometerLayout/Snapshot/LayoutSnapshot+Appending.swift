extension LayoutSnapshot {
    /// Places more items after the existing ones, exactly as a full solve of all items
    /// would place them, and extends the visibility index (or rebuilds it when the layout
    /// moved earlier frames, as a timeline does).
    ///
    /// On error the snapshot is left unchanged.
    ///
    /// - Throws: The layout's error for the first bad item (its index counts from the start
    ///   of the whole snapshot) or ``LayoutError/tooManyItems(_:)``.
    /// - Complexity: The layout's placement of the new items, plus re-indexing only the
    ///   bottom of the content that new items reach; O(*n*) when the layout re-places every
    ///   item. The snapshot's storage is copied first if another copy of this snapshot is
    ///   still alive (copy-on-write).
    public mutating func append(_ items: [Kind.Item]) throws(LayoutError) {
        let start = count
        guard items.count <= Int(Int32.max) - start else { throw .tooManyItems(start + items.count) }
        guard !items.isEmpty else { return }
        var updated = placement
        // The first page becomes the index's storage: leave room for the pages that follow.
        var placed = [LayoutFrame](hugePageCapacity: start == 0 ? VisibilityIndex.capacityWithHeadroom(items.count)
                                                                 : items.count)
        let change = try layout.place(items, firstIndex: start, in: &updated, into: &placed)
        placement = updated
        contentHeight = change.contentHeight
        if start == 0 || change.replacesEarlierFrames {
            visibilityIndex.replaceFrames(with: placed, bounds: change.bounds)
        } else {
            visibilityIndex.append(contentsOf: placed)
        }
    }

    /// A copy of this snapshot with more items appended; see ``append(_:)``.
    ///
    /// - Complexity: Copies the snapshot's storage (O(*n*)); prefer ``append(_:)`` on a
    ///   variable you own when paginating large collections.
    public func appending(_ items: [Kind.Item]) throws(LayoutError) -> LayoutSnapshot {
        var copy = self
        try copy.append(items)
        return copy
    }

    /// Solves `items` afresh at `containerWidth` (a width change, a new item list), reusing
    /// this snapshot's storage for the frames and the index when no other copy shares it.
    ///
    /// Gives the frames, content height and visibility answers of a new snapshot of the same
    /// items, without the page faults of fresh memory on every solve: keep one snapshot per
    /// screen and re-solve it as its width changes.
    ///
    /// - Throws: What ``Layout/snapshot(of:containerWidth:)`` throws. A bad width or too many
    ///   items change nothing; a bad item leaves the snapshot empty at the new width.
    /// - Complexity: The layout's placement plus O(*n*) to index *n* frames.
    public mutating func solve(_ items: [Kind.Item], containerWidth: Double) throws(LayoutError) {
        let fresh = try layout.placement(containerWidth: containerWidth)
        guard items.count <= Int(Int32.max) else { throw .tooManyItems(items.count) }
        var storage = visibilityIndex.removeAllFrames()
        placement = fresh
        self.containerWidth = containerWidth
        contentHeight = 0
        guard !items.isEmpty else { return }
        var updated = fresh
        let change = try layout.place(items, firstIndex: 0, in: &updated, into: &storage)
        placement = updated
        contentHeight = change.contentHeight
        visibilityIndex.replaceFrames(with: storage, bounds: change.bounds)
    }
}
