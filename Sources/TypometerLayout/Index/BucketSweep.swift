/// Writes a ``VisibilityIndex`` bucket table front to back for items whose top
/// edges never decrease in item order (masonry output always qualifies: each item starts at
/// the shortest column), without a counting pass.
///
/// Bucket `b`'s entries are the items that started higher and still reach `b` (kept, in
/// item order, on a short active list) followed by the items starting in `b`. Because tops
/// never decrease, that is increasing item order, so the table and its starts come out
/// exactly as a count-then-scatter build would write them, but sequentially, and the items
/// can be fed as they are produced.
///
/// Lives only inside ``sweep(bucketCapacity:entryCapacity:_:)``, which owns the storage.
struct BucketSweep {
    /// Start of each bucket's entries; room for `bucketCapacity + 1`.
    private let starts: UnsafeMutableBufferPointer<Int>
    /// The entries; once `position` would pass its end the sweep fails.
    private let table: UnsafeMutableBufferPointer<Int32>
    /// Items that started in an earlier bucket, in item order, and the last bucket each
    /// reaches; grown by doubling (it rarely holds more than a few rows of items).
    private var activeItems: UnsafeMutablePointer<Int32>
    private var activeBottoms: UnsafeMutablePointer<Int>
    private var activeCapacity: Int
    private var activeCount = 0
    /// The bucket being filled, and the number of entries written.
    private var current = 0
    private var position = 0
    /// Set when the table ran out of room; the sweep's output is then unusable.
    private(set) var overflowed = false
    /// Items spanning more than ``VisibilityIndex/oversizeThreshold`` buckets.
    var oversized: [Int32] = []

    private init(starts: UnsafeMutableBufferPointer<Int>, table: UnsafeMutableBufferPointer<Int32>) {
        self.starts = starts
        self.table = table
        activeCapacity = 64
        activeItems = .allocate(capacity: activeCapacity)
        activeBottoms = .allocate(capacity: activeCapacity)
        starts[0] = 0
    }

    /// Runs `body` with a sweep that may use up to `bucketCapacity` buckets and
    /// `entryCapacity` entries. `body` feeds it items and returns the final bucket count
    /// (at most `bucketCapacity`), or `nil` to abandon the sweep. The starts and table are
    /// written into `spare`'s storage when it is large enough (a re-solve's), else into
    /// fresh memory.
    ///
    /// Returns the starts (`bucketCount + 1` of them), the table and the oversized list, or
    /// `nil` when `body` abandoned the sweep or the table ran out of room.
    @inline(__always)
    static func sweep(
        bucketCapacity: Int, entryCapacity: Int, reusing spare: (starts: [Int], table: [Int32]),
        _ body: (inout BucketSweep) -> Int?
    ) -> (starts: [Int], table: [Int32], oversized: [Int32])? {
        var finished = false
        var (starts, table) = spare
        var oversized: [Int32] = []
        // Room for the buckets later appends open, so the first of them does not copy the starts.
        starts.overwrite(count: bucketCapacity + 1,
                         capacity: VisibilityIndex.capacityWithHeadroom(bucketCapacity + 1)) { starts in
            var initializedStarts = 0
            table.overwrite(count: entryCapacity, capacity: entryCapacity) { table in
                var sweep = BucketSweep(starts: starts, table: table)
                defer {
                    sweep.activeItems.deallocate()
                    sweep.activeBottoms.deallocate()
                }
                guard let bucketCount = body(&sweep), bucketCount >= 1, bucketCount <= bucketCapacity,
                      !sweep.overflowed else { return 0 }
                sweep.open(bucketCount - 1)
                guard !sweep.overflowed else { return 0 }
                starts[bucketCount] = sweep.position
                initializedStarts = bucketCount + 1
                oversized = sweep.oversized
                finished = true
                return sweep.position
            }
            return initializedStarts
        }
        return finished ? (starts, table, oversized) : nil
    }

    /// Adds `item`, which reaches buckets `top ... bottom` (`top` no smaller than the
    /// previous item's, both below the bucket capacity). Oversized items go on the
    /// oversized list instead.
    @inline(__always)
    mutating func add(_ item: Int, top: Int, bottom: Int) {
        let entry = Int32(truncatingIfNeeded: item)
        if bottom &- top >= VisibilityIndex.oversizeThreshold {
            oversized.append(entry)
            return
        }
        if current < top { open(top) }
        guard position < table.count else {
            overflowed = true
            return
        }
        table[position] = entry
        position &+= 1
        // Written always and kept only when the item reaches further: whether it does is as
        // good as random, and a mispredicted branch costs more than the two stores.
        if activeCount == activeCapacity {
            (activeItems, activeBottoms, activeCapacity) = Self.grown(activeItems, activeBottoms, count: activeCount,
                                                                      capacity: activeCapacity)
        }
        activeItems[activeCount] = entry
        activeBottoms[activeCount] = bottom
        activeCount &+= bottom > top ? 1 : 0
    }

    /// Closes the buckets before `bucket` and opens it, each with the active items that
    /// still reach it.
    @inline(__always)
    private mutating func open(_ bucket: Int) {
        while current < bucket && !overflowed {
            current += 1
            starts[current] = position
            if position + activeCount > table.count {
                overflowed = true
                return
            }
            var kept = 0
            for slot in 0..<activeCount where activeBottoms[slot] >= current {
                table[position] = activeItems[slot]
                position &+= 1
                activeItems[kept] = activeItems[slot]
                activeBottoms[kept] = activeBottoms[slot]
                kept &+= 1
            }
            activeCount = kept
        }
    }

    /// The active list moved to storage of twice its capacity (a function of its own, not
    /// a mutating method, so the sweep's state can stay in registers around the call).
    @inline(never)
    private static func grown(_ items: UnsafeMutablePointer<Int32>, _ bottoms: UnsafeMutablePointer<Int>, count: Int,
                              capacity: Int) -> (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int>, Int) {
        let grownItems = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * capacity)
        let grownBottoms = UnsafeMutablePointer<Int>.allocate(capacity: 2 * capacity)
        grownItems.moveInitialize(from: items, count: count)
        grownBottoms.moveInitialize(from: bottoms, count: count)
        items.deallocate()
        bottoms.deallocate()
        return (grownItems, grownBottoms, 2 * capacity)
    }
}
