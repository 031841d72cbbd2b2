extension VisibilityIndex {
    /// Replaces every frame with `newFrames` and rebuilds the index over them.
    ///
    /// - Complexity: O(*n*) for *n* frames, as building a new index.
    mutating func replaceFrames(with newFrames: [LayoutFrame]) {
        precondition(newFrames.count <= Int(Int32.max), "VisibilityIndex holds at most Int32.max frames")
        frames = newFrames
        rebuild()
    }

    /// Empties the index and returns its frame storage, emptied but with its capacity, so a
    /// re-solve can write into memory that is already mapped.
    mutating func removeAllFrames() -> [LayoutFrame] {
        var storage = frames
        frames = []
        storage.removeAll(keepingCapacity: true)
        rebuild()
        return storage
    }
}
