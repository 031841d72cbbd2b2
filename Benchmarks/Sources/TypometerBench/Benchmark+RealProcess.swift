import BenchSupport
import Typometer

/// The whole-process rows: `typometer measure` against `pango-measure` on a
/// real feed, each a process timed from spawn to exit, output to /dev/null.
extension Benchmark {
    /// One way of running a tool over a feed.
    struct ProcessRun {
        let label: String
        let executable: String
        let arguments: [String]
    }

    /// `typometer measure` over `feed` at the benchmark's width, output
    /// dropped (`--quiet`), on every core unless `threads`.
    func typometerRun(_ profile: String, threads: Int?, feed: String) -> ProcessRun {
        ProcessRun(
            label: "typometer \(profile) \(threads.map(String.init) ?? "all")", executable: RepositoryPaths.typometerTool,
            arguments: ["measure", "--width", JSONLines.number(Self.width), "--quiet", "--profile", profile]
                + (threads.map { ["--threads", String($0)] } ?? []) + [feed])
    }

    /// `pango-measure` over `feed` on `threads` threads.
    func pangoRun(threads: Int, feed: String) throws -> ProcessRun {
        ProcessRun(label: "pango \(threads)", executable: try RepositoryPaths.executableDirectory() + "/pango-measure",
                   arguments: ["--threads", String(threads), "--width", JSONLines.number(Self.width), feed])
    }

    /// Checks that both tools are built.
    /// - Throws: ``BenchError`` with the command that builds a missing one.
    func checkProcessTools() throws {
        let typometer = RepositoryPaths.typometerTool
        guard TextFiles.isExecutable(typometer) else {
            throw BenchError("\(typometer) is missing: run `swift build -c release` in the repository root "
                + "(\(RepositoryPaths.root)) first")
        }
        let pangoMeasure = try RepositoryPaths.executableDirectory() + "/pango-measure"
        guard TextFiles.isExecutable(pangoMeasure) else {
            throw BenchError("\(pangoMeasure) is missing: run `swift build -c release --package-path Benchmarks`")
        }
    }

    /// The environment of the timed tools: each sets up its own fonts, and
    /// neither inherits this process's private Fontconfig.
    var processEnvironment: [String] { ChildProcess.environment(removing: ["FONTCONFIG_FILE"]) }

    /// Seconds per run of each of `processes` (by label) over `runs` runs
    /// after a warm-up round, the runs interleaved so a change in the
    /// machine's load touches all alike.
    func time(_ processes: [ProcessRun], runs: Int) throws -> [String: Samples] {
        let environment = processEnvironment
        var values: [String: [Double]] = [:]
        for round in -1..<runs {
            for process in processes {
                let elapsed = try ChildProcess.run(
                    process.executable, process.arguments, outputTo: "/dev/null", environment: environment)
                if round >= 0 { values[process.label, default: []].append(elapsed) }
            }
        }
        return values.mapValues(Samples.init)
    }

    func runRealProcess() throws {
        if runningOnValgrind {
            notes.append("real-process skipped under valgrind (it times other processes).")
            return
        }
        try checkProcessTools()
        let runs = options.runs(default: 5)
        func time(_ processes: [ProcessRun]) throws -> [String: Samples] { try self.time(processes, runs: runs) }

        // Start-up: a feed of one post.
        let onePost = RealTextCorpus.directory + "/one-post.jsonl"
        try RealTextFeed.write([("en", try realFeed("english").posts[0])], to: onePost)
        progress("whole process: start-up on a one-post feed")
        let startup = try time(options.realProfiles.map { typometerRun($0, threads: 1, feed: onePost) }
            + (options.pango ? [try pangoRun(threads: 1, feed: onePost)] : []))
        for profile in options.realProfiles {
            let samples = startup["typometer \(profile) 1"]!
            let pangoSamples = startup["pango 1"]
            realRows.append(TableRow(
                measurement: "Real: whole process on a one-post feed (start-up), 1 thread, `.\(profile)`",
                typometer: formatDuration(samples.median), spread: formatSpread(samples),
                pango: pangoSamples.map(formatProcessSamples) ?? "—",
                ratio: pangoSamples.map { formatRatio($0.median / samples.median) } ?? "—"))
        }

        for feed in try realFeeds() {
            try checkProcessOutputs(feed, typometer: { typometerRun($0, threads: nil, feed: feed.path) },
                                    pango: try pangoRun(threads: cores, feed: feed.path))
            progress("whole process on the \(feed.name) feed (\(feed.posts.count) posts)")
            var processes: [ProcessRun] = []
            for profile in options.realProfiles {
                processes += [typometerRun(profile, threads: nil, feed: feed.path),
                              typometerRun(profile, threads: 1, feed: feed.path)]
            }
            if options.pango {
                processes += [try pangoRun(threads: cores, feed: feed.path), try pangoRun(threads: 1, feed: feed.path)]
            }
            let samples = try time(processes)
            let pangoSingle = samples["pango 1"]
            let pangoParallel = samples["pango \(cores)"]
            let target = Self.processTarget(feed: feed.name)
            for profile in options.realProfiles {
                let all = samples["typometer \(profile) all"]!
                let single = samples["typometer \(profile) 1"]!
                func row(_ threads: String, _ typometerSamples: Samples, against pangoLabel: String,
                         _ pangoSamples: Samples?, target: String = "—", met: String = "—") -> TableRow {
                    let perPost = typometerSamples.median / Double(feed.posts.count)
                    return TableRow(
                        measurement: "Real, \(feed.name) feed: whole process, \(threads), `.\(profile)` "
                            + "(`typometer measure` vs \(pangoLabel))",
                        typometer: formatDuration(typometerSamples.median) + " (\(formatDuration(perPost))/post)",
                        spread: formatSpread(typometerSamples),
                        pango: pangoSamples.map(formatProcessSamples) ?? "—",
                        ratio: pangoSamples.map { formatRatio($0.median / typometerSamples.median) } ?? "—",
                        target: target, met: met)
                }
                // The baseline is a plain Pango program: one thread.
                realRows.append(row(
                    "all \(cores) cores", all, against: "`pango-measure --threads 1`, Pango on one thread: the target's baseline",
                    pangoSingle, target: "≥ \(format(target, digits: 0))× Pango on 1 thread",
                    met: pangoSingle.map { metCell($0.median / all.median >= target) } ?? "—"))
                realRows.append(row(
                    "all \(cores) cores", all,
                    against: "`pango-measure --threads \(cores)`, Pango on every core; the target is against 1 thread",
                    pangoParallel))
                realRows.append(row("1 thread", single, against: "`pango-measure --threads 1`", pangoSingle))
            }
        }
    }

    /// The whole-process target on a feed: how many times faster than Pango
    /// on one thread `typometer measure` on every core must be (issue 38;
    /// issue 14 asked 30× and 10×).
    static func processTarget(feed: String) -> Double { feed == "English" ? 60 : 20 }

    /// "3.10 s (3.05 s – 3.20 s)": a median with its range, for the Pango column.
    func formatProcessSamples(_ samples: Samples) -> String {
        formatDuration(samples.median) + " (" + formatSpread(samples) + ")"
    }

    /// Runs each tool once on `feed` with its output kept, and checks that
    /// each wrote one line per post, in order; compares the `.pango`
    /// profile's lines with pango-measure's.
    func checkProcessOutputs(_ feed: RealTextFeed, typometer: (String) -> ProcessRun, pango: ProcessRun) throws {
        let environment = processEnvironment
        progress("whole process: checking the outputs on the \(feed.name) feed")
        func outputLines(_ process: ProcessRun, name: String) throws -> [Substring] {
            let path = RealTextCorpus.directory + "/\(name).out.jsonl"
            _ = try ChildProcess.run(process.executable, process.arguments, outputTo: path, environment: environment)
            let lines = try TextFiles.read(path).split(separator: "\n")
            guard lines.count == feed.posts.count else {
                throw BenchError("\(process.executable) wrote \(lines.count) lines for \(feed.posts.count) posts (\(path))")
            }
            for (index, line) in lines.enumerated() where JSONLines.rawField("id", in: line) != "\(index + 1)" {
                throw BenchError("\(process.executable): line \(index + 1) is not post \(index + 1) (\(path))")
            }
            return lines
        }
        var typometerOutputs: [String: [Substring]] = [:]
        for profile in options.realProfiles {
            typometerOutputs[profile] = try outputLines(typometer(profile), name: "\(feed.name)-typometer-\(profile)")
        }
        var note = "Whole-process check, \(feed.name) feed: `typometer measure` ("
            + options.realProfiles.map { "`.\($0)`" }.joined(separator: ", ") + ")"
        guard options.pango else {
            notes.append(note + " wrote one line per post (\(feed.posts.count)), in order.")
            return
        }
        let pangoLines = try outputLines(pango, name: "\(feed.name)-pango-measure")
        note += " and `pango-measure` each wrote one line per post (\(feed.posts.count)), in order"
        if let ours = typometerOutputs["pango"] {
            var sameLines = 0
            var sameHeight = 0
            for (mine, theirs) in zip(ours, pangoLines) {
                if JSONLines.numberField("lines", in: mine) == JSONLines.numberField("lines", in: theirs) { sameLines += 1 }
                if let a = JSONLines.numberField("height", in: mine), let b = JSONLines.numberField("height", in: theirs),
                   abs(a - b) < 0.01 { sameHeight += 1 }
            }
            note += "; `typometer measure --profile pango` gave pango-measure's line count for \(sameLines) "
                + "and its height (±0.01 pt) for \(sameHeight) of them"
        }
        notes.append(note + ".")
    }
}
