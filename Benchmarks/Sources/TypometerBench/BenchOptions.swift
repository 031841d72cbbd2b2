import BenchSupport

/// The command line: which rows to run and how hard.
struct BenchOptions {
    /// Row groups in the order the table prints them.
    static let allRows = ["cold", "warm", "hit", "rewidth", "10k", "100k", "million", "limit", "memory", "speed"]
    static let usage = """
        usage: typometer-bench [--only ROW[,ROW...]] [--runs N] [--iterations N]
                               [--profile chromium|pango] [--no-pango]

          --only ROW      run only these rows: \(allRows.joined(separator: ", "))
                          (cold includes the hb_shape floor; speed needs 100k
                          and Pango's per-post cost; million also reports its
                          own peak memory)
          --runs N        timed runs per row after one warm-up, median reported
                          (default 7 for per-post rows, 7/5/3 for 10k/100k/1M)
          --iterations N  posts per timed run in the per-post rows (default 1000)
          --profile P     the renderer Typometer reproduces (default chromium)
          --no-pango      skip every Pango measurement
        Under valgrind --tool=callgrind --collect-atstart=no, only Typometer's
        calls in the cold and warm rows are counted.
        """

    var rows: [String] = BenchOptions.allRows
    var runs: Int?
    var iterations = 1000
    var profile = "chromium"
    var pango = true
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
                rows = try value(after: argument).split(separator: ",").map(String.init)
                for row in rows where !Self.allRows.contains(row) {
                    throw BenchError("unknown row \(row); rows: \(Self.allRows.joined(separator: ", "))")
                }
            case "--runs": runs = try count(after: argument)
            case "--iterations": iterations = try count(after: argument)
            case "--profile":
                profile = try value(after: argument)
                guard profile == "chromium" || profile == "pango" else { throw BenchError("unknown profile \(profile)") }
            case "--no-pango": pango = false
            case "--memory-child": memoryChild = true
            case "--help", "-h": throw BenchError(Self.usage)
            default: throw BenchError("unknown argument \(argument)\n\n\(Self.usage)")
            }
        }
    }

    /// Timed runs for a row whose default is `standard`.
    func runs(default standard: Int) -> Int { runs ?? standard }
}
