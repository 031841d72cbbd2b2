import Testing
import TypometerLayout
import TypometerTestSupport

@Suite("Timeline layout")
struct TimelineTests {
    @Test("places an interval from its start to its end on the axis, at the full width when alone")
    func placesIntervalsOnTheAxis() throws {
        let layout = try TimelineLayout(scale: 2)
        let snapshot = try layout.snapshot(of: [TimelineItem(start: 10, duration: 30),
                                                TimelineItem(start: 40, duration: 5)], containerWidth: 300)
        #expect(snapshot.frames == [LayoutFrame(x: 0, y: 20, width: 300, height: 60),
                                    LayoutFrame(x: 0, y: 80, width: 300, height: 10)])
        #expect(snapshot.contentHeight == 90)
    }

    @Test("splits overlapping intervals into lanes, each taking the lowest free lane")
    func splitsOverlapsIntoLanes() throws {
        let layout = try TimelineLayout(laneSpacing: 10)
        // a: 0..<100, b: 20..<50, c: 60..<90 (b's lane is free again), d: 95..<120.
        let items = [TimelineItem(start: 0, duration: 100), TimelineItem(start: 20, duration: 30),
                     TimelineItem(start: 60, duration: 30), TimelineItem(start: 95, duration: 25),
                     TimelineItem(start: 200, duration: 10)]
        let snapshot = try layout.snapshot(of: items, containerWidth: 210)
        // One cluster of two lanes, 100 points each; the last interval overlaps nothing.
        #expect(snapshot.frames == [
            LayoutFrame(x: 0, y: 0, width: 100, height: 100),
            LayoutFrame(x: 110, y: 20, width: 100, height: 30),
            LayoutFrame(x: 110, y: 60, width: 100, height: 30),
            LayoutFrame(x: 110, y: 95, width: 100, height: 25),
            LayoutFrame(x: 0, y: 200, width: 210, height: 10),
        ])
    }

    @Test("gives intervals with equal starts separate lanes in item order, whatever the input order")
    func equalStartsTakeLanesInItemOrder() throws {
        let layout = try TimelineLayout()
        let snapshot = try layout.snapshot(of: [TimelineItem(start: 50, duration: 10), TimelineItem(start: 0, duration: 10),
                                                TimelineItem(start: 50, duration: 40), TimelineItem(start: 50, duration: 0)],
                                           containerWidth: 300)
        #expect(snapshot.frames.map(\.x) == [0, 0, 100, 200])
        #expect(snapshot.frames.map(\.width) == [100, 300, 100, 100])
        #expect(snapshot.frames[1].y == 0)  // the earliest interval comes second in the frames
    }

    @Test("gives a zero-length interval the minimum height and judges overlaps on the frames")
    func zeroDurationAndTouchingIntervals() throws {
        let layout = try TimelineLayout(minimumItemHeight: 16)
        let snapshot = try layout.snapshot(of: [TimelineItem(start: 0, duration: 0), TimelineItem(start: 16, duration: 4),
                                                TimelineItem(start: 20, duration: 0)], containerWidth: 100)
        // The instant at 0 ends where the second interval starts: no overlap. The second,
        // 4 units long, is 16 points tall and overlaps the instant at 20: two lanes.
        #expect(snapshot.frames == [LayoutFrame(x: 0, y: 0, width: 100, height: 16),
                                    LayoutFrame(x: 0, y: 16, width: 50, height: 16),
                                    LayoutFrame(x: 50, y: 20, width: 50, height: 16)])
        // Without a minimum an instant is a zero-height frame, still reported by queries at its y.
        let instants = try TimelineLayout().snapshot(of: [TimelineItem(start: 5, duration: 0)], containerWidth: 100)
        #expect(instants.frames == [LayoutFrame(x: 0, y: 5, width: 100, height: 0)])
        #expect(instants.visibleItems(minY: 5, maxY: 6) == [0])
    }

    @Test("puts intervals before the origin at negative y and keeps the content height at least 0")
    func negativeStarts() throws {
        let snapshot = try TimelineLayout().snapshot(of: [TimelineItem(start: -60, duration: 30)], containerWidth: 100)
        #expect(snapshot.frames == [LayoutFrame(x: 0, y: -60, width: 100, height: 30)])
        #expect(snapshot.contentHeight == 0)
        #expect(snapshot.visibleItems(minY: -100, maxY: -50) == [0])
        #expect(snapshot.anchor(atScrollOffset: -1000) == LayoutAnchor(id: 0, offset: -940))
    }

    @Test("re-solves earlier intervals when an appended one overlaps them")
    func appendReSolves() throws {
        let layout = try TimelineLayout()
        var snapshot = try layout.snapshot(of: [TimelineItem(start: 0, duration: 60)], containerWidth: 200)
        #expect(snapshot.frames[0].width == 200)
        try snapshot.append([TimelineItem(start: 30, duration: 60)])
        #expect(snapshot.frames == [LayoutFrame(x: 0, y: 0, width: 100, height: 60),
                                    LayoutFrame(x: 100, y: 30, width: 100, height: 60)])
        #expect(snapshot.visibleItems(minY: 0, maxY: 10) == [0])
    }

    @Test("rejects a bad start, a negative duration, and bad layout values, and changes nothing")
    func rejectsBadValues() throws {
        let layout = try TimelineLayout()
        var snapshot = try layout.snapshot(of: [TimelineItem(start: 0, duration: 10)], containerWidth: 100)
        #expect(throws: LayoutError.invalidItemDuration(index: 2, duration: -1)) {
            try snapshot.append([TimelineItem(start: 5, duration: 1), TimelineItem(start: 5, duration: -1)])
        }
        #expect(throws: LayoutError.invalidItemStart(index: 1, start: .infinity)) {
            try snapshot.append([TimelineItem(start: .infinity, duration: 1)])
        }
        #expect(snapshot.count == 1)
        #expect(snapshot.placement.items == [TimelineItem(start: 0, duration: 10)])
        #expect(throws: LayoutError.invalidScale(0)) { try TimelineLayout(scale: 0) }
        #expect(throws: LayoutError.invalidMinimumItemHeight(-1)) { try TimelineLayout(minimumItemHeight: -1) }
        #expect(throws: LayoutError.invalidContainerWidth(-1)) { try layout.snapshot(of: [], containerWidth: -1) }
    }

    @Test("assigns the lanes a search of every lane assigns, on random intervals with instants and equal starts")
    func lanesMatchBruteForce() throws {
        var generator = SplitMix64(seed: 7)
        for round in 0..<200 {
            let scale = [1, 1.5, 0.25][round % 3], minimum = [0, 12, 30][round % 3 == 0 ? 0 : round % 2 + 1]
            let items = (0..<Int.random(in: 1...300, using: &generator)).map { _ in
                TimelineItem(start: Double(Int.random(in: -50...400, using: &generator)),
                             duration: Bool.random(using: &generator) ? 0 : Double(Int.random(in: 0...120, using: &generator)))
            }
            let layout = try TimelineLayout(scale: scale, minimumItemHeight: Double(minimum), laneSpacing: 3)
            let snapshot = try layout.snapshot(of: items, containerWidth: 500)
            #expect(snapshot.frames == BruteForceTimeline.frames(of: items, scale: scale, minimumItemHeight: Double(minimum),
                                                                 laneSpacing: 3, containerWidth: 500), "round \(round)")
        }
    }

    /// Regression (issue 39): each item tried every lane, so 80,000 intervals all starting at 0
    /// took 73 s (release); a quadratic search would take many minutes here.
    @Test("places 200,000 intervals that all overlap in seconds: the lane search is logarithmic in the lanes")
    func manyLanesInLinearithmicTime() throws {
        let count = 200_000
        let clock = ContinuousClock()
        let start = clock.now
        let together = try TimelineLayout().snapshot(
            of: Array(repeating: TimelineItem(start: 0, duration: 10), count: count), containerWidth: 1)
        // Staggered: each interval overlaps the next 1,000, lanes freed and taken again.
        let staggered = try TimelineLayout().snapshot(
            of: (0..<count).map { TimelineItem(start: Double($0), duration: 1000) }, containerWidth: 1)
        let elapsed = clock.now - start
        #expect(together.frames[count - 1].x == Double(count - 1) * together.frames[0].width)
        #expect(Set(staggered.frames.map(\.x)).count == 1000)
        #expect(elapsed < .seconds(20), "\(elapsed)")
    }

    /// Regression (issue 39, found by TypometerFuzzLayouts): an interval whose minimum
    /// height carried its end past the largest Double was placed infinitely tall.
    @Test("rejects an interval whose end at the minimum height would pass the largest Double")
    func rejectsEndsPastTheLargestDouble() throws {
        let layout = try TimelineLayout(minimumItemHeight: 0x1p1023)  // about 9e307
        // An instant at 2^1023 is 2^1023 tall: it would end at 2^1024, past the largest Double.
        #expect(throws: LayoutError.invalidItemDuration(index: 1, duration: 0)) {
            try layout.snapshot(of: [TimelineItem(start: 0, duration: 0), TimelineItem(start: 0x1p1023, duration: 0)],
                                containerWidth: 100)
        }
        // One at 2^1022 ends at 1.5 × 2^1023, which fits.
        #expect(try layout.snapshot(of: [TimelineItem(start: 0x1p1022, duration: 0)], containerWidth: 100).frames
                == [LayoutFrame(x: 0, y: 0x1p1022, width: 100, height: 0x1p1023)])
    }

    /// Regression (issue 39, found by TypometerFuzzLayouts): lanes whose gaps passed the
    /// largest Double were placed at x = infinity; refused while placing, they made appending
    /// refuse a container one solve took (the largest Double rounds past itself in 3 lanes,
    /// not in 4), so the limits are the layout's own.
    @Test("refuses lane spacing and container widths at which some number of lanes would pass the largest Double")
    func refusesLanesPastTheLargestDouble() throws {
        // At most Int32.max items, so at most Int32.max - 1 gaps: the largest Double over Int32.max.
        let widestGap = Double.greatestFiniteMagnitude / 2_147_483_647
        #expect(TimelineLayout.maximumLaneSpacing == widestGap)
        #expect(throws: LayoutError.invalidSpacing(1e308)) { try TimelineLayout(laneSpacing: 1e308) }
        #expect(throws: LayoutError.invalidSpacing(widestGap.nextUp)) { try TimelineLayout(laneSpacing: widestGap.nextUp) }
        // Three intervals at once in lanes 0 wide (the gaps are wider than the container):
        // at x = 0, the gap and twice the gap.
        let interval = TimelineItem(start: 0, duration: 10)
        let frames = try TimelineLayout(laneSpacing: widestGap).snapshot(of: [interval, interval, interval],
                                                                          containerWidth: 100).frames
        #expect(frames.map(\.x) == [0, widestGap, 2 * widestGap] && frames.map(\.width) == [0, 0, 0])

        // Half the largest Double is the widest container: 3 lanes of its third stay finite
        // (rounding may add an ulp, not double it), where 3 lanes of the largest Double's
        // third (rounded up) passed it.
        let widest = Double.greatestFiniteMagnitude
        #expect(TimelineLayout.maximumContainerWidth == widest / 2)
        #expect(throws: LayoutError.invalidContainerWidth(widest)) {
            try TimelineLayout().snapshot(of: [interval], containerWidth: widest)
        }
        #expect(throws: LayoutError.invalidContainerWidth((widest / 2).nextUp)) {
            try TimelineLayout().snapshot(of: [], containerWidth: (widest / 2).nextUp)
        }
        let half = try TimelineLayout().snapshot(of: [interval, interval, interval], containerWidth: widest / 2)
        #expect(half.frames.allSatisfy { $0.maxX < .infinity })
    }
}
