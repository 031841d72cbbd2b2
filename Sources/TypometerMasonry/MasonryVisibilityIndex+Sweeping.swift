extension MasonryVisibilityIndex {
    /// The bucket table for frames whose top edges never decrease in item order (masonry
    /// output always qualifies: each item starts at the shortest column), built in one
    /// sequential pass instead of a counting pass and a scattering pass.
    ///
    /// Walks the buckets top to bottom alongside the items. Bucket `b`'s entries are the
    /// items that started higher and still reach `b` (kept, in item order, on a short active
    /// list) followed by the items starting in `b`; because tops never decrease, that is
    /// increasing item order, so the table and its starts come out exactly as
    /// ``buildTable()``'s two passes would write them, but front to back.
    ///
    /// Returns `nil`, having built nothing usable, when a frame with a usable extent has a
    /// negative height or a top above the previous one's, or when the table would outgrow
    /// `capacity` entries; the caller then builds the table the general way.
    ///
    /// - Complexity: O(*n* + *e* + *b*) for *n* frames, *e* table entries and *b* buckets,
    ///   one pass over the frames.
    static func sweptTable(
        of frames: UnsafeBufferPointer<MasonryFrame>, grid: BucketGrid, capacity: Int
    ) -> (starts: [Int], table: [Int32], oversized: [Int32])? {
        var oversized: [Int32] = []
        // Items that started in an earlier bucket, in item order, with the last bucket each
        // reaches; grown by doubling (it rarely holds more than a few rows of items).
        var activeCapacity = 64
        var activeItems = UnsafeMutablePointer<Int32>.allocate(capacity: activeCapacity)
        var activeBottoms = UnsafeMutablePointer<Int>.allocate(capacity: activeCapacity)
        defer {
            activeItems.deallocate()
            activeBottoms.deallocate()
        }
        var activeCount = 0
        var succeeded = true
        var table: [Int32] = []
        let bucketCount = grid.count
        let starts = [Int](unsafeUninitializedCapacity: bucketCount + 1) { starts, initializedStarts in
            table = [Int32](unsafeUninitializedCapacity: capacity) { table, initialized in
                var current = 0  // the bucket being filled
                var position = 0  // entries written
                var previousTop = -Double.infinity
                starts[0] = 0
                var item = 0
                // One more round after the last item closes the remaining buckets.
                while item <= frames.count {
                    var top = bucketCount - 1
                    var bottom = top
                    if item < frames.count {
                        let frame = frames[item]
                        guard let (low, high) = buckets(of: frame, in: grid) else {
                            item += 1
                            continue
                        }
                        guard frame.height >= 0, frame.y >= previousTop else {
                            succeeded = false
                            break
                        }
                        previousTop = frame.y
                        if high - low >= oversizeThreshold {
                            oversized.append(Int32(truncatingIfNeeded: item))
                            item += 1
                            continue
                        }
                        (top, bottom) = (low, high)
                    }
                    while current < top {
                        // Close bucket `current`; open the next with the items still reaching it.
                        current += 1
                        starts[current] = position
                        if position + activeCount > capacity {
                            succeeded = false
                            break
                        }
                        var kept = 0
                        for slot in 0..<activeCount where activeBottoms[slot] >= current {
                            table[position] = activeItems[slot]
                            position += 1
                            activeItems[kept] = activeItems[slot]
                            activeBottoms[kept] = activeBottoms[slot]
                            kept += 1
                        }
                        activeCount = kept
                    }
                    guard succeeded, item < frames.count else { break }
                    guard position < capacity else {
                        succeeded = false
                        break
                    }
                    let entry = Int32(truncatingIfNeeded: item)
                    table[position] = entry
                    position += 1
                    if bottom > top {
                        if activeCount == activeCapacity {
                            let grownItems = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * activeCapacity)
                            let grownBottoms = UnsafeMutablePointer<Int>.allocate(capacity: 2 * activeCapacity)
                            grownItems.moveInitialize(from: activeItems, count: activeCount)
                            grownBottoms.moveInitialize(from: activeBottoms, count: activeCount)
                            activeItems.deallocate()
                            activeBottoms.deallocate()
                            (activeItems, activeBottoms) = (grownItems, grownBottoms)
                            activeCapacity *= 2
                        }
                        activeItems[activeCount] = entry
                        activeBottoms[activeCount] = bottom
                        activeCount += 1
                    }
                    item += 1
                }
                if succeeded { starts[bucketCount] = position }
                initialized = succeeded ? position : 0
            }
            initializedStarts = succeeded ? bucketCount + 1 : 0
        }
        guard succeeded else { return nil }
        return (starts, table, oversized)
    }
}
