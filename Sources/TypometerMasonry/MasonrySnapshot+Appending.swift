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
        let lowestNextTop = nextItemY.min() ?? 0
        let newFrames = place(heights)
        // Every new frame lies between the shortest column's next y and the content height;
        // telling the index so spares it a pass over the frames. (Sums that overflow to
        // infinity are left for the index to measure.)
        let statistics = contentHeight < .infinity
            ? FrameStatistics(lowest: lowestNextTop, highest: contentHeight,
                              heightSum: heightSum, count: heights.count)
            : nil
        visibilityIndex.append(contentsOf: newFrames, statistics: statistics)
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
    /// content height.
    private mutating func place(_ heights: [Double]) -> [MasonryFrame] {
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
