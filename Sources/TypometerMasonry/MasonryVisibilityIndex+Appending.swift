extension MasonryVisibilityIndex {
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
    public mutating func append(contentsOf newFrames: [MasonryFrame]) {
        precondition(newFrames.count <= Int(Int32.max) - frames.count,
                     "MasonryVisibilityIndex holds at most Int32.max frames")
        guard !newFrames.isEmpty else { return }
        let firstNew = frames.count
        frames.append(contentsOf: newFrames)

        var lowest = Double.infinity
        var highest = -Double.infinity
        var allFinite = true
        for frame in newFrames {
            guard let extent = Extent(origin: frame.y, length: frame.height),
                  Extent(origin: frame.x, length: frame.width) != nil else { continue }
            if extent.low.isFinite && extent.high.isFinite {
                lowest = min(lowest, extent.low)
                highest = max(highest, extent.high)
                finiteHeightSum += extent.high - extent.low
                finiteHeightCount += 1
            } else {
                allFinite = false
            }
        }
        allExtentsFinite = allExtentsFinite && allFinite
        guard lowest <= highest else {
            // Every new frame has a NaN edge: none of them is indexed.
            if !allFinite { rebuild() }
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
