import BenchSupport

/// SkParagraph, Skia's paragraph layout, over a feed: the Python script
/// `Benchmarks/SkParagraph/skparagraph_pass.py` (skia-python) run as a
/// child process, which times its own runs over the feed's posts with the
/// bundled fonts at the benchmark's size and width.
enum SkParagraphPass {
    static var script: String { RepositoryPaths.root + "/Benchmarks/SkParagraph/skparagraph_pass.py" }

    /// What a pass gave: seconds per post of each run, or why it was skipped.
    enum Outcome {
        case measured(Samples)
        case skipped(String)
    }

    /// Runs the script over `feed` (`runs` timed runs after a warm-up) with
    /// the first `python3` on the `PATH`.
    /// - Throws: ``BenchError`` when the script fails or prints no run.
    static func run(feed: RealTextFeed, size: Double, width: Double, runs: Int) throws(BenchError) -> Outcome {
        let output = try ChildProcess.output(of: "/usr/bin/env", [
            "python3", script, "--fonts", RepositoryPaths.fontsDirectory, "--size", JSONLines.number(size),
            "--width", JSONLines.number(width), "--runs", String(runs), feed.path,
        ])
        var perPost: [Double] = []
        for line in output.split(separator: "\n") {
            if let reason = JSONLines.stringField("skipped", in: line) { return .skipped(reason) }
            if let seconds = JSONLines.numberField("seconds", in: line) {
                perPost.append(seconds / Double(max(1, feed.posts.count)))
            }
        }
        guard !perPost.isEmpty else { throw BenchError("\(script) printed no run:\n\(output)") }
        return .measured(Samples(perPost))
    }
}
