import BenchGlue
import BenchSupport
import Dispatch
import Typometer

#if canImport(Glibc)
import Glibc
#endif

/// `typometer-bench`: Typometer beside Pango on real text (feeds built from
/// Debian's fortunes, licenses and message catalogues) and on a synthetic
/// Zipf corpus of 30-word posts, Noto Sans 15 pt at 320 pt, printed as one
/// Markdown table, real rows first.
///
/// `main` is synchronous and waits on a semaphore for the async work: with
/// an `async` main the main thread parks in a way valgrind 3.19 cannot
/// follow, and callgrind must be able to run this program.
@main
struct TypometerBench {
    static func main() {
        let finished = DispatchSemaphore(value: 0)
        let failure = FailureBox()
        Task.detached {
            do {
                try await run(BenchOptions(arguments: Array(CommandLine.arguments.dropFirst())))
            } catch {
                failure.error = error
            }
            finished.signal()
        }
        finished.wait()
        if let error = failure.error {
            printError("\(error)")
            exit(2)
        }
    }

    /// The command line that printed this table, from the repository root.
    static var reproducingCommand: String {
        "`" + (["Benchmarks/.build/release/typometer-bench"] + CommandLine.arguments.dropFirst()).joined(separator: " ") + "`"
    }

    /// Carries the error out of the task; written before the semaphore is
    /// signalled, read after it is waited on.
    private final class FailureBox: @unchecked Sendable {
        var error: (any Error)?
    }

    static func run(_ options: BenchOptions) async throws {
        if options.buildFeeds {
            let feeds = [try RealTextCorpus.english(rebuild: true), try RealTextCorpus.multilingual(rebuild: true)]
                + (try RealTextCorpus.scripts(rebuild: true))
            for feed in feeds {
                print(feed.summary + ".")
            }
            return
        }
        let corpus = ZipfCorpus(sources: try CorpusSources.load())
        if options.memoryChild {
            try await Benchmark(options: options, corpus: corpus, fontconfigFile: nil).runMemoryChild()
            return
        }
        // Pango must see the private configuration before it initialises.
        let fontconfig = options.pango
            ? try PrivateFontconfig(fontsDirectory: FontSet.bundledFontsDirectory) : nil
        defer { fontconfig?.remove() }
        let benchmark = try Benchmark(options: options, corpus: corpus, fontconfigFile: fontconfig?.file)

        let loadBefore = loadAverage()
        // Skipped under valgrind, where it would take minutes and mean nothing.
        let onValgrind = bench_running_on_valgrind() != 0
        let speedupBefore = onValgrind ? .nan : arithmeticSpeedup(lanes: benchmark.cores)
        for row in BenchOptions.allRows where options.rows.contains(row) {
            switch row {
            case "real-process": try benchmark.runRealProcess()
            case "real-first-pass": try await benchmark.runRealFirstPass()
            case "real-steady": try benchmark.runRealSteady()
            case "real-cached": try benchmark.runRealCached()
            case "real-new-word": try benchmark.runRealNewWord()
            case "real-rewidth": try benchmark.runRealRewidth()
            case "real-agreement": try benchmark.runRealAgreement()
            case "real-styled": try benchmark.runRealStyled()
            case "real-size": try benchmark.runRealSize()
            case "real-ratio": try benchmark.runRealRatio()
            case "scripts": try await benchmark.runScripts()
            case "real-count": try benchmark.runRealCount()
            case "real-count-steady": try benchmark.runRealCountSteady()
            case "real-count-styled": try benchmark.runRealCountStyled()
            case "cold": try benchmark.runCold()
            case "warm": try benchmark.runWarm()
            case "hit": try benchmark.runHit()
            case "rewidth": try benchmark.runRewidth()
            case "10k": try await benchmark.runPass(count: 10_000, label: "10k", defaultRuns: 7)
            case "100k": try await benchmark.runPass(count: 100_000, label: "100k", defaultRuns: 5)
            case "million": try await benchmark.runPass(count: 1_000_000, label: "1M", defaultRuns: 3)
            case "limit": try benchmark.runLimit()
            case "memory": try benchmark.runMemory()
            case "speed": try await benchmark.runSpeed()
            default: break
            }
        }
        if options.runsSyntheticRows, options.rows.count > 1 { try benchmark.checkAgreement() }

        var corpora = benchmark.realFeedsUsed.map { "Real text: " + $0.summary + "." }
        if options.runsSyntheticRows {
            let posts = corpus.posts(10_000, seed: Benchmark.Seed.feed)
            let meanBytes = Double(posts.reduce(0) { $0 + $1.utf8.count }) / Double(posts.count)
            corpora.append("Synthetic (Zipf): 30-word posts drawn with Zipf frequencies "
                + "(s = \(format(corpus.exponent, digits: 1))) from \(corpus.vocabulary.count) tokens of the GPL-3 and "
                + "the corpus's English texts; mean post \(format(meanBytes, digits: 0)) bytes; profile "
                + "`\(options.syntheticProfile)`.")
        }
        print("""
            ## Typometer vs Pango

            Noto Sans \(format(Benchmark.size, digits: 0)) pt, \(format(Benchmark.width, digits: 0)) pt wide; \
            Pango \(String(cString: bench_pango_version())) \
            (PangoCairo, 72 dpi, unhinted metrics, a fresh layout per post), \
            HarfBuzz \(String(cString: bench_harfbuzz_version())); \(benchmark.cores) cores, \
            load average \(loadBefore) before and \(loadAverage()) after. \
            Medians of repeated runs after a warm-up. Reproduce: \(reproducingCommand).

            """)
        for line in corpora { print("- " + line) }
        print("")
        let synthetic = benchmark.rows.map { row in
            var row = row
            row.measurement = "Synthetic (Zipf): " + row.measurement
            return row
        }
        if !benchmark.realRows.isEmpty || !synthetic.isEmpty { print(Table.markdown(benchmark.realRows + synthetic)) }
        if !benchmark.scriptFigures.isEmpty {
            print("\n### Per script\n")
            for figures in benchmark.scriptFigures { print("- " + figures.feed.summary + ".") }
            print("")
            print(ScriptTable.markdown(benchmark.scriptFigures, profiles: options.realProfiles, cores: benchmark.cores))
        }
        let speedupAfter = onValgrind ? .nan : arithmeticSpeedup(lanes: benchmark.cores)
        print("")
        for note in benchmark.notes { print("- " + note) }
        print("- Machine check: a pure arithmetic loop ran \(formatRatio(speedupBefore)) (before) and "
            + "\(formatRatio(speedupAfter)) (after) faster on \(benchmark.cores) threads than on one; "
            + "\(benchmark.cores)× means the cores were free for the parallel rows.")
        benchmark.finish()
    }
}
