import Typometer
import TypometerJSONLines
import TypometerLayout

/// `typometer layout`: measures each item's text and places the items with the layout
/// `--layout` names (masonry, timeline, flow), writing one frame per item.
enum LayoutCommand: Subcommand {
    static let name = "layout"
    static let summary = "masonry, timeline or flow frames for JSON Lines items, texts measured where they wrap"
    static let help = """
        Usage: typometer layout [FILE] [--layout masonry|timeline|flow] [options]

        Reads JSON Lines items from FILE (or stdin), each with an "id" and the
        per-line style fields of `typometer measure`, places them with the
        layout --layout names (default: masonry) in --container-width points
        (default: 720), and writes one line per item, in input order:
          {"id":…,"x":X,"y":Y,"width":W,"height":H,"text_height":T}
        A bad item gets {"id":…,"line":N,"error":"…"} and takes no place.
        Exit status: 0 all placed, 1 some items failed, 2 bad options.

        --layout masonry: cards in equal columns, each at the top of the
        shortest column. Item fields: "text" (measured at the column width),
        optionally "chrome" (fixed points added to the card: padding,
        captions) and "image_aspect_ratio" (width/height of an image spanning
        the column). Streamed by chunks.
          --columns N            number of columns (default: 2)
          --spacing PT           gap between columns and cards (default: 8)

        --layout timeline: intervals on a vertical time axis; overlapping
        intervals split the width into lanes (each takes the lowest free lane;
        equal starts in input order). Item fields: "start" and "duration"
        (units of time, duration at least 0; y = start × time scale, negative
        before the origin), optionally "text" (drawn in the interval; its
        text_height is measured at the lane's width). Written once all items
        are read: a later interval can narrow earlier ones.
          --time-scale PT        points per unit of time (default: 1)
          --minimum-height PT    least height of an interval, e.g. for a zero duration (default: 0)
          --spacing PT           gap between lanes (default: 8)

        --layout flow: chips wrapped into rows, left to right. Item fields:
        "text" (the chip is as wide as the narrowest width that holds the text
        on one line, plus padding; a chip wider than the container is narrowed
        to it, filling a row, and its text wraps; a chip goes in a row when its
        right edge is at most the container width), optionally "padding"
        (points left and right of the text, each) and "vertical_padding" (above
        and below, each).
        Streamed by chunks.
          --spacing PT           gap between chips in a row (default: 8)
          --row-spacing PT       gap between rows (default: the spacing)
          --padding PT           chips' padding left and right (default: 12)
          --vertical-padding PT  chips' padding above and below (default: 4)

        Options:
          --layout NAME          masonry, timeline or flow (default: masonry)
          --container-width PT   width of the content (default: 720)
          --summary              end with {"summary":{"items",…,"content_height"}}: masonry
                                 adds "columns" and "column_width", timeline "time_scale",
                                 flow "row_spacing"
        \(StyleOptions.help)

        Examples:
          typometer layout Corpus/sample-feed.jsonl --columns 3 --container-width 960 --summary
          echo '{"id":"standup","start":540,"duration":15,"text":"Stand-up"}' | typometer layout --layout timeline --time-scale 2
          echo '{"id":"t1","text":"typography"}' | typometer layout --layout flow --container-width 320
        """

    static let valued: Set<String> = StyleOptions.valued.union(LayoutChoice.options)
    static let flags: Set<String> = StyleOptions.flags.union(["summary"])

    static func run(_ arguments: [String]) throws(UsageError) -> Int32 {
        let parsed = try ParsedArguments(arguments, valued: valued, flags: flags)
        let path = try parsed.operands(atMost: 1).first
        let options = try StyleOptions(parsed, command: name)
        let summary = parsed.has("summary")
        switch try LayoutChoice(parsed) {
        case .masonry: return try run(MasonryCards(parsed), path: path, options: options, summary: summary)
        case .timeline: return try run(TimelineCards(parsed), path: path, options: options, summary: summary)
        case .flow: return try run(FlowCards(parsed), path: path, options: options, summary: summary)
        }
    }

    /// Reads, measures, places and writes the items with `cards`' layout.
    static func run<Cards: ToolLayout>(_ cards: Cards, path: String?, options: StyleOptions,
                                       summary: Bool) throws(UsageError) -> Int32 {
        var snapshot = cards.emptySnapshot
        let input: InputChunks
        do {
            input = try InputChunks(path: path, maximumLineLength: options.maximumLineLength)
        } catch {
            throw UsageError("\(error)")
        }

        let output = OutputBuffer()
        let progress = ProgressBar(isEnabled: options.showsProgress, totalBytes: input.totalBytes)
        var failed = false
        var unwritten: [Result<Card<Cards.Item>, LineFailure>] = []
        var firstUnwritten = 0
        do {
            while let chunk = try input.next() {
                let results = chunk.parallelMap(threads: options.threads) { cards.card($0, options: options) }
                options.sayMemberWarnings()
                try snapshot.append(results.compactMap { try? $0.get() }.map(cards.layoutItem(of:)))
                unwritten += results
                if Cards.streams {
                    failed = try write(unwritten, from: firstUnwritten, of: snapshot, cards, options, to: output) || failed
                    firstUnwritten = snapshot.count
                    unwritten = []
                }
                progress.advance(by: chunk.count, bytesRead: input.reader.bytesRead)
            }
            failed = try write(unwritten, from: firstUnwritten, of: snapshot, cards, options, to: output) || failed
        } catch {
            output.flush()
            StandardError.write("typometer layout: \(error)\n")
            return ExitStatus.someInputFailed
        }
        if summary {
            output.append(JSONText.object([("summary", JSONText.object(
                [("items", String(snapshot.count))] + cards.summary(of: snapshot)
                    + [("content_height", JSONText.number(snapshot.contentHeight))]))]) + "\n")
            output.flush()
        }
        progress.finish(bytesRead: input.reader.bytesRead)
        return failed ? ExitStatus.someInputFailed : ExitStatus.success
    }

    /// Writes one line per result, the placed ones with their frames (from item `first`
    /// on), and returns whether any line failed.
    private static func write<Cards: ToolLayout>(
        _ results: [Result<Card<Cards.Item>, LineFailure>], from first: Int, of snapshot: LayoutSnapshot<Cards.Kind>,
        _ cards: Cards, _ options: StyleOptions, to output: OutputBuffer
    ) throws -> Bool {
        var index = first
        var failed = false
        for result in results {
            switch result {
            case .success(let card):
                let frame = snapshot.frames[index]
                let textHeight = try cards.textHeight(of: card, in: frame, store: options.store)
                output.append(card.json(frame: frame, textHeight: textHeight) + "\n")
                index += 1
            case .failure(let failure):
                failed = true
                output.append(failure.json + "\n")
            }
        }
        output.flush()
        return failed
    }
}
