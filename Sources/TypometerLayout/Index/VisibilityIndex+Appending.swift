extension VisibilityIndex {
    /// Adds frames after the existing ones (their item indices continue from ``frames``'s
    /// count), re-indexing only the buckets the new frames reach.
    ///
    /// Falls back to a full rebuild when the new frames reach above the grid, have infinite
    /// edges, would need too many buckets, or are on average more than four times taller or
    /// shorter than the frames the grid was sized for — so query speed does not drift as a
    /// collection grows.
    ///
    /// - Complexity: O(*k* + *t*) for *k* new frames and the *t* entries already in the
    ///   buckets they reach (for masonry pagination, the bottom rows). O(*n*) on rebuild.
    public mutating func append(contentsOf newFrames: [LayoutFrame]) {
        precondition(newFrames.count <= Int(Int32.max) - frames.count,
                     "VisibilityIndex holds at most Int32.max frames")
        guard !newFrames.isEmpty else { return }
        let firstNew = frames.count
        if frames.isEmpty {
            frames = newFrames  // share, do not copy, the first page
            rebuild()
            return
        }
        if frames.capacity < frames.count + newFrames.count {
            frames.reserveCapacity(Self.capacityWithHeadroom(frames.count + newFrames.count))
        }
        frames.append(contentsOf: newFrames)

        let added = FrameStatistics(measuring: newFrames[...])
        finiteHeightSum += added.heightSum
        finiteHeightCount += added.finiteCount
        allExtentsFinite = allExtentsFinite && added.allFinite
        let (lowest, highest) = (added.lowest, added.highest)
        guard lowest <= highest else {
            // No new frame has a finite edge: each is unusable or infinite.
            if !added.allFinite { rebuild() }
            return
        }

        let mean = finiteHeightSum / Double(finiteHeightCount)
        let maximumCount = Self.maximumBucketCount(forFrameCount: frames.count)
        guard var newGrid = grid, allExtentsFinite, newGrid.inverseHeight > 0,
              lowest >= newGrid.origin,
              requestedBucketHeight != nil || !(mean > 4 * meanHeightAtBuild || 4 * mean < meanHeightAtBuild)
        else {
            rebuild()
            return
        }
        let bottomPosition = newGrid.position(highest)
        guard bottomPosition < Double(maximumCount) else {
            rebuild()
            return
        }
        let oldCount = newGrid.count
        newGrid.count = max(oldCount, Int(bottomPosition) + 1)
        grid = newGrid
        let first = min(newGrid.bucket(lowest), oldCount)
        if newGrid.count > oldCount {
            bucketStarts.append(contentsOf: repeatElement(bucketStarts[oldCount], count: newGrid.count - oldCount))
        }
        fill(fromBucket: first, items: firstNew..<frames.count, keepingEntriesBefore: oldCount)
    }
}
