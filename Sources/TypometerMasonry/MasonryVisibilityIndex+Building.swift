extension MasonryVisibilityIndex {
    /// The most buckets a grid may have for `frameCount` frames, keeping memory linear.
    static func maximumBucketCount(forFrameCount frameCount: Int) -> Int {
        2 * frameCount + 64
    }

    /// Rebuilds the grid, bucket table and oversized list from ``frames``.
    ///
    /// - Complexity: O(*n*): three passes over the frames.
    mutating func rebuild() {
        var lowest = Double.infinity
        var highest = -Double.infinity
        var heightSum = 0.0
        var heightCount = 0
        var allFinite = true
        var validCount = 0
        for frame in frames {
            guard let extent = Extent(origin: frame.y, length: frame.height),
                  Extent(origin: frame.x, length: frame.width) != nil else { continue }
            validCount += 1
            let lowFinite = extent.low.isFinite
            let highFinite = extent.high.isFinite
            if lowFinite {
                lowest = min(lowest, extent.low)
                highest = max(highest, extent.low)
            }
            if highFinite {
                lowest = min(lowest, extent.high)
                highest = max(highest, extent.high)
            }
            if lowFinite && highFinite {
                heightSum += extent.high - extent.low
                heightCount += 1
            } else {
                allFinite = false
            }
        }
        finiteHeightSum = heightSum
        finiteHeightCount = heightCount
        allExtentsFinite = allFinite
        let mean = heightCount > 0 ? heightSum / Double(heightCount) : 0
        meanHeightAtBuild = mean
        bucketItems = []
        oversizedItems = []
        guard validCount > 0 else {
            grid = nil
            bucketStarts = []
            return
        }
        if lowest > highest { (lowest, highest) = (0, 0) }  // only infinite edges

        let span = highest - lowest
        var height = requestedBucketHeight
            ?? (mean > 0 && mean.isFinite ? mean : (span > 0 ? span / Double(validCount) : 1))
        let maximumCount = Self.maximumBucketCount(forFrameCount: frames.count)
        if !(span / height < Double(maximumCount - 1)) {
            height = span / Double(maximumCount - 1)
        }
        var newGrid: BucketGrid
        if height > 0 && height < .infinity {
            newGrid = BucketGrid(origin: lowest, height: height, count: 1)
            let position = newGrid.position(highest)
            newGrid.count = position < Double(maximumCount) ? Int(position) + 1 : maximumCount
        } else {
            newGrid = BucketGrid(origin: lowest, height: .infinity, count: 1)
        }
        grid = newGrid
        bucketStarts = Array(repeating: 0, count: newGrid.count + 1)
        fill(fromBucket: 0, items: 0..<frames.count, keepingEntriesBefore: 0)
    }

    /// Replaces the bucket table from bucket `first` onward with the entries already there
    /// for items before `items.lowerBound`, followed by the entries for `items`; appends the
    /// oversized ones among `items` to the oversized list.
    ///
    /// Requires ``grid`` to be final, `bucketStarts` to have `grid.count + 1` entries that are
    /// valid up to `first` and hold the old table's starts (or zero) after it, and the old
    /// table's entries beyond `first` to involve only items before `items.lowerBound`.
    /// `oldBucketCount` is how many buckets the old table had.
    ///
    /// - Complexity: O(*k* + *t*) for *k* items and *t* entries kept from bucket `first` on.
    mutating func fill(fromBucket first: Int, items: Range<Int>, keepingEntriesBefore oldBucketCount: Int) {
        guard let grid else { return }
        let count = grid.count
        let threshold = Self.oversizeThreshold
        let tailStart = bucketStarts[first]
        // Entries kept from the old table, bucket by bucket.
        let keptEntries = Array(bucketItems[tailStart...])
        var keptCounts = Array(repeating: 0, count: count - first)
        for bucket in first..<min(oldBucketCount, count) {
            keptCounts[bucket - first] = bucketStarts[bucket + 1] - bucketStarts[bucket]
        }
        // Count the new items' entries per bucket.
        var newCounts = Array(repeating: 0, count: count - first)
        frames.withUnsafeBufferPointer { frames in
            for item in items {
                let frame = frames[item]
                guard let extent = Extent(origin: frame.y, length: frame.height),
                      Extent(origin: frame.x, length: frame.width) != nil else { continue }
                let top = grid.bucket(extent.low)
                let bottom = grid.bucket(extent.high)
                if bottom - top >= threshold {
                    oversizedItems.append(Int32(item))
                    continue
                }
                for bucket in top...bottom {
                    newCounts[bucket - first] += 1
                }
            }
        }
        // Prefix sums give the new starts; each bucket's cursor starts after its kept entries.
        var cursors = Array(repeating: 0, count: count - first)
        var position = tailStart
        var keptPosition = 0
        var total = tailStart
        for offset in 0..<(count - first) {
            total += keptCounts[offset] + newCounts[offset]
        }
        bucketItems.removeSubrange(tailStart...)
        bucketItems.append(contentsOf: repeatElement(0, count: total - tailStart))
        bucketItems.withUnsafeMutableBufferPointer { table in
            for offset in 0..<(count - first) {
                bucketStarts[first + offset] = position
                let kept = keptCounts[offset]
                for index in 0..<kept {
                    table[position + index] = keptEntries[keptPosition + index]
                }
                keptPosition += kept
                cursors[offset] = position + kept
                position += kept + newCounts[offset]
            }
            bucketStarts[count] = position
            frames.withUnsafeBufferPointer { frames in
                for item in items {
                    let frame = frames[item]
                    guard let extent = Extent(origin: frame.y, length: frame.height),
                          Extent(origin: frame.x, length: frame.width) != nil else { continue }
                    let top = grid.bucket(extent.low)
                    let bottom = grid.bucket(extent.high)
                    if bottom - top >= threshold { continue }
                    for bucket in top...bottom {
                        table[cursors[bucket - first]] = Int32(item)
                        cursors[bucket - first] += 1
                    }
                }
            }
        }
    }
}
