import BenchSupport

/// The command line: which rows to run and how hard.
struct BenchOptions {
    /// The real-text rows (``RealTextCorpus``), in the order the table prints them.
    static let realRows = [
        "real-process", "real-first-pass", "real-steady", "real-cached", "real-new-word", "real-rewidth", "real-agreement",
        "real-styled", "real-size", "real-ratio",
    ]
    /// The synthetic (Zipf) rows, in the order the table prints them.
    static let syntheticRows = ["cold", "warm", "hit", "rewidth", "10k", "100k", "million", "limit", "memory", "speed"]
    /// The per-script rows (issue 38), printed as a table of their own.
    static let scriptRows = ["scripts"]
    /// The rows made for callgrind (one thread, collection toggled around
    /// Typometer's calls), run only when asked for.
    static let countRows = ["real-count", "real-count-steady", "real-count-styled"]
    /// Every row: the real ones first, then the per-script ones, the count
    /// rows and the synthetic ones.
    static let allRows = realRows + scriptRows + countRows + syntheticRows
    static let usage = """
        usage: typometer-bench [--only ROW[,ROW...]] [--runs N] [--iterations N]
                               [--words N] [--profile chromium|pango]
                               [--feed english|multilingual] [--script NAME[,NAME...]]
                               [--no-pango] [--build-feeds]

          --only ROW      run only these rows (default: all but the count rows):
                          real (= \(realRows.prefix(4).joined(separator: ", ")),
                          \(realRows.dropFirst(4).joined(separator: ", "))),
                          scripts (each script's feed: whole process and
                          library first pass, beside Pango and SkParagraph),
                          \(countRows.joined(separator: ", ")) (for callgrind),
                          \(syntheticRows.joined(separator: ", "))
                          (real-cached: the English feed again at a new width,
                          every word cached, per post and per word;
                          real-new-word: words never seen, each beside one
                          hb_shape of it; cold includes the hb_shape floor;
                          speed needs 100k and Pango's per-post cost; million
                          also reports its own peak memory)
          --runs N        timed runs per row after one warm-up, median reported
                          (default 5 for real rows, 3 for scripts, 7 for
                          per-post rows, 7/5/3 for 10k/100k/1M)
          --iterations N  posts per timed run in the synthetic per-post rows
                          (default 1000)
          --words N       distinct words timed in real-new-word (default 5000)
          --profile P     the renderer Typometer reproduces (default: both for
                          the real rows, chromium for the synthetic ones)
          --feed F        the real rows' feed (default: both; the count rows:
                          english)
          --script NAME   the scripts row's feeds (default: all of
                          \(WritingScript.all.map { $0.name.lowercased() }.joined(separator: ", ")))
          --no-pango      skip every Pango measurement
          --build-feeds   build the real-text feeds (and the per-script
                          ones) again, print their
                          statistics and stop
        Under valgrind --tool=callgrind --collect-atstart=no, only Typometer's
        calls in the cold, warm and count rows are counted (one feed and one
        profile per run: the count rows default to english and chromium).
        """

    var rows: [String] = BenchOptions.allRows.filter { !BenchOptions.countRows.contains($0) }
    var runs: Int?
    var iterations = 1000
    /// Distinct words of the English feed timed in the new-word row.
    var words = 5_000
    /// `nil`: both profiles in the real rows, `chromium` in the synthetic ones.
    var profile: String?
    /// `nil`: both feeds in the real rows.
    var feed: String?
    /// `nil`: every script's feed in the scripts row; else lower-case names.
    var scripts: [String]?
    var pango = true
    var buildFeeds = false
    /// Internal: the child process that measures the 1M pass's peak memory.
    var memoryChild = false

    init(arguments: [String]) throws(BenchError) {
        var remaining = arguments[...]
        func value(after flag: String) throws(BenchError) -> String {
            guard let next = remaining.popFirst() else { throw BenchError("\(flag) needs a value\n\n\(Self.usage)") }
            return next
        }
        func count(after flag: String) throws(BenchError) -> Int {
            let text = try value(after: flag)
            guard let number = Int(text), number > 0 else { throw BenchError("\(flag) needs a positive number, not \(text)") }
            return number
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--only":
                rows = try value(after: argument).split(separator: ",").flatMap { name in
                    name == "real" ? Self.realRows : [String(name)]
                }
                for row in rows where !Self.allRows.contains(row) {
                    throw BenchError("unknown row \(row); rows: real, \(Self.allRows.joined(separator: ", "))")
                }
            case "--runs": runs = try count(after: argument)
            case "--iterations": iterations = try count(after: argument)
            case "--words": words = try count(after: argument)
            case "--profile":
                let name = try value(after: argument)
                guard name == "chromium" || name == "pango" else { throw BenchError("unknown profile \(name)") }
                profile = name
            case "--feed":
                let name = try value(after: argument)
                guard name == "english" || name == "multilingual" else { throw BenchError("unknown feed \(name)") }
                feed = name
            case "--script":
                let names = try value(after: argument).split(separator: ",").map { $0.lowercased() }
                let known = WritingScript.all.map { $0.name.lowercased() }
                for name in names where !known.contains(name) {
                    throw BenchError("unknown script \(name); scripts: \(known.joined(separator: ", "))")
                }
                scripts = names
            case "--no-pango": pango = false
            case "--build-feeds": buildFeeds = true
            case "--memory-child": memoryChild = true
            case "--help", "-h": throw BenchError(Self.usage)
            default: throw BenchError("unknown argument \(argument)\n\n\(Self.usage)")
            }
        }
    }

    /// Timed runs for a row whose default is `standard`.
    func runs(default standard: Int) -> Int { runs ?? standard }

    /// The profile of the synthetic rows.
    var syntheticProfile: String { profile ?? "chromium" }

    /// The profiles of the real rows.
    var realProfiles: [String] { profile.map { [$0] } ?? ["chromium", "pango"] }

    /// Whether any real row (other than the callgrind count) runs.
    var runsRealRows: Bool { rows.contains { Self.realRows.contains($0) } }

    /// Whether the per-script rows run.
    var runsScriptRows: Bool { rows.contains("scripts") }

    /// Whether any synthetic row runs.
    var runsSyntheticRows: Bool { rows.contains { Self.syntheticRows.contains($0) } }
}
