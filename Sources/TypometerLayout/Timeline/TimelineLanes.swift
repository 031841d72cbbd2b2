/// The lanes of one cluster of a timeline while its items are placed in
/// order of start: each item takes the lowest lane whose last item it does
/// not overlap (``TimelineLayout``'s rule), found in O(log *l*) for *l*
/// lanes rather than by trying every lane.
///
/// Lanes are free (a min-heap of their numbers) or busy (a min-heap of
/// when they free up). Starts never decrease, so a lane that is free for
/// one item stays free for every later one until it is taken again.
struct TimelineLanes {
    /// When a busy lane frees up: for a start past `bottom`, or at it too
    /// unless its last item is an instant there (an item starting where an
    /// instant stands overlaps it). Ordered by the least start it frees up
    /// for.
    private struct Release: Comparable {
        let bottom: Double
        let isInstant: Bool
        let lane: Int32

        func isFree(at top: Double) -> Bool { top > bottom || (top == bottom && !isInstant) }

        static func < (lhs: Release, rhs: Release) -> Bool {
            (lhs.bottom, lhs.isInstant ? 1 : 0, lhs.lane) < (rhs.bottom, rhs.isInstant ? 1 : 0, rhs.lane)
        }
    }

    private var free = MinHeap<Int32>()
    private var busy = MinHeap<Release>()
    /// Lanes the cluster uses so far.
    private(set) var count: Int32 = 0

    /// Starts a new cluster, with no lanes.
    mutating func removeAll() {
        free.removeAll()
        busy.removeAll()
        count = 0
    }

    /// The lane of an item spanning `top ..< bottom`, which starts no
    /// earlier than any item before it; a new lane when none is free.
    mutating func take(top: Double, bottom: Double) -> Int32 {
        while let release = busy.minimum, release.isFree(at: top) {
            _ = busy.removeMinimum()
            free.insert(release.lane)
        }
        let lane: Int32
        if let lowest = free.removeMinimum() {
            lane = lowest
        } else {
            lane = count
            count += 1
        }
        busy.insert(Release(bottom: bottom, isInstant: bottom == top, lane: lane))
        return lane
    }
}
