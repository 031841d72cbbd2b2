import BenchGlue
import BenchSupport
import Dispatch
import Typometer

/// The long-text row and the peak-memory row.
extension Benchmark {
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
        let output = try PeakMemory.runChild(arguments: ["--memory-child", "--profile", options.syntheticProfile])
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
}
