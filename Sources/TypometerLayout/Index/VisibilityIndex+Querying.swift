extension VisibilityIndex {
    /// Indices of the items that intersect the vertical span `minY ..< maxY`, widened by
    /// `overscan` points above and below, in increasing order without duplicates.
    ///
    /// See ``VisibilityIndex`` for the exact edge rule. A NaN or negative `overscan`
    /// counts as 0; an empty, inverted or NaN span reports nothing.
    ///
    /// - Complexity: O(*b* + *k* + *o* + *r* log *r*): the *b* buckets the span covers, the
    ///   *k* entries in them, the *o* oversized items, and sorting the *r* results when they
    ///   come from more than one bucket. Independent of the item count for evenly sized
    ///   frames; well under a microsecond for a phone-sized viewport.
    public func visibleItems(minY: Double, maxY: Double, overscan: Double = 0) -> [Int] {
        var result: [Int] = []
        collect(minY: minY, maxY: maxY, horizontal: nil, overscan: overscan, into: &result)
        return result
    }

    /// Indices of the items that intersect the rectangle `minX ..< maxX` × `minY ..< maxY`,
    /// with the vertical span widened by `overscan` points above and below (horizontal
    /// extent is not widened), in increasing order without duplicates.
    ///
    /// - Complexity: Same as ``visibleItems(minY:maxY:overscan:)``.
    public func visibleItems(minY: Double, maxY: Double, minX: Double, maxX: Double,
                             overscan: Double = 0) -> [Int] {
        var result: [Int] = []
        collect(minY: minY, maxY: maxY, horizontal: (minX, maxX), overscan: overscan, into: &result)
        return result
    }

    /// Fills `result` with the items that intersect the span, reusing its storage so that
    /// repeated queries (one per scroll frame) allocate nothing once it has grown.
    ///
    /// `result` is cleared first. Pass `minX` and `maxX` as `nil` to ignore the horizontal
    /// extent.
    public func visibleItems(minY: Double, maxY: Double, minX: Double? = nil, maxX: Double? = nil,
                             overscan: Double = 0, into result: inout [Int]) {
        let horizontal: (Double, Double)?
        if let minX, let maxX {
            horizontal = (minX, maxX)
        } else {
            horizontal = nil
        }
        collect(minY: minY, maxY: maxY, horizontal: horizontal, overscan: overscan, into: &result)
    }

    /// Shared query body: candidates from the covered buckets (each item reported only from
    /// the first covered bucket it reaches, so nothing repeats), then the oversized list.
    private func collect(minY: Double, maxY: Double, horizontal: (Double, Double)?,
                         overscan: Double, into result: inout [Int]) {
        result.removeAll(keepingCapacity: true)
        let padding = overscan > 0 ? overscan : 0
        let top = minY - padding
        let bottom = maxY + padding
        guard top < bottom else { return }
        let left = horizontal?.0 ?? -.infinity
        let right = horizontal?.1 ?? .infinity
        let checksHorizontal = horizontal != nil
        if checksHorizontal && !(left < right) { return }

        var needsSort = false
        var previous = -1
        frames.withUnsafeBufferPointer { frames in
            @inline(__always)
            func consider(_ item: Int, extent: Extent) {
                guard extent.overlaps(top, bottom) else { return }
                if checksHorizontal {
                    let frame = frames[item]
                    guard let horizontalExtent = Extent(origin: frame.x, length: frame.width),
                          horizontalExtent.overlaps(left, right) else { return }
                }
                if item < previous { needsSort = true }
                previous = item
                result.append(item)
            }

            if let grid {
                let first = grid.bucket(top)
                let last = grid.bucket(bottom)
                bucketStarts.withUnsafeBufferPointer { starts in
                    bucketItems.withUnsafeBufferPointer { entries in
                        for bucket in first...last {
                            for entry in starts[bucket]..<starts[bucket + 1] {
                                let item = Int(entries[entry])
                                let frame = frames[item]
                                // Indexed frames always have a non-NaN extent.
                                let extent = frame.height >= 0
                                    ? Extent(unchecked: frame.y, frame.y + frame.height)
                                    : Extent(unchecked: frame.y + frame.height, frame.y)
                                if bucket != first && grid.bucket(extent.low) != bucket { continue }
                                consider(item, extent: extent)
                            }
                        }
                    }
                }
            }
            for item in oversizedItems {
                let index = Int(item)
                let frame = frames[index]
                if let extent = Extent(origin: frame.y, length: frame.height) {
                    consider(index, extent: extent)
                }
            }
        }
        if needsSort { result.sort() }
    }
}
