extension MasonryLayout {
    /// An empty placement: every column starts at y = 0.
    ///
    /// - Throws: ``LayoutError/invalidContainerWidth(_:)`` when `containerWidth` is negative,
    ///   NaN or infinite.
    public func placement(containerWidth: Double) throws(LayoutError) -> MasonryPlacement {
        MasonryPlacement(columnWidth: try columnWidth(forContainerWidth: containerWidth),
                         nextItemY: Array(repeating: 0, count: columns), contentHeight: 0)
    }

    /// Places items of the given heights (points), each at the top of the shortest column,
    /// after those already placed. Appends one frame per item; earlier frames never move.
    ///
    /// - Throws: ``LayoutError/invalidItemHeight(index:height:)`` for the first negative, NaN
    ///   or infinite height, before placing anything, or for the first item whose bottom edge
    ///   would pass the largest `Double` (columns near 1.8e308 tall), leaving `placement` as
    ///   it was.
    /// - Complexity: O(*n* · *c*) for *n* items and *c* columns.
    public func place(_ heights: [Double], firstIndex: Int, in placement: inout MasonryPlacement,
                      into frames: inout [LayoutFrame]) throws(LayoutError) -> LayoutChange {
        // No bottom can pass the tallest column plus every new item and gap: while that stays
        // below the largest Double with room to spare for rounding, nothing overflows.
        let tallest = placement.nextItemY.max() ?? 0
        var heightSum = 0.0
        for (offset, height) in heights.enumerated() {
            guard height >= 0 && height < .infinity else {
                if !(tallest + heightSum + spacing * Double(offset) < .greatestFiniteMagnitude / 2) {
                    // An earlier item whose bottom overflows is the first bad one.
                    var trial = placement
                    var scratch: [LayoutFrame] = []
                    _ = try place(Array(heights[..<offset]), firstIndex: firstIndex, in: &trial, into: &scratch)
                }
                throw .invalidItemHeight(index: firstIndex + offset, height: height)
            }
            heightSum += height
        }
        // Every new item starts at or below the shortest column and ends by the content height.
        let lowest = placement.nextItemY.min() ?? 0
        // Kept to restore when a bottom may overflow.
        let original = tallest + heightSum + spacing * Double(heights.count) < .greatestFiniteMagnitude / 2
            ? nil : placement
        let width = placement.columnWidth
        let stride = width + spacing
        var content = placement.contentHeight
        frames.reserveCapacity(frames.count + heights.count)
        // Where every column is at x = 0, the columns themselves are kept.
        var itemColumns = placement.itemColumns
        placement.itemColumns = []
        let keepsColumns = stride == 0 && columns > 1
        if keepsColumns { itemColumns.reserveCapacity(itemColumns.count + heights.count) }
        placement.nextItemY.withUnsafeMutableBufferPointer { columns in
            let columnCount = columns.count
            for height in heights {
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
                frames.append(LayoutFrame(x: Double(shortest) * stride, y: top, width: width, height: height))
                if keepsColumns { itemColumns.append(Int32(shortest)) }
                columns[shortest] = bottom + spacing
                if bottom > content { content = bottom }
            }
        }
        placement.contentHeight = content
        placement.itemColumns = itemColumns
        if let original, !(content < .infinity) {
            let firstNew = frames.count - heights.count
            let offset = frames[firstNew...].firstIndex { !($0.maxY < .infinity) }! - firstNew
            placement = original
            throw .invalidItemHeight(index: firstIndex + offset, height: heights[offset])
        }
        return LayoutChange(contentHeight: content,
                            bounds: LayoutChange.Bounds(lowest: lowest, highest: content, heightSum: heightSum))
    }
}
