import Typometer
import TypometerJSONLines
import TypometerLayout

/// `typometer layout`: measures each item's text at the column width and
/// places the items in a masonry grid, writing one frame per item.
enum LayoutCommand: Subcommand {
    static let name = "layout"
    static let summary = "masonry frames for JSON Lines items, texts measured at the column width"
    static let help = """
        Usage: typometer layout [FILE] [options]

        Reads JSON Lines items from FILE (or stdin): "id", "text", optionally
        "chrome" (fixed points added to the card: padding, captions),
        "image_aspect_ratio" (width/height of an image spanning the column) and
        the per-line style fields of `typometer measure`. Each text is measured
        at the column width; each card is placed at the top of the shortest
        column. Writes one line per item, in input order, streamed by chunks:
          {"id":…,"x":X,"y":Y,"width":W,"height":H,"text_height":T}
        A bad item gets {"id":…,"line":N,"error":"…"} and takes no place.
        Exit status: 0 all placed, 1 some items failed, 2 bad options.

        Options:
          --columns N            number of columns (default: 2)
          --spacing PT           gap between columns and cards (default: 8)
          --container-width PT   width of all columns and gaps (default: 720)
          --summary              end with {"summary":{"items","columns","column_width","content_height"}}
        \(StyleOptions.help)

        Example:
          typometer layout Corpus/sample-feed.jsonl --columns 3 --container-width 960 --summary
        """

    static let valued: Set<String> = StyleOptions.valued.union(["columns", "spacing", "container-width"])
    static let flags: Set<String> = StyleOptions.flags.union(["summary"])

    static func run(_ arguments: [String]) throws(UsageError) -> Int32 {
        let parsed = try ParsedArguments(arguments, valued: valued, flags: flags)
        let path = try parsed.operands(atMost: 1).first
        let options = try StyleOptions(parsed)
        var snapshot = try snapshot(parsed)
        let columnWidth = snapshot.columnWidth
        let input: InputChunks
        do {
            input = try InputChunks(path: path, maximumLineLength: options.maximumLineLength)
        } catch {
            throw UsageError("\(error)")
        }

        let output = OutputBuffer()
        let progress = ProgressBar(isEnabled: options.showsProgress, totalBytes: input.totalBytes)
        var failed = false
        do {
            while let chunk = try input.next() {
                let cards = chunk.parallelMap(threads: options.threads) { line in
                    Card.measure(line, columnWidth: columnWidth, options: options)
                }
                let placed = cards.compactMap { try? $0.get() }
                let first = snapshot.count
                do {
                    try snapshot.append(items: placed.map(\.item))
                } catch {
                    StandardError.write("typometer layout: \(error)\n")
                    return ExitStatus.someInputFailed
                }
                var index = first
                for card in cards {
                    switch card {
                    case .success(let card):
                        output.append(card.json(frame: snapshot.frame(at: index)!) + "\n")
                        index += 1
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
            StandardError.write("typometer layout: \(error)\n")
            return ExitStatus.someInputFailed
        }
        if parsed.has("summary") {
            output.append(summary(of: snapshot) + "\n")
            output.flush()
        }
        progress.finish(bytesRead: input.reader.bytesRead)
        return failed ? ExitStatus.someInputFailed : ExitStatus.success
    }

    /// An empty snapshot for the layout options.
    static func snapshot(_ parsed: ParsedArguments) throws(UsageError) -> MasonrySnapshot {
        let columns = try parsed.integer("columns", in: 1...10_000) ?? 2
        let spacing = try parsed.number("spacing", in: 0...1e6) ?? 8
        let containerWidth = try parsed.number("container-width", in: 0...1e9) ?? 720
        do {
            return try MasonrySnapshot(layout: MasonryLayout(columns: columns, spacing: spacing), containerWidth: containerWidth)
        } catch {
            throw UsageError("\(error)")
        }
    }

    /// The summary line: item count, columns, column width and content height.
    static func summary(of snapshot: MasonrySnapshot) -> String {
        JSONText.object([("summary", JSONText.object([
            ("items", String(snapshot.count)),
            ("columns", String(snapshot.layout.columns)),
            ("column_width", JSONText.number(snapshot.columnWidth)),
            ("content_height", JSONText.number(snapshot.contentHeight)),
        ]))])
    }
}
