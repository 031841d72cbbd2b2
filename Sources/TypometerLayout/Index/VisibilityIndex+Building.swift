extension VisibilityIndex {
    /// The most buckets a grid may have for `frameCount` frames, keeping memory linear.
    static func maximumBucketCount(forFrameCount frameCount: Int) -> Int {
        2 * frameCount + 64
    }

    /// Rebuilds the grid, bucket table and oversized list from ``frames``, measuring their
    /// statistics first.
    ///
    /// - Complexity: O(*n*): two passes over the frames when their tops are in order (masonry
    ///   output), otherwise three.
    mutating func rebuild() {
        let statistics = FrameStatistics(measuring: frames[...])
        record(statistics)
        oversizedItems = []
        grid = Self.grid(for: statistics, frameCount: frames.count, requestedBucketHeight: requestedBucketHeight)
        guard let newGrid = grid else {
            bucketStarts = []
            bucketItems = []
            return
        }
        if statistics.allFinite, let swept = sweptTable(grid: newGrid, statistics: statistics, within: nil) {
            (bucketStarts, bucketItems, oversizedItems) = swept
        } else {
            buildTable()
        }
    }

    /// Keeps the statistics of a full build, which later appends compare against.
    mutating func record(_ statistics: FrameStatistics) {
        finiteHeightSum = statistics.heightSum
        finiteHeightCount = statistics.finiteCount
        allExtentsFinite = statistics.allFinite
        meanHeightAtBuild = Self.meanHeight(statistics)
    }

    /// Mean finite frame height, in points; 0 when no frame is finite.
    private static func meanHeight(_ statistics: FrameStatistics) -> Double {
        statistics.finiteCount > 0 ? statistics.heightSum / Double(statistics.finiteCount) : 0
    }

    /// The grid a full build uses for `frameCount` frames with `statistics`: buckets of
    /// `requestedBucketHeight`, or else the mean height, made taller when that would need
    /// more than ``maximumBucketCount(forFrameCount:)`` buckets. `nil` when no frame is valid.
    static func grid(for statistics: FrameStatistics, frameCount: Int,
                     requestedBucketHeight: Double?) -> BucketGrid? {
        guard statistics.validCount > 0 else { return nil }
        var (lowest, highest) = (statistics.lowest, statistics.highest)
        if lowest > highest { (lowest, highest) = (0, 0) }  // only infinite edges

        let mean = meanHeight(statistics)
        let span = highest - lowest
        var height = requestedBucketHeight
            ?? (mean > 0 && mean.isFinite ? mean : (span > 0 ? span / Double(statistics.validCount) : 1))
        let maximumCount = maximumBucketCount(forFrameCount: frameCount)
        if !(span / height < Double(maximumCount - 1)) {
            height = span / Double(maximumCount - 1)
        }
        guard height > 0 && height < .infinity else {
            return BucketGrid(origin: lowest, height: .infinity, count: 1)
        }
        var grid = BucketGrid(origin: lowest, height: height, count: 1)
        let position = grid.position(highest)
        grid.count = position < Double(maximumCount) ? Int(position) + 1 : maximumCount
        return grid
    }

    /// Rebuilds from statistics the layout stated instead of measuring them, when the
    /// frames' tops never decrease in item order and every frame lies within `bounds` (the
    /// sweep checks both as it goes). Returns `false`, having changed nothing, otherwise.
    mutating func rebuild(stating bounds: LayoutChange.Bounds) -> Bool {
        let stated = FrameStatistics(lowest: bounds.lowest, highest: bounds.highest, heightSum: bounds.heightSum,
                                     count: frames.count)
        guard stated.lowest <= stated.highest, stated.lowest.isFinite, stated.highest.isFinite,
              stated.heightSum >= 0, stated.heightSum.isFinite,
              let newGrid = Self.grid(for: stated, frameCount: frames.count, requestedBucketHeight: requestedBucketHeight),
              let swept = sweptTable(grid: newGrid, statistics: stated, within: (stated.lowest, stated.highest))
        else { return false }
        record(stated)
        grid = newGrid
        (bucketStarts, bucketItems, oversizedItems) = swept
        return true
    }

    /// ``sweptTable(of:grid:capacity:)`` over ``frames``, with room for as many entries as
    /// frames of these statistics can make: a frame of height *h* reaches at most
    /// *h* / bucket height + 2 buckets. `nil` when the frames' tops are not in order, or
    /// one is unusable or outside `bounds` (lowest top, highest bottom) when given.
    /// The table is written into the current table's storage when no other copy of the
    /// index shares it (it is given up either way).
    private mutating func sweptTable(grid: BucketGrid, statistics: FrameStatistics, within bounds: (Double, Double)?)
        -> (starts: [Int], table: [Int32], oversized: [Int32])? {
        let count = statistics.validCount
        let most = Self.oversizeThreshold * count
        let crossings = statistics.heightSum * grid.inverseHeight
        guard crossings < Double(most) else { return nil }
        let bound = min(most, 2 * count + Int(crossings) + count / 1024 + 16)
        let spare = (bucketStarts, bucketItems)
        (bucketStarts, bucketItems) = ([], [])
        return frames.withUnsafeBufferPointer { frames in
            Self.sweptTable(of: frames, grid: grid, capacity: Self.capacityWithHeadroom(bound), within: bounds,
                            reusing: spare)
        }
    }

    /// Builds the whole bucket table for ``grid`` in two passes, counting into
    /// ``bucketStarts`` and using it as the fill cursor, so no scratch arrays are allocated.
    private mutating func buildTable() {
        guard let grid else { return }
        var starts = [Int](repeating: 0, count: grid.count + 1)
        var oversized: [Int32] = []
        var table: [Int32] = []
        frames.withUnsafeBufferPointer { frames in
            starts.withUnsafeMutableBufferPointer { starts in
                // Count each bucket's entries into the slot after it.
                let counts = UnsafeMutableBufferPointer(rebasing: starts[1...])
                Self.countAllEntries(of: frames, grid: grid, into: counts, oversized: &oversized)
                // Exclusive prefix sums: starts[b + 1] becomes the start of bucket b ...
                var total = 0
                for bucket in 1..<starts.count {
                    let size = starts[bucket]
                    starts[bucket] = total
                    total += size
                }
                table = [Int32](unsafeUninitializedCapacity: Self.capacityWithHeadroom(total)) { table, initialized in
                    HugePages.advise(table)
                    // ... and, used as cursors, ends up as its end: the start of bucket b + 1.
                    let cursors = UnsafeMutableBufferPointer(rebasing: starts[1...])
                    Self.placeAllEntries(of: frames, grid: grid, cursors: cursors, table: table, spareSlot: total)
                    initialized = total
                }
            }
        }
        bucketStarts = starts
        bucketItems = table
        oversizedItems = oversized
    }

    /// Replaces the bucket table from bucket `first` onward with the entries already there
    /// for items before `items.lowerBound`, followed by the entries for `items`; appends the
    /// oversized ones among `items` to the oversized list.
    ///
    /// Requires ``grid`` to be final, `bucketStarts` to have `grid.count + 1` entries that are
    /// valid up to `first` and hold the old table's starts (or its end) after it, and the old
    /// table's entries beyond `first` to involve only items before `items.lowerBound`.
    /// `oldBucketCount` is how many buckets the old table had.
    ///
    /// - Complexity: O(*k* + *t* + *b*) for *k* items, *t* entries kept from bucket `first`
    ///   on, and *b* buckets from `first` on.
    mutating func fill(fromBucket first: Int, items: Range<Int>, keepingEntriesBefore oldBucketCount: Int) {
        guard let grid else { return }
        let tailBuckets = grid.count - first
        let tailStart = bucketStarts[first]
        let keptEntries = Array(bucketItems[tailStart...])

        // sizes[b] = entries bucket `first + b` will hold; kept entries first.
        var sizes = [Int](repeating: 0, count: tailBuckets)
        for bucket in first..<min(oldBucketCount, grid.count) {
            sizes[bucket - first] = bucketStarts[bucket + 1] - bucketStarts[bucket]
        }
        let keptSizes = sizes
        frames.withUnsafeBufferPointer { frames in
            sizes.withUnsafeMutableBufferPointer { sizes in
                Self.countEntries(of: frames, items: items, grid: grid, firstBucket: first,
                                  into: sizes, oversized: &oversizedItems)
            }
        }

        // Starts from prefix sums; each bucket's kept entries are copied to its front.
        bucketItems.removeSubrange(tailStart...)
        var total = tailStart
        for size in sizes { total += size }
        if bucketItems.capacity < total {
            bucketItems.reserveCapacity(Self.capacityWithHeadroom(total))
        }
        bucketItems.append(contentsOf: repeatElement(0, count: total - tailStart))
        var cursors = [Int](repeating: 0, count: tailBuckets)
        var position = tailStart
        var keptPosition = 0
        for offset in 0..<tailBuckets {
            bucketStarts[first + offset] = position
            let kept = keptSizes[offset]
            if kept > 0 {
                bucketItems[position..<(position + kept)] = keptEntries[keptPosition..<(keptPosition + kept)]
                keptPosition += kept
            }
            cursors[offset] = position + kept
            position += sizes[offset]
        }
        bucketStarts[grid.count] = position

        frames.withUnsafeBufferPointer { frames in
            bucketItems.withUnsafeMutableBufferPointer { table in
                cursors.withUnsafeMutableBufferPointer { cursors in
                    Self.placeEntries(of: frames, items: items, grid: grid, firstBucket: first,
                                      cursors: cursors, table: table)
                }
            }
        }
    }

    /// ``countEntries(of:items:grid:firstBucket:into:oversized:)`` for a whole build, without
    /// a data-dependent branch for the common spans of one or two buckets (mispredicted
    /// branches dominated the build).
    private static func countAllEntries(
        of frames: UnsafeBufferPointer<LayoutFrame>, grid: BucketGrid,
        into sizes: UnsafeMutableBufferPointer<Int>, oversized: inout [Int32]
    ) {
        for item in 0..<frames.count {
            guard let (top, bottom) = buckets(of: frames[item], in: grid) else { continue }
            if bottom - top >= oversizeThreshold {
                oversized.append(Int32(truncatingIfNeeded: item))
                continue
            }
            sizes[top] += 1
            sizes[bottom] += bottom != top ? 1 : 0
            var bucket = top + 1
            while bucket < bottom {
                sizes[bucket] += 1
                bucket += 1
            }
        }
    }

    /// ``placeEntries(of:items:grid:firstBucket:cursors:table:)`` for a whole build, without
    /// a data-dependent branch for spans of one or two buckets: a one-bucket item writes its
    /// second entry to `spareSlot`, a slot past the table's end that is never read.
    private static func placeAllEntries(
        of frames: UnsafeBufferPointer<LayoutFrame>, grid: BucketGrid,
        cursors: UnsafeMutableBufferPointer<Int>, table: UnsafeMutableBufferPointer<Int32>, spareSlot: Int
    ) {
        for item in 0..<frames.count {
            guard let (top, bottom) = buckets(of: frames[item], in: grid),
                  bottom - top < oversizeThreshold else { continue }
            let entry = Int32(truncatingIfNeeded: item)
            table[cursors[top]] = entry
            cursors[top] += 1
            var bucket = top + 1
            while bucket < bottom {
                table[cursors[bucket]] = entry
                cursors[bucket] += 1
                bucket += 1
            }
            let spans = bottom != top
            table[spans ? cursors[bottom] : spareSlot] = entry
            cursors[bottom] += spans ? 1 : 0
        }
    }

    /// Adds each indexed item's bucket span to `sizes` (indexed from `firstBucket`), or
    /// appends the item to `oversized` when the span is longer than ``oversizeThreshold``.
    private static func countEntries(
        of frames: UnsafeBufferPointer<LayoutFrame>, items: Range<Int>, grid: BucketGrid,
        firstBucket: Int, into sizes: UnsafeMutableBufferPointer<Int>, oversized: inout [Int32]
    ) {
        for item in items {
            guard let (top, bottom) = buckets(of: frames[item], in: grid) else { continue }
            if bottom - top >= oversizeThreshold {
                oversized.append(Int32(truncatingIfNeeded: item))
                continue
            }
            var bucket = top - firstBucket
            while bucket <= bottom - firstBucket {
                sizes[bucket] += 1
                bucket += 1
            }
        }
    }

    /// Writes each indexed, not oversized item into `table` at its buckets' cursors.
    private static func placeEntries(
        of frames: UnsafeBufferPointer<LayoutFrame>, items: Range<Int>, grid: BucketGrid,
        firstBucket: Int, cursors: UnsafeMutableBufferPointer<Int>, table: UnsafeMutableBufferPointer<Int32>
    ) {
        for item in items {
            guard let (top, bottom) = buckets(of: frames[item], in: grid),
                  bottom - top < oversizeThreshold else { continue }
            var bucket = top - firstBucket
            while bucket <= bottom - firstBucket {
                table[cursors[bucket]] = Int32(truncatingIfNeeded: item)
                cursors[bucket] += 1
                bucket += 1
            }
        }
    }

    /// The first and last bucket `frame` reaches, or `nil` when it has a NaN edge and is
    /// never reported.
    @inline(__always)
    static func buckets(of frame: LayoutFrame, in grid: BucketGrid) -> (Int, Int)? {
        guard let extent = Extent(origin: frame.y, length: frame.height),
              Extent(origin: frame.x, length: frame.width) != nil else { return nil }
        return (grid.bucket(extent.low), grid.bucket(extent.high))
    }

    /// Capacity for an array about to hold `count` elements, with room for a few more pages
    /// so that the next append does not copy everything. Untouched capacity costs address
    /// space, not memory.
    static func capacityWithHeadroom(_ count: Int) -> Int {
        count + max(count / 16, 4096)
    }
}
