import BenchSupport
import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// `pango-measure`: the whole-process Pango peer of `typometer measure`.
/// Reads a JSON Lines feed (`{"id":…,"text":"…"}` per line), lays each text
/// out with a fresh `PangoLayout` exactly as typometer-bench's Pango does
/// (`bench_pango_height`: Noto Sans 15 pt from the bundled `Fonts/`, a
/// private Fontconfig, PangoCairo at 72 dpi, unhinted metrics,
/// `WRAP_WORD_CHAR`, insert-hyphens off) and writes
/// `{"id":…,"width":W,"lines":L,"height":H}` per line, in input order.
@main
struct PangoMeasure {
    static let usage = """
        usage: pango-measure [--threads N] [--width PT] FEED

          FEED          JSON Lines, one object with "id" and "text" per line
          --threads N   laying-out threads, each with its own font map and
                        context (default 1); output stays in input order
          --width PT    wrapping width in points (default 320)
        Exit status: 0 every line measured, 1 some line had no "text", 2 bad
        options or setup.
        """

    static let family = "Noto Sans"
    static let size = 15.0

    static func main() {
        do {
            exit(try run(Array(CommandLine.arguments.dropFirst())))
        } catch {
            printError("pango-measure: \(error)")
            exit(2)
        }
    }

    static func run(_ arguments: [String]) throws(BenchError) -> Int32 {
        var threads = 1
        var width = 320.0
        var path: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--threads":
                guard let value = remaining.popFirst().flatMap({ Int($0) }), value > 0 else {
                    throw BenchError("--threads needs a positive number\n\n\(usage)")
                }
                threads = value
            case "--width":
                guard let value = remaining.popFirst().flatMap({ Double($0) }), value.isFinite, value >= 0 else {
                    throw BenchError("--width needs a number of points\n\n\(usage)")
                }
                width = value
            case "--help", "-h": throw BenchError(usage)
            default:
                guard path == nil, !argument.hasPrefix("--") else { throw BenchError("unexpected \(argument)\n\n\(usage)") }
                path = argument
            }
        }
        guard let path else { throw BenchError("no feed given\n\n\(usage)") }

        let feed = try TextFiles.read(path)
        let lines = feed.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
        let layouters = try makeLayouters(count: min(threads, max(1, lines.count)))
        let results = measure(lines, width: width, layouters: layouters)
        var output = results.joined()
        output.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(1, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
        return results.contains { $0.hasSuffix("\"error\":\"no text\"}\n") } ? 1 : 0
    }

    /// One Pango per thread, all on one private Fontconfig whose font scan
    /// is kept between runs (as an installed system keeps it), so a run
    /// pays for reading the scan, not for making it.
    static func makeLayouters(count: Int) throws(BenchError) -> [PangoLayouter] {
        let cache = RepositoryPaths.benchmarksBuild + "/fontconfig-cache"
        try TextFiles.makeDirectories(cache)
        let fontconfig = try PrivateFontconfig(fontsDirectory: RepositoryPaths.fontsDirectory, cacheDirectory: cache)
        defer { fontconfig.remove() }
        var layouters: [PangoLayouter] = []
        for _ in 0..<count {
            layouters.append(try PangoLayouter(
                fontconfigFile: fontconfig.file, family: family, size: size,
                expectedFile: RepositoryPaths.fontsDirectory + "/NotoSans-Regular.ttf"))
        }
        return layouters
    }

    /// The output line for each input line, in input order; each thread
    /// takes the next unclaimed line with its own layouter.
    static func measure(_ lines: [Substring], width: Double, layouters: [PangoLayouter]) -> [String] {
        let next = Atomic<Int>(0)
        let widthText = JSONLines.number(width)
        return [String](unsafeUninitializedCapacity: lines.count) { buffer, initialized in
            let slots = Slots(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: layouters.count) { lane in
                let layouter = layouters[lane]
                while true {
                    let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard index < lines.count else { return }
                    slots.base.advanced(by: index).initialize(
                        to: outputLine(for: lines[index], number: index + 1, width: width, widthText: widthText,
                                       layouter: layouter))
                }
            }
            initialized = lines.count
        }
    }

    /// `{"id":…,"width":W,"lines":L,"height":H}` for one input line, or an
    /// error object when it has no "text".
    static func outputLine(
        for line: Substring, number: Int, width: Double, widthText: String, layouter: PangoLayouter
    ) -> String {
        let id = JSONLines.rawField("id", in: line).map { "\"id\":\($0)" } ?? "\"line\":\(number)"
        guard let text = JSONLines.stringField("text", in: line) else {
            return "{\(id),\"error\":\"no text\"}\n"
        }
        let layout = layouter.layout(of: text, width: width)
        return "{\(id),\"width\":\(widthText),\"lines\":\(layout.lines),\"height\":\(JSONLines.number(layout.height))}\n"
    }
}

/// The result storage, shared by the threads: each writes distinct slots,
/// which is what makes the unchecked `Sendable` sound.
private struct Slots: @unchecked Sendable {
    let base: UnsafeMutablePointer<String>
}
