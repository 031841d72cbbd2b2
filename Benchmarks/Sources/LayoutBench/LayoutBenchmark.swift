import Dispatch
import TypometerLayout

/// A fixed-seed generator (Steele, Lea and Flood's SplitMix64) so every run times the
/// same items.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A whole number in `range`.
    mutating func next(in range: ClosedRange<Int>) -> Double {
        Double(range.lowerBound + Int(next() % UInt64(range.count)))
    }
}

/// One layout's rows: for each item count, the median solve into fresh memory, re-solve
/// into the snapshot's own storage, visibility query (random viewports over the whole
/// content, and scrolling: each viewport 100 pt below the last) and append of 1,000 items.
struct LayoutBenchmark<Kind: Layout> {
    var name: String
    var layout: Kind
    var containerWidth: Double
    /// `count` items, the same for the same seed.
    var items: (_ count: Int, _ seed: UInt64) -> [Kind.Item]

    struct Row {
        var count: Int
        var solve: Double
        var resolve: Double
        var query: Double
        var scrollingQuery: Double
        var itemsPerQuery: Double
        var append: Double
    }

    /// A viewport of a phone in portrait, and the overscan a feed keeps around it, in points.
    static var viewportHeight: Double { 844 }
    static var overscan: Double { 400 }

    func run(count: Int) throws -> Row {
        let items = items(count, UInt64(count))
        let repeats = count >= 1_000_000 ? 9 : count >= 100_000 ? 21 : 101

        var solves: [Double] = []
        for _ in 0..<repeats {
            let start = now()
            let snapshot = try layout.snapshot(of: items, containerWidth: containerWidth)
            solves.append(seconds(since: start))
            sink &+= snapshot.count
        }

        var snapshot = try layout.snapshot(of: items, containerWidth: containerWidth)
        var resolves: [Double] = []
        for _ in 0..<repeats {
            let start = now()
            try snapshot.solve(items, containerWidth: containerWidth)
            resolves.append(seconds(since: start))
            sink &+= snapshot.count
        }

        // Viewports spread over the whole content, in batches of 1,000; the median batch.
        let lowest = snapshot.frames.reduce(0) { min($0, $1.y) }
        let span = max(1, snapshot.contentHeight - lowest - Self.viewportHeight)
        var generator = SplitMix64(state: 11)
        var result: [Int] = []
        result.reserveCapacity(1024)
        var queries: [Double] = []
        var scrollingQueries: [Double] = []
        var reported = 0
        for _ in 0..<301 {
            let tops = (0..<1000).map { _ in lowest + Double(generator.next() % UInt64(span)) }
            var start = now()
            for top in tops {
                snapshot.visibilityIndex.visibleItems(minY: top, maxY: top + Self.viewportHeight,
                                                      overscan: Self.overscan, into: &result)
                reported &+= result.count
            }
            queries.append(seconds(since: start) / 1000)
            let first = UInt64(tops[0] - lowest)
            start = now()
            for step in 0..<1000 {
                // Down the content from a random place, starting over at the top past its end.
                let top = lowest + Double((first + UInt64(step) * 100) % UInt64(span))
                snapshot.visibilityIndex.visibleItems(minY: top, maxY: top + Self.viewportHeight,
                                                      overscan: Self.overscan, into: &result)
                sink &+= result.count
            }
            scrollingQueries.append(seconds(since: start) / 1000)
        }
        sink &+= reported

        let page = self.items(1000, UInt64(count) &+ 1)
        var appends: [Double] = []
        for _ in 0..<(count >= 1_000_000 ? 7 : 21) {
            var grown = try layout.snapshot(of: items, containerWidth: containerWidth)
            let start = now()
            try grown.append(page)
            appends.append(seconds(since: start))
            sink &+= grown.count
        }
        return Row(count: count, solve: median(solves), resolve: median(resolves), query: median(queries),
                   scrollingQuery: median(scrollingQueries), itemsPerQuery: Double(reported) / 301_000,
                   append: median(appends))
    }
}

/// Keeps the optimizer from dropping the timed work.
nonisolated(unsafe) var sink = 0

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func seconds(since start: UInt64) -> Double { Double(now() - start) / 1e9 }

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func format(_ seconds: Double) -> String {
    if seconds < 1e-6 { return String(Int(seconds * 1e9 + 0.5)) + " ns" }
    if seconds < 1e-3 { return String(Double(Int(seconds * 1e7 + 0.5)) / 10) + " µs" }
    return String(Double(Int(seconds * 1e4 + 0.5)) / 10) + " ms"
}

func label(_ count: Int) -> String { count >= 1_000_000 ? "\(count / 1_000_000)M" : "\(count / 1000)k" }
