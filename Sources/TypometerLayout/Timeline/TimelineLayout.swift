/// Intervals on a vertical time axis, as a day view of a calendar draws events: an item's
/// frame runs from its start to its end along y, and intervals that overlap in time split
/// the container width into lanes.
///
/// - An item's frame starts at `y = start × scale` and is `duration × scale` points tall, at
///   least ``minimumItemHeight`` (so a short event stays readable). Starts before the axis
///   origin give negative y; frames come out in item order, not in order of y.
/// - Two items overlap when one starts before the other ends, or both start at the same
///   point (two instants at the same time overlap). Overlap is judged on the frames, with
///   the minimum height applied.
/// - Lanes are assigned greedily in order of start (equal starts in item order): each item
///   takes the lowest lane whose last item it does not overlap (interval-graph colouring,
///   which uses as few lanes as the most intervals overlapping at one point).
/// - A cluster is a run of items connected by overlaps. Its lanes share the container width:
///   with *l* lanes each is `(containerWidth − laneSpacing × (l − 1)) / l` points wide
///   (clamped to 0), lane *k* at `x = k × (width + laneSpacing)`. An item that overlaps
///   nothing takes the full width.
/// - The content height is the lowest frame's bottom edge, at least 0.
/// - Appending re-solves every item (a new interval can add a lane to earlier ones): the
///   snapshot rebuilds its index; O(*n* log *n*).
///
/// ```swift
/// // Minutes since midnight, 1.2 points a minute, at least 24 points an event.
/// let day = try TimelineLayout(scale: 1.2, minimumItemHeight: 24, laneSpacing: 4)
/// let snapshot = try day.snapshot(of: [TimelineItem(start: 540, duration: 60),
///                                      TimelineItem(start: 570, duration: 30)], containerWidth: 320)
/// // Two lanes of 158 points: (0, 648, 158, 72) and (162, 684, 158, 36).
/// ```
///
/// Safe to share across threads.
public struct TimelineLayout: Layout {
    /// Points per unit of time along y; finite and positive.
    public let scale: Double
    /// Least height of a frame, in points; zero-length and very short intervals get this
    /// height. Finite and non-negative.
    public let minimumItemHeight: Double
    /// Gap between adjacent lanes, in points; non-negative and at most ``maximumLaneSpacing``.
    public let laneSpacing: Double

    /// The widest gap between lanes, in points (about 8.4e298): the largest `Double` over
    /// the most items a snapshot holds (`Int32.max`), so that no number of lanes puts one
    /// past the largest `Double`.
    public static let maximumLaneSpacing = Double.greatestFiniteMagnitude / Double(Int32.max)

    /// The widest container, in points (about 9e307): half the largest `Double`, so that no
    /// number of lanes sharing it rounds past the largest `Double`.
    public static let maximumContainerWidth = Double.greatestFiniteMagnitude / 2

    /// - Throws: ``LayoutError/invalidScale(_:)``, ``LayoutError/invalidMinimumItemHeight(_:)``
    ///   or ``LayoutError/invalidSpacing(_:)`` for a value out of range.
    public init(scale: Double = 1, minimumItemHeight: Double = 0, laneSpacing: Double = 0) throws(LayoutError) {
        guard scale > 0, scale < .infinity else { throw .invalidScale(scale) }
        guard minimumItemHeight >= 0, minimumItemHeight < .infinity else {
            throw .invalidMinimumItemHeight(minimumItemHeight)
        }
        guard laneSpacing >= 0, laneSpacing <= Self.maximumLaneSpacing else { throw .invalidSpacing(laneSpacing) }
        self.scale = scale
        self.minimumItemHeight = minimumItemHeight
        self.laneSpacing = laneSpacing
    }

    /// An empty placement.
    ///
    /// - Throws: ``LayoutError/invalidContainerWidth(_:)`` when `containerWidth` is negative,
    ///   NaN or more than ``maximumContainerWidth``.
    public func placement(containerWidth: Double) throws(LayoutError) -> TimelinePlacement {
        guard containerWidth >= 0, containerWidth <= Self.maximumContainerWidth else {
            throw .invalidContainerWidth(containerWidth)
        }
        return TimelinePlacement(containerWidth: containerWidth, items: [])
    }

    /// Re-solves every item placed so far and `items`, appending all their frames in item
    /// order (``LayoutChange/replacesEarlierFrames`` is set).
    ///
    /// - Throws: ``LayoutError/invalidItemStart(index:start:)`` for a start whose position in
    ///   points is NaN or infinite; ``LayoutError/invalidItemDuration(index:duration:)`` for a
    ///   negative, NaN or infinite duration (or one whose end, at least the minimum height
    ///   below the start, overflows), before placing.
    /// - Complexity: O(*n* log *n*) for *n* items in all (O(log *l*) an item for the lane
    ///   search, with at most *l* lanes in a cluster).
    public func place(_ items: [TimelineItem], firstIndex: Int, in placement: inout TimelinePlacement,
                      into frames: inout [LayoutFrame]) throws(LayoutError) -> LayoutChange {
        for (offset, item) in items.enumerated() {
            let top = item.start * scale
            guard top.isFinite else { throw .invalidItemStart(index: firstIndex + offset, start: item.start) }
            guard item.duration >= 0, (top + max(item.duration * scale, minimumItemHeight)).isFinite else {
                throw .invalidItemDuration(index: firstIndex + offset, duration: item.duration)
            }
        }
        placement.items += items
        return placeAll(placement.items, containerWidth: placement.containerWidth, into: &frames)
    }

    /// Frames for every item of `all` (validated), appended to `frames` in item order.
    private func placeAll(_ all: [TimelineItem], containerWidth: Double,
                          into frames: inout [LayoutFrame]) -> LayoutChange {
        let count = all.count
        var tops = [Double](repeating: 0, count: count)
        var bottoms = [Double](repeating: 0, count: count)
        var contentBottom = 0.0
        for index in 0..<count {
            let top = all[index].start * scale
            tops[index] = top
            bottoms[index] = top + max(all[index].duration * scale, minimumItemHeight)
            contentBottom = max(contentBottom, bottoms[index])
        }
        // Items in order of start, equal starts in item order.
        var order = [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count { buffer[index] = Int32(truncatingIfNeeded: index) }
            initialized = count
        }
        if !zip(tops, tops.dropFirst()).allSatisfy({ $0 <= $1 }) {
            order.sort { tops[Int($0)] < tops[Int($1)] || (tops[Int($0)] == tops[Int($1)] && $0 < $1) }
        }

        var lanes = [Int32](repeating: 0, count: count)
        var laneCounts = [Int32](repeating: 1, count: count)
        var open = TimelineLanes()       // the open cluster's lanes
        var clusterStart = 0             // position in `order` where the open cluster began
        var clusterBottom = -Double.infinity
        var clusterLastTop = -Double.infinity
        for position in 0..<count {
            let item = Int(order[position])
            let top = tops[item], bottom = bottoms[item]
            if !Self.overlaps(earlierTop: clusterLastTop, earlierBottom: clusterBottom, top: top) {
                for closed in clusterStart..<position { laneCounts[Int(order[closed])] = open.count }
                clusterStart = position
                open.removeAll()
                clusterBottom = -Double.infinity
            }
            lanes[item] = open.take(top: top, bottom: bottom)
            clusterBottom = max(clusterBottom, bottom)
            clusterLastTop = top
        }
        for closed in clusterStart..<count { laneCounts[Int(order[closed])] = open.count }

        frames.reserveCapacity(frames.count + count)
        for item in 0..<count {
            let laneCount = Double(laneCounts[item])
            let width = max(0, (containerWidth - laneSpacing * (laneCount - 1)) / laneCount)
            frames.append(LayoutFrame(x: Double(lanes[item]) * (width + laneSpacing), y: tops[item],
                                      width: width, height: bottoms[item] - tops[item]))
        }
        return LayoutChange(contentHeight: contentBottom, replacesEarlierFrames: true)
    }

    /// Whether an item starting at `top` overlaps an earlier-starting one spanning
    /// `earlierTop ..< earlierBottom`: it starts before that one ends, or at the same point.
    @inline(__always)
    private static func overlaps(earlierTop: Double, earlierBottom: Double, top: Double) -> Bool {
        top < earlierBottom || top == earlierTop
    }
}
