import BenchSupport
import Typometer

/// The per-script rows (issue 38): each script's feed as a whole process
/// and as the library's first pass, both profiles, beside Pango and
/// SkParagraph in the same run.
extension Benchmark {
    /// Fills ``scriptFigures`` for every script's feed (or `--script`'s).
    func runScripts() async throws {
        let feeds = try RealTextCorpus.scripts().filter { feed in
            options.scripts.map { $0.contains(feed.name.lowercased()) } ?? true
        }
        var figures = feeds.map(ScriptFigures.init)
        let runs = options.runs(default: 3)
        if runningOnValgrind {
            notes.append("scripts: the whole-process rows are skipped under valgrind (they time other processes).")
        } else {
            try checkProcessTools()
            for index in figures.indices {
                let feed = figures[index].feed
                try checkProcessOutputs(feed, typometer: { typometerRun($0, threads: nil, feed: feed.path) },
                                        pango: try pangoRun(threads: 1, feed: feed.path))
                progress("whole process on the \(feed.name) feed (\(feed.posts.count) posts)")
                var processes = options.realProfiles.flatMap { profile in
                    [typometerRun(profile, threads: nil, feed: feed.path), typometerRun(profile, threads: 1, feed: feed.path)]
                }
                if options.pango { processes.append(try pangoRun(threads: 1, feed: feed.path)) }
                let samples = try time(processes, runs: runs)
                for profile in options.realProfiles {
                    figures[index].process[profile] = samples["typometer \(profile) all"]
                    figures[index].processSingle[profile] = samples["typometer \(profile) 1"]
                }
                figures[index].pangoProcess = samples["pango 1"]
            }
        }
        for index in figures.indices {
            let posts = figures[index].feed.posts
            let perPost = 1 / Double(posts.count)
            figures[index].pangoFirstPass = pangoRealPass("the \(figures[index].feed.name) feed", posts)?
                .single.scaled(by: perPost)
            for profile in options.realProfiles {
                progress("first pass over the \(figures[index].feed.name) feed, `.\(profile)`")
                figures[index].firstPass[profile] = try await repeated(runs: runs) { _ in
                    let measurer = try makeMeasurer(profile: Self.profile(named: profile))
                    var heights: [Double] = []
                    let elapsed = try await seconds {
                        heights = try await measurer.heights(of: posts, width: Self.width, concurrency: 1)
                    }
                    sink += heights.last ?? 0
                    return elapsed * perPost
                }
            }
            progress("SkParagraph over the \(figures[index].feed.name) feed")
            figures[index].skParagraph = try SkParagraphPass.run(
                feed: figures[index].feed, size: Self.size, width: Self.width, runs: runs)
        }
        if case .skipped(let reason)? = figures.first?.skParagraph {
            notes.append("SkParagraph skipped: \(reason).")
        }
        scriptFigures = figures
    }
}
