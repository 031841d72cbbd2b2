import Typometer
import TypometerJSONLines
import TypometerLayout

/// `typometer page`: a self-contained web page of a virtualized masonry
/// feed, each card at the frame `typometer layout` gives it, so a browser
/// shows the feed without measuring anything and no card ever moves.
enum PageCommand: Subcommand {
    static let name = "page"
    static let summary = "a virtualized masonry feed page for a browser, cards at Typometer's frames"
    static let help = """
        Usage: typometer page [FILE] --output DIR [options]

        Lays out the JSON Lines items of FILE (or stdin) as `typometer layout`
        does and writes a web page of them into DIR:
          index.html   styles, @font-face rules for the primary family
          page.js      keeps only the cards near the viewport in the DOM
          feed.json    per card: id, frame, text frame, text height, text, style
          fonts/       every face of the primary family (or the --font-file)
        Each card is absolutely positioned at its frame; its text block
        (class tm-text) is styled as the chromium profile assumes:
        white-space: pre-wrap; overflow-wrap: break-word; the font, size and
        line height; a line limit as -webkit-line-clamp. Cards carry data-id
        and data-text-height. Characters the primary faces lack come from the
        browser's own fallback: the heights hold where it finds the faces
        Typometer's font set has (the bundled Fonts/ by default). Open the
        page over HTTP (browsers refuse fetch() and fonts from file://):
          python3 -m http.server --directory DIR   then http://localhost:8000/
        Bad items are reported on stderr as {"id":…,"line":N,"error":"…"} and
        left out. Exit status: 0 page written with every item, 1 some items
        failed or the page could not be written, 2 bad options.

        Options:
          --output DIR           where to write the page (created if missing; required)
          --heights FILE         text heights from elsewhere instead of measuring:
                                 JSON Lines {"id":…,"height":H}, as `typometer measure`
                                 or the Spark job writes them; a line with a "width"
                                 counts only at the column width; an id twice there
                                 is refused (a feed's repeated id is warned about)
          --overscan PT          points above and below the viewport kept in the DOM (default: 600)
          --columns N, --spacing PT, --container-width PT   as for `typometer layout`
        \(StyleOptions.help)

        Example:
          typometer page Corpus/sample-feed.jsonl --columns 3 --container-width 960 --output feed-page
        """

    static func run(_ arguments: [String]) throws(UsageError) -> Int32 {
        let parsed = try ParsedArguments(
            arguments, valued: LayoutCommand.valued.union(["output", "heights", "overscan"]), flags: StyleOptions.flags)
        let path = try parsed.operands(atMost: 1).first
        guard let output = parsed.value("output"), !output.isEmpty else {
            throw UsageError("--output DIR is required: the directory the page is written into")
        }
        let options = try StyleOptions(parsed, command: name)
        guard options.defaultStyle.profile == .chromium else {
            throw UsageError("a page is laid out by the browser: --profile must be chromium")
        }
        let overscan = try parsed.number("overscan", in: 0...1e9) ?? 600
        guard try LayoutChoice(parsed) == .masonry else {
            throw UsageError("a page lays its cards out in masonry: --layout must be masonry")
        }
        var snapshot = try MasonryCards(parsed).emptySnapshot
        let heights = try parsed.value("heights").map { (file: String) throws(UsageError) -> TextHeights in
            try TextHeights(path: file, columnWidth: snapshot.columnWidth, maximumLineLength: options.maximumLineLength)
        }
        let (cards, anyFailed) = try readCards(path: path, columnWidth: snapshot.columnWidth, options: options, heights: heights)
        do {
            try snapshot.append(items: cards.map(\.item))
        } catch {
            StandardError.write("typometer page: \(error)\n")
            return ExitStatus.someInputFailed
        }
        var fonts: [TextStyle.Font] = [options.defaultStyle.font]
        for card in cards where !fonts.contains(card.style.font) { fonts.append(card.style.font) }
        let pageFonts = try PageFonts(fonts: fonts, fontSet: options.store.fontSet)
        let document = PageDocument(cards: cards, snapshot: snapshot, defaultStyle: options.defaultStyle,
                                    fonts: pageFonts, overscan: overscan)
        do {
            try Files.createDirectory(output + "/fonts")
            for face in pageFonts.faces { try Files.copy(face.sourcePath, to: output + "/" + face.pagePath) }
            try Files.write(document.html, to: output + "/index.html")
            try Files.write(PageScript.source, to: output + "/" + PageScript.fileName)
            try Files.write(document.json, to: output + "/feed.json")
        } catch {
            StandardError.write("typometer page: \(error)\n")
            return ExitStatus.someInputFailed
        }
        return anyFailed ? ExitStatus.someInputFailed : ExitStatus.success
    }

    /// Every item of the input, measured (or given its height from
    /// `heights`); failures reported on stderr, and a warning for an id
    /// given to two cards (the page's `data-id` and `--heights` name cards
    /// by id).
    private static func readCards(path: String?, columnWidth: Double, options: StyleOptions, heights: TextHeights?)
        throws(UsageError) -> (cards: [Card<MasonryItem>], anyFailed: Bool)
    {
        var cards: [Card<MasonryItem>] = []
        var anyFailed = false
        var lineByID: [String: Int] = [:]
        do {
            let input = try InputChunks(path: path, maximumLineLength: options.maximumLineLength)
            while let chunk = try input.next() {
                for result in chunk.parallelMap(threads: options.threads, {
                    Card.measure($0, columnWidth: columnWidth, options: options, heights: heights)
                }) {
                    switch result {
                    case .success(let card):
                        cards.append(card)
                        guard let id = card.rawID else { continue }
                        if let earlier = lineByID.updateValue(card.lineNumber, forKey: id) {
                            StandardError.write("typometer page: warning: id \(id) on line \(earlier) and line \(card.lineNumber)\n")
                        }
                    case .failure(let failure):
                        anyFailed = true
                        StandardError.write(failure.json + "\n")
                    }
                }
            }
        } catch {
            throw UsageError("\(error)")
        }
        return (cards, anyFailed)
    }
}
