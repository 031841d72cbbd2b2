import Dispatch
import Glibc
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
        /// Thread CPU time and minor page faults of a median solve and re-solve.
        var solveCPU: Double
        var resolveCPU: Double
        var solveFaults: Int
        var resolveFaults: Int
        var query: Double
        var scrollingQuery: Double
        var itemsPerQuery: Double
        var append: Double
        /// Thread CPU time and minor page faults of a median append.
        var appendCPU: Double
        var appendFaults: Int
    }

    /// A viewport of a phone in portrait, and the overscan a feed keeps around it, in points.
    static var viewportHeight: Double { 844 }
    static var overscan: Double { 400 }

    func run(count: Int) throws -> Row {
        let items = items(count, UInt64(count))
        let repeats = count >= 1_000_000 ? 9 : count >= 100_000 ? 21 : 101

        var solves: [Measurement] = []
        for _ in 0..<repeats {
            let start = Measurement.now()
            let snapshot = try layout.snapshot(of: items, containerWidth: containerWidth)
            solves.append(Measurement.now() - start)
            sink &+= snapshot.count
        }

        var snapshot = try layout.snapshot(of: items, containerWidth: containerWidth)
        var resolves: [Measurement] = []
        for _ in 0..<repeats {
            let start = Measurement.now()
            try snapshot.solve(items, containerWidth: containerWidth)
            resolves.append(Measurement.now() - start)
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
        var appends: [Measurement] = []
        for _ in 0..<(count >= 1_000_000 ? 7 : 21) {
            var grown = try layout.snapshot(of: items, containerWidth: containerWidth)
            let start = Measurement.now()
            try grown.append(page)
            appends.append(Measurement.now() - start)
            sink &+= grown.count
        }
        return Row(count: count, solve: median(solves.map(\.wall)), resolve: median(resolves.map(\.wall)),
                   solveCPU: median(solves.map(\.cpu)), resolveCPU: median(resolves.map(\.cpu)),
                   solveFaults: Int(median(solves.map { Double($0.faults) })),
                   resolveFaults: Int(median(resolves.map { Double($0.faults) })), query: median(queries),
                   scrollingQuery: median(scrollingQueries), itemsPerQuery: Double(reported) / 301_000,
                   append: median(appends.map(\.wall)), appendCPU: median(appends.map(\.cpu)),
                   appendFaults: Int(median(appends.map { Double($0.faults) })))
    }
}

/// Wall time, this thread's CPU time (what the work cost, whatever else runs on the
/// machine) and minor page faults (fresh memory touched), between two readings.
struct Measurement {
    var wall: Double
    var cpu: Double
    var faults: Int

    static func now() -> Measurement {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Measurement(wall: Double(DispatchTime.now().uptimeNanoseconds) / 1e9,
                           cpu: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9, faults: usage.ru_minflt)
    }

    static func - (end: Measurement, start: Measurement) -> Measurement {
        Measurement(wall: end.wall - start.wall, cpu: end.cpu - start.cpu, faults: end.faults - start.faults)
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
