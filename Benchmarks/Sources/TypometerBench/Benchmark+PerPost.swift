import BenchGlue
import BenchSupport
import Dispatch
import Typometer

/// Rows that time one post at a time: cold, warm, cached, at a new width.
extension Benchmark {
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
            met: metCell(typometer.median <= limit, detail: "\(formatRatio(typometer.median / shape.median)) hb_shape")))
        rows.append(TableRow(
            measurement: "One hb_shape of the whole post (HarfBuzz alone; the floor for cold text)",
            typometer: formatDuration(shape.median) + " (HarfBuzz)", spread: formatSpread(shape),
            pango: pangoCold.map { formatDuration($0.median) } ?? "—",
            ratio: pangoCold.map { formatRatio($0.median / shape.median) } ?? "—"))
    }

    /// Pango's cost per post on the cold posts (a fresh layout each time;
    /// Pango keeps no caches between layouts), measured once and reused.
    func pangoPerPost() -> Samples? {
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

    var pangoColdCell: String {
        pangoPerPost().map { formatDuration($0.median) + " (no cache)" } ?? "—"
    }

    func pangoColdRatio(_ typometer: Double) -> String {
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
}
