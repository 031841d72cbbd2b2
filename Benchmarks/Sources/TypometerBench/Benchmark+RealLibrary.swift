import BenchGlue
import BenchSupport
import Typometer

/// The real-text rows inside this process: the library's first pass,
/// steady state and width change, per post, beside Pango's cost per post
/// on the same posts.
extension Benchmark {
    /// The target for the first pass over real English text on one thread,
    /// seconds per post (issue 38; issue 14 asked 6 µs).
    static let firstPassTarget = 1.2e-6

    /// Pango over `posts` (measured once per `key` and reused by every
    /// profile's rows), or `nil` under `--no-pango`.
    func pangoRealPass(_ key: String, _ posts: [String]) -> PangoPass? {
        if let pass = pangoRealSamples[key] { return pass }
        guard !pango.isEmpty else { return nil }
        progress("Pango over \(key) (\(posts.count) posts)")
        let pass = pangoPass(posts, runs: options.runs(default: 5))
        pangoRealSamples[key] = pass
        notes.append("Pango over \(key) on \(pango.count) threads kept \(format(pass.coresBusy, digits: 2)) cores busy on average.")
        return pass
    }

    /// A fresh measurer's `heights(of:width:concurrency:)` over a whole
    /// feed, on one thread and on every core, per post.
    func runRealFirstPass() async throws {
        let runs = options.runs(default: 5)
        for feed in try realFeeds() {
            let posts = feed.posts
            let perPost = 1 / Double(posts.count)
            let pangoSamples = pangoRealPass("the \(feed.name) feed", posts)
            for profileName in options.realProfiles {
                progress("first pass over the \(feed.name) feed, `.\(profileName)`")
                let profile = Self.profile(named: profileName)
                func pass(concurrency: Int?) async throws -> (Samples, coresBusy: Double) {
                    var cpu = 0.0
                    let samples = try await repeated(runs: runs) { run in
                        let measurer = try makeMeasurer(profile: profile)
                        var heights: [Double] = []
                        let cpuBefore = processCPUSeconds()
                        let elapsed = try await seconds {
                            heights = try await measurer.heights(of: posts, width: Self.width, concurrency: concurrency)
                        }
                        if run >= 0 { cpu += processCPUSeconds() - cpuBefore }
                        sink += heights.last ?? 0
                        return elapsed
                    }
                    return (samples, cpu / samples.values.reduce(0, +))
                }
                let (single, _) = try await pass(concurrency: 1)
                let (parallel, coresBusy) = try await pass(concurrency: nil)
                notes.append("First pass over the \(feed.name) feed on all cores, `.\(profileName)`, kept "
                    + "\(format(coresBusy, digits: 2)) cores busy on average (load average \(loadAverage()) after it).")
                for (label, samples, pangoRuns) in [
                    ("1 thread", single, pangoSamples?.single), ("all \(cores) cores", parallel, pangoSamples?.parallel),
                ] {
                    let typometer = samples.scaled(by: perPost)
                    let pango = pangoRuns?.scaled(by: perPost)
                    var cell = formatDuration(typometer.median)
                    if label != "1 thread" { cell += " (\(formatRatio(single.median / parallel.median)) speedup)" }
                    // The target: real English text, one thread.
                    let hasTarget = feed.name == "English" && label == "1 thread"
                    realRows.append(TableRow(
                        measurement: "Real, \(feed.name) feed: library first pass per post, \(label), `.\(profileName)` "
                            + "(fresh measurer, `heights(of:width:concurrency:)`; Pango in-process)",
                        typometer: cell, spread: formatSpread(typometer),
                        pango: pango.map { formatDuration($0.median) } ?? "—",
                        ratio: pango.map { formatRatio($0.median / typometer.median) } ?? "—",
                        target: hasTarget ? "≤ \(formatDuration(Self.firstPassTarget))" : "—",
                        met: hasTarget ? metCell(typometer.median <= Self.firstPassTarget) : "—"))
                }
            }
        }
    }

    /// New posts over a known vocabulary: a fresh measurer warmed with the
    /// first half of the English feed, then the second half timed, one
    /// thread, per post.
    func runRealSteady() throws {
        let feed = try realFeed("english")
        let half = feed.posts.count / 2
        let warmUp = Array(feed.posts[..<half])
        let timed = Array(feed.posts[half...])
        let pangoSamples = pangoRealPass("the second half of the English feed", timed)
        for profileName in options.realProfiles {
            progress("steady state on the English feed, `.\(profileName)`")
            let (total, misses, lookups) = try timedAfterWarmUp(
                profile: Self.profile(named: profileName), warmUp: warmUp, timed: timed, width: Self.width)
            let samples = total.scaled(by: 1 / Double(timed.count))
            notes.append("Steady state, `.\(profileName)`: the timed half (\(timed.count) posts) missed the word cache "
                + "\(misses) times in \(lookups) lookups (\(format(100 * Double(misses) / Double(max(1, lookups)), digits: 1)) %).")
            let pango = pangoSamples?.single.scaled(by: 1 / Double(timed.count))
            realRows.append(TableRow(
                measurement: "Real, English feed: steady state per post, 1 thread, `.\(profileName)` (warmed with the "
                    + "first half, the second half timed: new posts, a known vocabulary, not every word cached)",
                typometer: formatDuration(samples.median), spread: formatSpread(samples),
                pango: pango.map { formatDuration($0.median) + " (no cache)" } ?? "—",
                ratio: pango.map { formatRatio($0.median / samples.median) } ?? "—"))
        }
    }

    /// The whole English feed prepared, then measured at a new width: per
    /// post. Pango: kept layouts, laid out at 320 pt, measured at 280 pt.
    func runRealRewidth() throws {
        let feed = try realFeed("english")
        let runs = options.runs(default: 5)
        var pangoSamples: Samples?
        if let pango = pango.first {
            progress("Pango: kept layouts at a new width")
            let layouts = feed.posts.prefix(2_000).map { pango.keptLayout(of: $0) }
            pangoSamples = repeated(runs: runs) { _ in
                for layout in layouts { sink += layout.height(width: Self.width) }
                return seconds { for layout in layouts { sink += layout.height(width: Self.newWidth) } }
                    / Double(layouts.count)
            }
        }
        for profileName in options.realProfiles {
            progress("prepared English feed at a new width, `.\(profileName)`")
            let measurer = try makeMeasurer(profile: Self.profile(named: profileName))
            let prepared = feed.posts.map { measurer.prepare($0) }
            let samples = repeated(runs: runs) { _ in
                seconds {
                    for text in prepared { sink += measurer.height(of: text, width: Self.newWidth) }
                } / Double(prepared.count)
            }
            realRows.append(TableRow(
                measurement: "Real, English feed: width change per post, `.\(profileName)` (`prepare` each post, then "
                    + "`height(of: PreparedText, width: 280)`; Pango: a kept PangoLayout from 320 to 280 pt)",
                typometer: formatDuration(samples.median), spread: formatSpread(samples),
                pango: pangoSamples.map { formatDuration($0.median) } ?? "—",
                ratio: pangoSamples.map { formatRatio($0.median / samples.median) } ?? "—"))
        }
    }

    /// The first pass over one feed (`--feed`, default English) in one
    /// profile (`--profile`, default chromium) on this thread, a fresh
    /// measurer per run, after an uncounted warm-up (another measurer over
    /// the first 1,000 posts, which loads the faces the feed falls back
    /// to); under callgrind only the `height(of:width:)` calls of the
    /// counted runs are counted, so instructions ÷ posts is the first-pass
    /// cost per post.
    func runRealCount() throws {
        let feed = try realFeed(options.feed ?? "english")
        let profileName = options.profile ?? "chromium"
        let profile = Self.profile(named: profileName)
        let runs = options.runs(default: runningOnValgrind ? 1 : 5)
        progress("first pass on one thread over the \(feed.name) feed, `.\(profileName)` (real-count)")
        let warmUp = try makeMeasurer(profile: profile)
        for post in feed.posts.prefix(1_000) { sink += warmUp.height(of: post, width: Self.width) }
        var counted = 0
        let samples = try repeated(runs: runs, warmUp: false) { _ in
            let measurer = try makeMeasurer(profile: profile)
            bench_callgrind_toggle()
            let elapsed = seconds { for post in feed.posts { sink += measurer.height(of: post, width: Self.width) } }
            bench_callgrind_toggle()
            counted += feed.posts.count
            return elapsed / Double(feed.posts.count)
        }
        if runningOnValgrind {
            notes.append("callgrind: real-count counted \(counted) Typometer calls (\(runs) × a first pass over the "
                + "\(feed.posts.count) posts of the \(feed.name) feed, `.\(profileName)`): instructions ÷ \(counted) "
                + "= instructions per post.")
        }
        realRows.append(TableRow(
            measurement: "Real, \(feed.name) feed: first pass per post, a plain `height(of:width:)` loop on one thread, "
                + "`.\(profileName)` (real-count, the callgrind row)",
            typometer: formatDuration(samples.median), spread: formatSpread(samples)))
    }

    /// The steady-state row's work on one thread for callgrind: a fresh
    /// measurer warmed with the first half of the feed (`--feed`, default
    /// English; not counted), then the second half counted.
    func runRealCountSteady() throws {
        let feed = try realFeed(options.feed ?? "english")
        let profileName = options.profile ?? "chromium"
        let half = feed.posts.count / 2
        progress("steady state on one thread over the \(feed.name) feed, `.\(profileName)` (real-count-steady)")
        var counted = 0
        let samples = try repeated(runs: options.runs(default: runningOnValgrind ? 1 : 5), warmUp: false) { _ in
            let measurer = try makeMeasurer(profile: Self.profile(named: profileName))
            for post in feed.posts[..<half] { sink += measurer.height(of: post, width: Self.width) }
            bench_callgrind_toggle()
            let elapsed = seconds { for post in feed.posts[half...] { sink += measurer.height(of: post, width: Self.width) } }
            bench_callgrind_toggle()
            counted += feed.posts.count - half
            return elapsed / Double(feed.posts.count - half)
        }
        if runningOnValgrind {
            notes.append("callgrind: real-count-steady counted \(counted) Typometer calls (the second half of the "
                + "\(feed.name) feed after the first, `.\(profileName)`): instructions ÷ \(counted) = instructions per post.")
        }
        realRows.append(TableRow(
            measurement: "Real, \(feed.name) feed: steady state per post, a plain loop on one thread, `.\(profileName)` "
                + "(real-count-steady, the callgrind row)",
            typometer: formatDuration(samples.median), spread: formatSpread(samples)))
    }
}
