import Typometer
import TypometerJSONLines
import TypometerLayout

/// `typometer render`: a PNG of a laid-out page, or of one text at one
/// width, drawn with Typometer's line breaks so a person sees at a glance
/// that every text fits its box.
enum RenderCommand: Subcommand {
    static let name = "render"
    static let summary = "a PNG of a laid-out page (masonry, timeline, flow) or one text, drawn with Typometer's line breaks"
    static let help = """
        Usage: typometer render [FILE] [options]
               typometer render Docs/layouts/timeline.jsonl --layout timeline --time-scale 1.2 --minimum-height 22 --container-width 480 --output day.png
          typometer render --text TEXT --width PT [options]

        Lays out the JSON Lines items of FILE (or stdin) as `typometer layout`
        does (any --layout) and draws each into its frame, outlined in gray,
        the text broken into the lines Typometer measured. A masonry card: an
        image placeholder in blue, the text, chrome in light gray. A flow chip:
        a blue-gray chip, its text inside the padding. A timeline interval: a
        green-gray box with as many lines of its text as its height holds. The
        text box is outlined green when every drawn line fits the width and the
        lines fill exactly the measured height (an interval: the whole text
        fits in the box), red when not. Content above y = 0 (intervals before
        a timeline's origin) is drawn too. With --text, draws that one text at
        --width instead.

        Each character is drawn from the face Typometer measured it in (the
        style's face, a fallback face, the color emoji face), as the lines'
        runs shaped with HarfBuzz and put in visual order (UAX #9: Hebrew and
        Arabic read right to left), with FreeType: outlines anti-aliased, color
        emoji in color from their bitmap strikes. Still simplified: each glyph
        sits on a whole pixel, with light hinting and grayscale anti-aliasing,
        so edges differ slightly from a browser's; a character no face has is
        drawn as its face's .notdef box (Pango draws a hex box of its code).
        A picture over 1,000,000 px a side or 268,435,456 px in all is refused
        before anything is drawn. The PNG replaces --output only once written
        whole: a failed render leaves an existing file as it was.
        Exit status: 0 all texts fit, 1 some item failed or did not fit, 2 bad options.

        Options:
          --output PATH          where to write the PNG (default: typometer.png)
          --scale N              pixels per point (default: 1)
          --text TEXT            draw this text alone ...
          --width PT             ... at this width (default: 320)
          --limit N              draw only the first N items (default: all)
          --layout NAME and its options, --container-width PT   as for `typometer layout`
        \(StyleOptions.help)

        Examples:
          typometer render Corpus/sample-feed.jsonl --columns 3 --container-width 960 --limit 60 --output page.png
          typometer render Docs/layouts/timeline.jsonl --layout timeline --time-scale 1.2 --minimum-height 22 --container-width 480 --output day.png
          typometer render --text "Shipped the new release today 🎉" --width 120 --size 20 --output one.png
        """

    static func run(_ arguments: [String]) throws(UsageError) -> Int32 {
        let parsed = try ParsedArguments(
            arguments, valued: LayoutCommand.valued.union(["output", "scale", "text", "width", "limit"]),
            flags: StyleOptions.flags)
        let path = try parsed.operands(atMost: 1).first
        let options = try StyleOptions(parsed, command: name)
        let output = parsed.value("output") ?? "typometer.png"
        let scale = try parsed.number("scale", in: 0.1...8) ?? 1
        let limit = try parsed.integer("limit", in: 1...Int(Int32.max))
        let painter = PagePainter(store: options.store, scale: scale)
        var failed = false
        var canvas: Canvas
        do {
            if let text = parsed.value("text") {
                guard path == nil else { throw UsageError("give a FILE or --text, not both") }
                let width = try parsed.number("width", in: 0...1e5) ?? 320
                let measurer = try options.store.measurer(for: options.defaultStyle)
                let card = Card(rawID: nil, lineNumber: 0, text: text, style: options.defaultStyle,
                                item: MasonryItem(textHeight: measurer.height(of: text, width: width)))
                canvas = try painter.canvas(width: width, height: card.item.textHeight)
                failed = try !painter.draw(card, in: LayoutFrame(x: 0, y: 0, width: width, height: card.item.textHeight), on: &canvas)
            } else {
                guard parsed.value("width") == nil else { throw UsageError("--width goes with --text; pages use --container-width") }
                switch try LayoutChoice(parsed) {
                case .masonry: (canvas, failed) = try render(MasonryCards(parsed), path: path, limit: limit, options: options, painter: painter)
                case .timeline: (canvas, failed) = try render(TimelineCards(parsed), path: path, limit: limit, options: options, painter: painter)
                case .flow: (canvas, failed) = try render(FlowCards(parsed), path: path, limit: limit, options: options, painter: painter)
                }
            }
            try PNGFile.write(canvas, to: output)
        } catch let error as UsageError {
            throw error
        } catch {
            StandardError.write("typometer render: \(error)\n")
            return ExitStatus.someInputFailed
        }
        return failed ? ExitStatus.someInputFailed : ExitStatus.success
    }

    /// The input's items (up to `limit`) laid out with `cards`' layout and drawn, from the
    /// content's top (y = 0, or higher when items reach above it) to its bottom; whether any
    /// item failed or did not fit.
    private static func render<Cards: ToolLayout>(_ cards: Cards, path: String?, limit: Int?, options: StyleOptions,
                                                  painter: PagePainter) throws -> (Canvas, failed: Bool) {
        let (read, anyFailed) = try readCards(path: path, limit: limit, options: options) { cards.card($0, options: options) }
        let snapshot = try cards.snapshot(of: read)
        let top = snapshot.frames.reduce(0) { min($0, $1.y, $1.maxY) }
        let bottom = snapshot.frames.reduce(snapshot.contentHeight) { max($0, $1.y, $1.maxY) }
        painter.originY = top
        var canvas = try painter.canvas(width: snapshot.containerWidth, height: bottom - top)
        var failed = anyFailed
        for (card, frame) in zip(read, snapshot.frames) {
            if try !cards.draw(card, in: frame, with: painter, on: &canvas) { failed = true }
        }
        return (canvas, failed)
    }

    /// Every item of the input (up to `limit`) read by `card`; failures reported on stderr.
    private static func readCards<Item>(
        path: String?, limit: Int?, options: StyleOptions,
        _ card: @escaping @Sendable (InputLine) -> Result<Card<Item>, LineFailure>
    ) throws -> (cards: [Card<Item>], anyFailed: Bool) {
        let input: InputChunks
        do {
            input = try InputChunks(path: path, maximumLineLength: options.maximumLineLength)
        } catch {
            throw UsageError("\(error)")
        }
        var cards: [Card<Item>] = []
        var anyFailed = false
        while let chunk = try input.next(), cards.count < (limit ?? .max) {
            let results = chunk.parallelMap(threads: options.threads, card)
            options.sayMemberWarnings()
            for result in results {
                switch result {
                case .success(let card): if cards.count < (limit ?? .max) { cards.append(card) }
                case .failure(let failure):
                    anyFailed = true
                    StandardError.write(failure.json + "\n")
                }
            }
        }
        return (cards, anyFailed)
    }
}
