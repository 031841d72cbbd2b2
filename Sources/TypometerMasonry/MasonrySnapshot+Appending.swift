extension MasonrySnapshot {
    /// Places more items after the existing ones, exactly as a full solve of all items
    /// would place them (the per-column state carries over), and extends the visibility index.
    ///
    /// On error the snapshot is left unchanged.
    ///
    /// - Parameter heights: One height per new item, in points; finite and non-negative.
    /// - Throws: ``MasonryError/invalidItemHeight(index:height:)`` (the index counts from the
    ///   start of the whole snapshot) or ``MasonryError/tooManyItems(_:)``.
    /// - Complexity: O(*k* · *c*) to place *k* new items in *c* columns, plus re-indexing only
    ///   the bottom of the content that new items can reach. The snapshot's storage is copied
    ///   first if another copy of this snapshot is still alive (copy-on-write).
    public mutating func append(heights: [Double]) throws(MasonryError) {
        let start = count
        var heightSum = 0.0
        for (offset, height) in heights.enumerated() {
            guard height >= 0 && height < .infinity else {
                throw .invalidItemHeight(index: start + offset, height: height)
            }
            heightSum += height
        }
        guard heights.count <= Int(Int32.max) - start else {
            throw .tooManyItems(start + heights.count)
        }
        guard !heights.isEmpty else { return }
        if isEmpty, let index = placeIndexing(heights, heightSum: heightSum) {
            visibilityIndex = index
            return
        }
        let lowestNextTop = nextItemY.min() ?? 0
        let newFrames = place(heights) { _, _, _ in }
        visibilityIndex.append(contentsOf: newFrames, statistics: statistics(lowestNextTop: lowestNextTop,
                                                                             heightSum: heightSum, count: heights.count))
    }

    /// What the index needs to know about items just placed: every new frame lies between
    /// the shortest column's next y before placing and the content height, so the index
    /// need not measure them. `nil` (measure them) when the content height overflowed.
    private func statistics(lowestNextTop: Double, heightSum: Double, count: Int) -> FrameStatistics? {
        contentHeight < .infinity
            ? FrameStatistics(lowest: lowestNextTop, highest: contentHeight, heightSum: heightSum, count: count)
            : nil
    }

    /// The first placement into an empty snapshot, indexing each frame as it is placed
    /// (frames come out with nondecreasing tops, which ``BucketSweep`` needs), so the index
    /// costs no extra pass over the frames.
    ///
    /// The grid is predicted before placing: a full build's grid starts at 0 and, unless
    /// the content is unusually tall for the item count, uses the mean height; the content
    /// height is at most the sum of heights and gaps, which bounds the bucket count. The
    /// prediction is checked against the grid a full build would choose once the content
    /// height is known. Returns `nil`, placing nothing, when it cannot be made or does not
    /// hold; the caller then places and indexes the usual way.
    private mutating func placeIndexing(_ heights: [Double], heightSum: Double) -> MasonryVisibilityIndex? {
        let count = heights.count
        let mean = heightSum / Double(count)
        let contentBound = heightSum + Double(count) * layout.spacing
        guard visibilityIndex.requestedBucketHeight == nil, mean > 0, contentBound < .infinity else { return nil }
        let boundPosition = contentBound / mean
        guard boundPosition < Double(MasonryVisibilityIndex.maximumBucketCount(forFrameCount: count) - 2)
        else { return nil }
        let predicted = BucketGrid(origin: 0, height: mean, count: Int(boundPosition) + 2)
        // A frame of height h reaches at most h / mean + 2 buckets.
        let entryBound = min(MasonryVisibilityIndex.oversizeThreshold * count,
                             2 * count + Int(heightSum * predicted.inverseHeight) + count / 1024 + 16)

        let original = self
        var placed: [MasonryFrame] = []
        var finalGrid: BucketGrid?
        var finalStatistics: FrameStatistics?
        let table = BucketSweep.sweep(bucketCapacity: predicted.count,
                                      entryCapacity: MasonryVisibilityIndex.capacityWithHeadroom(entryBound)) { sweep in
            placed = place(heights) { item, top, bottom in
                sweep.add(item, top: predicted.bucket(top), bottom: predicted.bucket(bottom))
            }
            guard let statistics = statistics(lowestNextTop: 0, heightSum: heightSum, count: count),
                  let grid = MasonryVisibilityIndex.grid(for: statistics, frameCount: count,
                                                         requestedBucketHeight: nil),
                  grid.origin == predicted.origin, grid.height == predicted.height,
                  grid.count <= predicted.count else { return nil }
            finalGrid = grid
            finalStatistics = statistics
            return grid.count
        }
        guard let table, let finalGrid, let finalStatistics else {
            self = original
            return nil
        }
        var index = visibilityIndex
        index.adopt(firstFrames: placed, statistics: finalStatistics, grid: finalGrid, table: table)
        return index
    }

    /// Places more ``MasonryItem``s, computing each height at ``columnWidth``. Otherwise the
    /// same as ``append(heights:)``.
    public mutating func append(items: [MasonryItem]) throws(MasonryError) {
        let width = columnWidth
        try append(heights: items.map { $0.height(columnWidth: width) })
    }

    /// A copy of this snapshot with more items appended; see ``append(heights:)``.
    ///
    /// - Complexity: Copies the snapshot's storage (O(*n*)); prefer ``append(heights:)`` on
    ///   a variable you own when paginating large collections.
    public func appending(heights: [Double]) throws(MasonryError) -> MasonrySnapshot {
        var copy = self
        try copy.append(heights: heights)
        return copy
    }

    /// Shortest-column placement of validated heights, updating the column state and
    /// content height; `placed` sees each item's index, top and bottom edge as it is placed.
    @inline(__always)
    private mutating func place(_ heights: [Double], placed: (Int, Double, Double) -> Void) -> [MasonryFrame] {
        let spacing = layout.spacing
        let width = columnWidth
        let stride = width + spacing
        var content = contentHeight
        // The first page becomes the index's storage: leave room for the pages that follow.
        let capacity = isEmpty ? MasonryVisibilityIndex.capacityWithHeadroom(heights.count) : heights.count
        let frames = [MasonryFrame](unsafeUninitializedCapacity: capacity) { output, initialized in
            nextItemY.withUnsafeMutableBufferPointer { columns in
                heights.withUnsafeBufferPointer { heights in
                    let columnCount = columns.count
                    for item in 0..<heights.count {
                        let height = heights[item]
                        var shortest = 0
                        var top = columns[0]
                        var column = 1
                        while column < columnCount {
                            if columns[column] < top {
                                top = columns[column]
                                shortest = column
                            }
                            column += 1
                        }
                        let bottom = top + height
                        (output.baseAddress! + item).initialize(to: MasonryFrame(
                            x: Double(shortest) * stride, y: top, width: width, height: height))
                        columns[shortest] = bottom + spacing
                        placed(item, top, bottom)
                        if bottom > content { content = bottom }
                    }
                }
            }
            initialized = heights.count
        }
        contentHeight = content
        return frames
    }
}
