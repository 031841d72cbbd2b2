#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Typometer
import TypometerJSONLines

/// `typometer measure`: the line count and height of every text in a JSON
/// Lines stream, at one or more widths, in input order.
enum MeasureCommand: Subcommand {
    static let name = "measure"
    static let summary = "line counts and heights of JSON Lines texts at given widths"
    static let help = """
        Usage: typometer measure [FILE] [options]

        Reads JSON Lines from FILE (or stdin when FILE is absent or -), each an
        object with "id" (any JSON value) and "text" (or "runs", a styled text),
        optionally "width" and style members (below). Writes one JSON line per
        input line and width, in input order, as each chunk of 1,000 lines is done:
          {"id":…,"width":W,"lines":L,"height":H}      (height in points = CSS px)
        With --intrinsic each also has "min_content_width" and "max_content_width"
        (CSS min-content and max-content of the text) and "used_width" (its widest
        line at W).
        A bad line gets {"id":…,"line":N,"error":"…"} in its place (the id when
        known) and the run goes on. Blank lines are skipped.
        Exit status: 0 all measured, 1 some lines failed, 2 bad options.

        Options:
          --width PT          wrapping width in points; repeat for several widths
                              (default: 320; a line's "width" replaces them)
          --first-line N      number the first input line N in "line" (default: 1),
                              for a piece of a larger input measured on its own
          --intrinsic         add the text's intrinsic widths and the used width
        \(StyleOptions.help)
        \(StyleOptions.runsHelp)

        Example:
          typometer measure Corpus/sample-feed.jsonl --width 280 --width 320
          echo '{"id":1,"text":"Hello, world"}' | typometer measure --font Inter --size 13
        """

    static func run(_ arguments: [String]) throws(UsageError) -> Int32 {
        let parsed = try ParsedArguments(
            arguments, valued: StyleOptions.valued.union(["width", "first-line"]),
            flags: StyleOptions.flags.union(["intrinsic"]))
        let path = try parsed.operands(atMost: 1).first
        let options = try StyleOptions(parsed, command: name)
        let givenWidths = try parsed.numbers("width", in: 0...1e9)
        let widths = givenWidths.isEmpty ? [320] : givenWidths
        // Up to a trillion: line numbers stay whole numbers in the output's JSON.
        let firstLine = try parsed.integer("first-line", in: 1...1_000_000_000_000) ?? 1
        let intrinsic = parsed.has("intrinsic")
        let input: InputChunks
        do {
            input = try InputChunks(path: path, firstLineNumber: firstLine, maximumLineLength: options.maximumLineLength)
        } catch {
            throw UsageError("\(error)")
        }

        let output = OutputBuffer()
        let progress = ProgressBar(isEnabled: options.showsProgress, totalBytes: input.totalBytes)
        var failed = false
        do {
            while let chunk = try input.next() {
                let results = chunk.parallelMap(threads: options.threads) { line in
                    measure(line, widths: widths, options: options, intrinsic: intrinsic)
                }
                options.sayMemberWarnings()
                for result in results {
                    switch result {
                    case .success(let bytes): output.append(bytes)
                    case .failure(let failure):
                        failed = true
                        output.append(failure.json + "\n")
                    }
                }
                output.flush()
                progress.advance(by: chunk.count, bytesRead: input.reader.bytesRead)
            }
        } catch {
            output.flush()
            StandardError.write("typometer measure: \(error)\n")
            return ExitStatus.someInputFailed
        }
        progress.finish(bytesRead: input.reader.bytesRead)
        // Everything is written: end here rather than free the measurers'
        // caches entry by entry on the way out (milliseconds for a feed).
        exit(failed ? ExitStatus.someInputFailed : ExitStatus.success)
    }

    /// The members of an input line `measure` reads.
    static let memberNames = StyleOptions.memberNames.adding(["runs", "width"])

    /// The output lines for one input line (one per width), as UTF-8, or
    /// why it failed.
    static func measure(
        _ line: InputLine, widths: [Double], options: StyleOptions, intrinsic: Bool = false
    ) -> Result<[UInt8], LineFailure> {
        do throws(LineFailure) {
            let record = try InputRecord(line)
            try options.checkMembers(of: record, known: memberNames)
            let widths = try record.number("width", in: 0...1e9).map { [$0] } ?? widths
            let measurer = try options.measurer(for: record)
            var result: [UInt8] = []
            result.reserveCapacity(64 * widths.count)
            if let styled = try options.styledText(for: record) {
                do {
                    let intrinsicWidths = intrinsic
                        ? (min: try measurer.minContentWidth(of: styled), max: try measurer.maxContentWidth(of: styled)) : nil
                    for width in widths {
                        // The widest line box only where it is printed.
                        let size = if intrinsic {
                            try measurer.size(of: styled, width: width)
                        } else {
                            try TextSize(measurer.lineCountAndHeight(of: styled, width: width))
                        }
                        append(size, width: width, intrinsic: intrinsicWidths, record: record, to: &result)
                    }
                } catch {
                    throw record.failure("\(error)")
                }
                return .success(result)
            }
            let text = try record.string("text")
            let intrinsicWidths = intrinsic
                ? (min: measurer.minContentWidth(of: text), max: measurer.maxContentWidth(of: text)) : nil
            if widths.count == 1 {
                let size = intrinsic
                    ? measurer.size(of: text, width: widths[0])
                    : TextSize(measurer.lineCountAndHeight(of: text, width: widths[0]))
                append(size, width: widths[0], intrinsic: intrinsicWidths, record: record, to: &result)
            } else {
                let prepared = measurer.prepare(text)
                for width in widths {
                    let size = intrinsic
                        ? measurer.size(of: prepared, width: width)
                        : TextSize(measurer.lineCountAndHeight(of: prepared, width: width))
                    append(size, width: width, intrinsic: intrinsicWidths, record: record, to: &result)
                }
            }
            return .success(result)
        } catch {
            return .failure(error)
        }
    }

    /// One output line: `{"id":…,"width":W,"lines":L,"height":H}` (with
    /// the intrinsic widths and the used width when asked) and a newline
    /// (`"line":N` in place of a missing id).
    private static func append(
        _ measured: TextSize, width: Double, intrinsic: (min: Double, max: Double)?, record: InputRecord,
        to bytes: inout [UInt8]
    ) {
        if record.hasID {
            JSONText.append(#"{"id":"#, to: &bytes)
            record.appendRawID(to: &bytes)
        } else {
            JSONText.append(#"{"line":"#, to: &bytes)
            JSONText.append(Double(record.lineNumber), to: &bytes)
        }
        JSONText.append(#","width":"#, to: &bytes)
        JSONText.append(width, to: &bytes)
        JSONText.append(#","lines":"#, to: &bytes)
        JSONText.append(Double(measured.lineCount), to: &bytes)
        JSONText.append(#","height":"#, to: &bytes)
        JSONText.append(measured.height, to: &bytes)
        if let intrinsic {
            JSONText.append(#","min_content_width":"#, to: &bytes)
            JSONText.append(intrinsic.min, to: &bytes)
            JSONText.append(#","max_content_width":"#, to: &bytes)
            JSONText.append(intrinsic.max, to: &bytes)
            JSONText.append(#","used_width":"#, to: &bytes)
            JSONText.append(measured.width, to: &bytes)
        }
        JSONText.append("}\n", to: &bytes)
    }
}

private extension TextSize {
    /// A line count and height, with no width (it is printed only with
    /// `--intrinsic`).
    init(_ measured: (lineCount: Int, height: Double)) {
        self.init(width: 0, height: measured.height, lineCount: measured.lineCount)
    }
}
