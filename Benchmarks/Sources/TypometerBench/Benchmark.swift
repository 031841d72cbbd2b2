import BenchGlue
import Dispatch
import Typometer

#if canImport(Glibc)
import Glibc
#endif

/// The benchmark's rows, each measured side by side with Pango (and plain
/// HarfBuzz for the cold floor) on the same Zipf corpus of 30-word posts.
final class Benchmark {
    /// Seeds of the post streams: each row draws its own, so no row sees
    /// another row's posts.
    enum Seed {
        static let feed: UInt64 = 1
        static let cold: UInt64 = 2
        static let warm: UInt64 = 3
        static let hit: UInt64 = 4
        static let rewidth: UInt64 = 5
        static let limit: UInt64 = 6_000
        static let agreement: UInt64 = 7
    }

    static let family = "Noto Sans"
    static let size = 15.0
    static let width = 320.0
    static let postsPerPangoSample = 10_000

    let options: BenchOptions
    let corpus: ZipfCorpus
    let profile: RenderingProfile
    let fontFile: String
    let cores: Int
    /// One Pango per core (empty under `--no-pango`).
    let pango: [PangoLayouter]
    let shaper: HarfBuzzShaper

    private(set) var rows: [TableRow] = []
    private(set) var notes: [String] = []
    /// Results that later rows reuse.
    private var pangoPerPostCold: Samples?
    private var pangoFeed: (single: Samples, parallel: Samples)?
    private var singlePass100k: Samples?
    private var feedCache: [String] = []
    /// Every height measured, summed, so no call can be optimised away.
    private var sink = 0.0

    init(options: BenchOptions, corpus: ZipfCorpus, fontconfigFile: String?) throws {
        self.options = options
        self.corpus = corpus
        self.profile = options.profile == "pango" ? .pango : .chromium
        let fontFile = FontSet.bundledFontsDirectory + "/NotoSans-Regular.ttf"
        let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        self.fontFile = fontFile
        self.cores = cores
        if let fontconfigFile, options.pango {
            pango = try (0..<cores).map { _ in
                try PangoLayouter(
                    fontconfigFile: fontconfigFile, family: Self.family, size: Self.size, expectedFile: fontFile)
            }
        } else {
            pango = []
        }
        shaper = try HarfBuzzShaper(fontFile: fontFile, size: Self.size)
    }

    /// A measurer with the library's default caches.
    func makeMeasurer(lineLimit: Int? = nil, profile: RenderingProfile? = nil) throws -> TextMeasurer {
        try TextMeasurer(
            style: TextStyle(
                font: .family(Self.family), size: Self.size, lineLimit: lineLimit, profile: profile ?? self.profile))
    }

    /// The first `count` posts of the feed stream (shared by the bulk rows).
    func feed(_ count: Int) -> [String] {
        if feedCache.count < count { feedCache = corpus.posts(count, seed: Seed.feed) }
        return Array(feedCache.prefix(count))
    }

    private var runningOnValgrind: Bool { bench_running_on_valgrind() != 0 }

    private func progress(_ message: String) {
        printError("· \(message)")
    }

    func finish() {
        if sink == 42.4242 { print("") }
    }

    // MARK: Per-post rows

    /// A 30-word post with empty caches, one new post each iteration; beside
    /// it one `hb_shape` of the whole post, the floor for cold text.
    func runCold() throws {
        progress("cold posts and hb_shape")
        let count = options.iterations
        let runs = options.runs(default: 7)
        let posts = corpus.posts(count * (runs + 1), seed: Seed.cold)
        func slice(_ run: Int) -> ArraySlice<String> { posts[(run + 1) * count..<(run + 2) * count] }
        let measurer = try makeMeasurer()
        var counted = 0
        let typometer = repeated(runs: runs) { run in
            var total: UInt64 = 0
            let collect = run >= 0
            for post in slice(run) {
                measurer.clearCaches()
                let start = monotonicNanoseconds()
                if collect { bench_callgrind_toggle() }
                sink += measurer.height(of: post, width: Self.width)
                if collect { bench_callgrind_toggle() }
                total += monotonicNanoseconds() - start
            }
            if collect { counted += count }
            return Double(total) / 1e9 / Double(count)
        }
        if runningOnValgrind { notes.append("callgrind: cold row counted \(counted) Typometer calls") }
        let shape = repeated(runs: runs) { run in
            seconds { for post in slice(run) { sink += shaper.advance(of: post) } } / Double(count)
        }
        let pangoCold = pangoPerPost()
        let limit = 1.2 * shape.median
        rows.append(TableRow(
            measurement: "One 30-word post, cold (empty caches, a new post each time)",
            typometer: formatDuration(typometer.median), spread: formatSpread(typometer),
            pango: pangoCold.map { formatDuration($0.median) } ?? "—",
            ratio: pangoCold.map { formatRatio($0.median / typometer.median) } ?? "—",
            target: "≤ 1.2 × hb_shape = \(formatDuration(limit))",
            met: typometer.median <= limit ? "yes" : "**no** (\(formatRatio(typometer.median / shape.median)) hb_shape)"))
        rows.append(TableRow(
            measurement: "One hb_shape of the whole post (HarfBuzz alone; the floor for cold text)",
            typometer: formatDuration(shape.median) + " (HarfBuzz)", spread: formatSpread(shape),
            pango: pangoCold.map { formatDuration($0.median) } ?? "—",
            ratio: pangoCold.map { formatRatio($0.median / shape.median) } ?? "—"))
    }

    /// Pango's cost per post on the cold posts (a fresh layout each time;
    /// Pango keeps no caches between layouts), measured once and reused.
    private func pangoPerPost() -> Samples? {
        if let pangoPerPostCold { return pangoPerPostCold }
        guard let pango = pango.first else { return nil }
        let count = options.iterations
        let runs = options.runs(default: 7)
        let posts = corpus.posts(count * (runs + 1), seed: Seed.cold)
        pangoPerPostCold = repeated(runs: runs) { run in
            seconds {
                for post in posts[(run + 1) * count..<(run + 2) * count] {
                    sink += pango.height(of: post, width: Self.width)
                }
            } / Double(count)
        }
        return pangoPerPostCold
    }

    /// A post never measured before whose every word is in the word cache.
    func runWarm() throws {
        progress("warm posts")
        let count = options.iterations
        let runs = options.runs(default: 7)
        let posts = corpus.posts(count * (runs + 1), seed: Seed.warm)
        let measurer = try makeMeasurer()
        var misses = 0
        var counted = 0
        let typometer = repeated(runs: runs) { run in
            let slice = posts[(run + 1) * count..<(run + 2) * count]
            // Warm the words, not the posts: each post's words in reverse
            // order, then its first and last word (each with and without the
            // space after it).
            for post in slice {
                let words = post.split(separator: " ")
                sink += measurer.height(of: words.reversed().joined(separator: " "), width: Self.width)
                sink += measurer.height(of: "\(words.first!) \(words.last!)", width: Self.width)
            }
            let before = measurer.wordCacheStatistics.misses
            let collect = run >= 0
            if collect { bench_callgrind_toggle() }
            let elapsed = seconds { for post in slice { sink += measurer.height(of: post, width: Self.width) } }
            if collect {
                bench_callgrind_toggle()
                counted += count
                misses += measurer.wordCacheStatistics.misses - before
            }
            return elapsed / Double(count)
        }
        if runningOnValgrind { notes.append("callgrind: warm row counted \(counted) Typometer calls") }
        notes.append("Warm posts: \(misses) word-cache misses in \(counted) timed posts.")
        rows.append(TableRow(
            measurement: "A new post, warm word caches",
            typometer: formatDuration(typometer.median), spread: formatSpread(typometer),
            pango: pangoColdCell, ratio: pangoColdRatio(typometer.median),
            target: "≤ 4 µs", met: typometer.median <= 4e-6 ? "yes" : "**no**"))
    }

    private var pangoColdCell: String {
        pangoPerPost().map { formatDuration($0.median) + " (no cache)" } ?? "—"
    }

    private func pangoColdRatio(_ typometer: Double) -> String {
        pangoPerPost().map { formatRatio($0.median / typometer) } ?? "—"
    }

    /// The same text at the same width again.
    func runHit() throws {
        progress("cached hits")
        let count = options.iterations
        let runs = options.runs(default: 7)
        let repeats = 10
        let posts = corpus.posts(count, seed: Seed.hit)
        let measurer = try makeMeasurer()
        for post in posts { sink += measurer.height(of: post, width: Self.width) }
        let before = measurer.cacheStatistics.heights
        let typometer = repeated(runs: runs) { _ in
            seconds {
                for _ in 0..<repeats {
                    for post in posts { sink += measurer.height(of: post, width: Self.width) }
                }
            } / Double(count * repeats)
        }
        let after = measurer.cacheStatistics.heights
        notes.append("Cached hits: the height cache answered \(after.hits - before.hits) of "
            + "\(after.hits - before.hits + after.misses - before.misses) calls after the first (warm-up included).")
        rows.append(TableRow(
            measurement: "A cached hit (same text and width again)",
            typometer: formatDuration(typometer.median), spread: formatSpread(typometer),
            pango: pangoColdCell, ratio: pangoColdRatio(typometer.median),
            target: "≤ 100 ns", met: typometer.median <= 100e-9 ? "yes" : "**no**"))
    }

    /// A prepared post measured at a width it has not had before.
    func runRewidth() throws {
        progress("prepared posts at new widths")
        let count = options.iterations
        let runs = options.runs(default: 7)
        let repeats = 10
        let posts = corpus.posts(count, seed: Seed.rewidth)
        let measurer = try makeMeasurer()
        let prepared = posts.map { measurer.prepare($0) }
        var pass = 0
        func nextWidth() -> Double {
            pass += 1
            return Self.width - 50 + Double(pass % 400) * 0.25
        }
        let typometer = repeated(runs: runs) { _ in
            seconds {
                for _ in 0..<repeats {
                    let width = nextWidth()
                    for text in prepared { sink += measurer.height(of: text, width: width) }
                }
            } / Double(count * repeats)
        }
        var pangoSamples: Samples?
        if let pango = pango.first {
            let layouts = posts.prefix(200).map { pango.keptLayout(of: $0) }
            pangoSamples = repeated(runs: runs) { _ in
                let width = nextWidth()
                return seconds { for layout in layouts { sink += layout.height(width: width) } } / Double(layouts.count)
            }
        }
        rows.append(TableRow(
            measurement: "A prepared post at a new width (Pango: same PangoLayout, new width)",
            typometer: formatDuration(typometer.median), spread: formatSpread(typometer),
            pango: pangoSamples.map { formatDuration($0.median) } ?? "—",
            ratio: pangoSamples.map { formatRatio($0.median / typometer.median) } ?? "—",
            target: "≤ 0.3 µs", met: typometer.median <= 0.3e-6 ? "yes" : "**no**"))
    }

    // MARK: Bulk rows

    /// A first pass (fresh measurer each run) over the first `count` posts
    /// of the feed, on one thread and on every core.
    func runPass(count: Int, label: String, defaultRuns: Int) async throws {
        progress("first pass over \(label) posts")
        let posts = feed(count)
        let runs = options.runs(default: defaultRuns)
        let warmUp = feed(min(count, 10_000))
        /// Wall-clock seconds per run, and the cores kept busy on average
        /// (process CPU time ÷ wall time, over all runs).
        func pass(concurrency: Int?) async throws -> (Samples, coresBusy: Double) {
            _ = try await makeMeasurer().heights(of: warmUp, width: Self.width, concurrency: concurrency)
            var cpu = 0.0
            let samples = try await repeated(runs: runs, warmUp: false) { _ in
                let measurer = try makeMeasurer()
                var heights: [Double] = []
                let cpuBefore = processCPUSeconds()
                let elapsed = try await seconds {
                    heights = try await measurer.heights(of: posts, width: Self.width, concurrency: concurrency)
                }
                cpu += processCPUSeconds() - cpuBefore
                sink += heights.last ?? 0
                return elapsed
            }
            return (samples, cpu / samples.values.reduce(0, +))
        }
        let (single, _) = try await pass(concurrency: 1)
        let (parallel, coresBusy) = try await pass(concurrency: nil)
        notes.append("First pass over \(label) posts on all cores kept \(format(coresBusy, digits: 2)) cores busy "
            + "on average (load average \(loadAverage()) after it).")
        if count == 100_000 { singlePass100k = single }
        let speedup = single.median / parallel.median

        var pangoSingle = "—", pangoParallel = "—", ratioSingle = "—", ratioParallel = "—"
        if let sample = try pangoFeedSample() {
            let scale = Double(count) / Double(Self.postsPerPangoSample)
            let estimated = count > Self.postsPerPangoSample ? " (extrapolated from 10k)" : ""
            pangoSingle = formatDuration(sample.single.median * scale) + estimated
            pangoParallel = formatDuration(sample.parallel.median * scale) + estimated
            ratioSingle = formatRatio(sample.single.median * scale / single.median)
            ratioParallel = formatRatio(sample.parallel.median * scale / parallel.median)
        }
        rows.append(TableRow(
            measurement: "First pass over \(label) posts, 1 thread",
            typometer: formatDuration(single.median), spread: formatSpread(single),
            pango: pangoSingle, ratio: ratioSingle))
        var target = "speedup ≥ 1.8×"
        var met = speedup >= 1.8
        if count == 100_000 {
            target = "≤ 250 ms on 2 cores; " + target
            met = met && parallel.median <= 0.25
        }
        rows.append(TableRow(
            measurement: "First pass over \(label) posts, all \(cores) cores",
            typometer: formatDuration(parallel.median) + " (\(formatRatio(speedup)) speedup)",
            spread: formatSpread(parallel), pango: pangoParallel, ratio: ratioParallel,
            target: target, met: met ? "yes" : "**no**"))
        if count == 1_000_000, options.rows == ["million"] {
            notes.append("Peak resident memory of this process (1M posts, all passes): "
                + formatMegabytes(PeakMemory.ofThisProcess))
        }
    }

    /// Pango over the first 10k feed posts, on one thread and on every core
    /// (one font map per thread), measured once and reused.
    private func pangoFeedSample() throws -> (single: Samples, parallel: Samples)? {
        if let pangoFeed { return pangoFeed }
        guard !pango.isEmpty else { return nil }
        progress("Pango over \(Self.postsPerPangoSample) feed posts")
        let posts = feed(Self.postsPerPangoSample)
        let runs = options.runs(default: 3)
        let layouters = pango
        for post in posts.prefix(500) { sink += layouters[0].height(of: post, width: Self.width) }
        let single = repeated(runs: runs, warmUp: false) { _ in
            seconds { for post in posts { sink += layouters[0].height(of: post, width: Self.width) } }
        }
        let lanes = layouters.count
        let cpuBefore = processCPUSeconds()
        let parallel = repeated(runs: runs, warmUp: false) { _ in
            seconds {
                DispatchQueue.concurrentPerform(iterations: lanes) { lane in
                    var index = lane
                    while index < posts.count {
                        consume(layouters[lane].height(of: posts[index], width: Self.width))
                        index += lanes
                    }
                }
            }
        }
        let coresBusy = (processCPUSeconds() - cpuBefore) / parallel.values.reduce(0, +)
        notes.append("Pango over 10k posts on \(lanes) threads kept \(format(coresBusy, digits: 2)) cores busy on average.")
        pangoFeed = (single, parallel)
        return pangoFeed
    }

    /// Typometer's and Pango's cost per post over the feed, single thread.
    func runSpeed() async throws {
        if singlePass100k == nil {
            progress("first pass over 100k posts, 1 thread (for the speed row)")
            let posts = feed(100_000)
            _ = try await makeMeasurer().heights(of: feed(10_000), width: Self.width, concurrency: 1)
            singlePass100k = try await repeated(runs: options.runs(default: 3), warmUp: false) { _ in
                let measurer = try makeMeasurer()
                return try await seconds {
                    sink += try await measurer.heights(of: posts, width: Self.width, concurrency: 1).last ?? 0
                }
            }
        }
        let typometer = singlePass100k!.scaled(by: 1 / 100_000)
        let sample = try pangoFeedSample()
        let pangoPerPost = sample.map { $0.single.median / Double(Self.postsPerPangoSample) }
        let ratio = pangoPerPost.map { $0 / typometer.median }
        rows.append(TableRow(
            measurement: "Per post over the corpus, 1 thread (first pass of 100k; Pango: 10k)",
            typometer: formatDuration(typometer.median), spread: formatSpread(typometer),
            pango: pangoPerPost.map(formatDuration) ?? "—", ratio: ratio.map(formatRatio) ?? "—",
            target: "≥ 30× faster than Pango", met: ratio.map { $0 >= 30 ? "yes" : "**no**" } ?? "—"))
    }

    // MARK: Long text and memory

    /// A 10 kB paragraph under a 3-line limit: cold (empty caches, a new
    /// text each time), and seen before at another width.
    func runLimit() throws {
        progress("10 kB texts under a 3-line limit")
        let count = max(20, options.iterations / 10)
        let runs = options.runs(default: 7)
        let texts = (0..<count * (runs + 1)).map { corpus.paragraph(bytes: 10_240, seed: Seed.limit &+ UInt64($0)) }
        func slice(_ run: Int) -> ArraySlice<String> { texts[(run + 1) * count..<(run + 2) * count] }
        let measurer = try makeMeasurer(lineLimit: 3)
        let cold = repeated(runs: runs) { run in
            var total: UInt64 = 0
            for text in slice(run) {
                measurer.clearCaches()
                let start = monotonicNanoseconds()
                sink += measurer.height(of: text, width: Self.width)
                total += monotonicNanoseconds() - start
            }
            return Double(total) / 1e9 / Double(count)
        }
        let seen = repeated(runs: runs) { run in
            for text in slice(run) { sink += measurer.height(of: text, width: Self.width - 20) }
            return seconds { for text in slice(run) { sink += measurer.height(of: text, width: Self.width) } }
                / Double(count)
        }
        var pangoSamples: Samples?
        if let pango = pango.first {
            let pangoCount = min(count, 20)
            pangoSamples = repeated(runs: runs) { run in
                seconds {
                    for text in texts[(run + 1) * count..<(run + 1) * count + pangoCount] {
                        sink += pango.height(of: text, width: Self.width, lineLimit: 3)
                    }
                } / Double(pangoCount)
            }
        }
        let pangoCell = pangoSamples.map { formatDuration($0.median) + " (height −3, ellipsize end)" } ?? "—"
        rows.append(TableRow(
            measurement: "A 10 kB string under a 3-line limit, cold",
            typometer: formatDuration(cold.median), spread: formatSpread(cold), pango: pangoCell,
            ratio: pangoSamples.map { formatRatio($0.median / cold.median) } ?? "—",
            target: "≤ 50 µs", met: cold.median <= 50e-6 ? "yes" : "**no**"))
        rows.append(TableRow(
            measurement: "A 10 kB string under a 3-line limit, seen before at another width",
            typometer: formatDuration(seen.median), spread: formatSpread(seen), pango: pangoCell,
            ratio: pangoSamples.map { formatRatio($0.median / seen.median) } ?? "—",
            target: "≤ 50 µs", met: seen.median <= 50e-6 ? "yes" : "**no**"))
    }

    /// The peak resident memory of a 1M-post first pass on every core, in a
    /// process of its own (see ``runMemoryChild()``).
    func runMemory() throws {
        progress("peak memory of a 1M pass (child process)")
        let output = try PeakMemory.runChild(arguments: ["--memory-child", "--profile", options.profile])
        let fields = output.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Double($0) }
        guard fields.count == 5 else { throw BenchError("unexpected output from the memory run: \(output)") }
        let (inputBytes, residentBefore, peakBefore, peak, elapsed) = (fields[0], fields[1], fields[2], fields[3], fields[4])
        let limit = inputBytes + 150 * 1_048_576
        notes.append("Memory run: the 1M posts take \(formatMegabytes(inputBytes)) of UTF-8; the process held "
            + "\(formatMegabytes(residentBefore)) resident with them in memory before the pass "
            + "(\(formatMegabytes(peakBefore)) peak while generating them); the pass took \(formatDuration(elapsed)) "
            + "and raised the peak by \(formatMegabytes(max(0, peak - peakBefore))) over that.")
        rows.append(TableRow(
            measurement: "Peak resident memory, first pass over 1M posts on all cores (own process)",
            typometer: formatMegabytes(peak),
            spread: "resident before the pass: \(formatMegabytes(residentBefore))",
            target: "≤ input (\(formatMegabytes(inputBytes)) UTF-8) + 150 MB = \(formatMegabytes(limit))",
            met: peak <= limit ? "yes" : "**no**"))
    }

    /// The child's side: build the 1M feed, note the peak so far, measure it
    /// once on every core, print "input-bytes resident-before peak-before peak seconds"
    /// (peaks are `VmHWM`, this address space's own).
    func runMemoryChild() async throws {
        let posts = corpus.posts(1_000_000, seed: Seed.feed)
        let inputBytes = posts.reduce(0) { $0 + $1.utf8.count }
        let residentBefore = PeakMemory.residentNow
        let peakBefore = PeakMemory.highWaterMark
        let measurer = try makeMeasurer()
        let elapsed = try await seconds {
            sink += try await measurer.heights(of: posts, width: Self.width).last ?? 0
        }
        print(inputBytes, Int(residentBefore), Int(peakBefore), Int(PeakMemory.highWaterMark), elapsed)
    }

    // MARK: Agreement

    /// How often Typometer's Pango profile agrees with Pango on the feed: a
    /// check that both sides lay out the same thing.
    func checkAgreement() throws {
        guard let pango = pango.first else { return }
        let posts = corpus.posts(1000, seed: Seed.agreement)
        let measurer = try makeMeasurer(profile: .pango)
        var sameLines = 0
        var sameHeight = 0
        for post in posts {
            let reference = pango.layout(of: post, width: Self.width)
            if measurer.lineCount(of: post, width: Self.width) == reference.lines { sameLines += 1 }
            if abs(measurer.height(of: post, width: Self.width) - reference.height) < 0.01 { sameHeight += 1 }
        }
        notes.append("Agreement on 1000 posts: Typometer's `.pango` profile gives Pango's line count for "
            + "\(sameLines) and its height (±0.01 pt) for \(sameHeight).")
    }
}
