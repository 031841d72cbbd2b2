import BenchGlue
import BenchSupport
import Dispatch
import Typometer

/// Rows that time a first pass over many posts, and the speed against Pango.
extension Benchmark {
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
        if count == 100_000 {
            singlePass100k = single
            let separate = try separateMeasurersPass(posts, runs: runs)
            notes.append("First pass over 100k posts with one measurer per thread instead of one shared "
                + "(a bound on what the bulk API could reach here): \(formatDuration(separate.median)), "
                + "a \(formatRatio(single.median / separate.median)) speedup over one thread.")
        }
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
    func pangoFeedSample() throws -> (single: Samples, parallel: Samples)? {
        if let pangoFeed { return pangoFeed }
        guard !pango.isEmpty else { return nil }
        progress("Pango over \(Self.postsPerPangoSample) feed posts")
        let pass = pangoPass(feed(Self.postsPerPangoSample), runs: options.runs(default: 3))
        notes.append("Pango over 10k posts on \(pango.count) threads kept \(format(pass.coresBusy, digits: 2)) cores busy on average.")
        pangoFeed = (pass.single, pass.parallel)
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

    /// The same first pass split over one thread per core, each with a
    /// measurer of its own (no shared caches): how far the work alone scales.
    func separateMeasurersPass(_ posts: [String], runs: Int) throws -> Samples {
        let lanes = cores
        return try repeated(runs: runs) { _ in
            let measurers = try (0..<lanes).map { _ in try makeMeasurer() }
            return seconds {
                DispatchQueue.concurrentPerform(iterations: lanes) { lane in
                    var index = lane
                    while index < posts.count {
                        consume(measurers[lane].height(of: posts[index], width: Self.width))
                        index += lanes
                    }
                }
            }
        }
    }
}
