extension VisibilityIndex {
    /// Replaces every frame with `newFrames` and rebuilds the index over them, taking their
    /// statistics from `bounds` when the layout stated them (checked while the table is
    /// swept; measured when `nil` or wrong).
    ///
    /// - Complexity: O(*n*) for *n* frames, as building a new index; one pass fewer with
    ///   `bounds` when the frames' tops never decrease in item order.
    mutating func replaceFrames(with newFrames: [LayoutFrame], bounds: LayoutChange.Bounds?) {
        precondition(newFrames.count <= Int(Int32.max), "VisibilityIndex holds at most Int32.max frames")
        frames = newFrames
        if let bounds, rebuild(stating: bounds) { return }
        rebuild()
    }

    /// Empties the index and returns its frame storage, emptied but with its capacity, so a
    /// re-solve can write into memory that is already mapped; the bucket table keeps its
    /// storage for the next build likewise.
    mutating func removeAllFrames() -> [LayoutFrame] {
        var storage = frames
        frames = []
        storage.removeAll(keepingCapacity: true)
        record(FrameStatistics())
        grid = nil
        bucketStarts.removeAll(keepingCapacity: true)
        bucketItems.removeAll(keepingCapacity: true)
        oversizedItems = []
        return storage
    }
}
