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
        does, once for each screen of --device-pixel-ratios, and writes a web
        page of them into DIR:
          index.html   styles, @font-face rules for every face the text is drawn in
          page.js      keeps only the cards near the viewport in the DOM, at the
                       frames of the reader's screen (window.devicePixelRatio)
          feed.json    per card: id, its frame and text height on each screen, text, style
          fonts/       each face Typometer drew the text in, subset to the feed's
                       characters and compressed to WOFF2 (fallback faces too,
                       each declared with the unicode-range of what it draws)
        Each card is absolutely positioned at its frame; its text block
        (class tm-text) is styled as the chromium profile assumes:
        white-space: pre-wrap; overflow-wrap: break-word; the font, size and
        line height; a line limit as -webkit-line-clamp. Cards carry data-id
        and data-text-height. The page carries its fonts, so the heights hold
        whatever fonts the reader's machine has. On a screen whose ratio it has
        no frames for (another zoom level) the page takes the nearest ratio's
        and says so in its header; when the ratio changes (zoom, a window moved
        to another screen) it switches frames and keeps the card at the top of
        the viewport in place. Open the page over HTTP (browsers refuse fetch()
        and fonts from file://):
          python3 -m http.server --directory DIR   then http://localhost:8000/
        Chromium lays out at most 33,554,431 device px (33,554,431 / R CSS px at
        ratio R): a card that would end past that on one of the screens is
        left out, as is a line's "font_file" that is not a font or, with
        --fonts-dir, not one of that set's files (the page publishes what it
        names). Bad items are reported on stderr as {"id":…,"line":N,"error":"…"}
        and left out. Exit status: 0 page written with every item, 1 some items
        failed or the page could not be written, 2 bad options.

        Options:
          --output DIR           where to write the page (created if missing; required)
          --device-pixel-ratios LIST
                                 the screens to lay the cards out for, comma-separated
                                 (default: 1,1.25,1.5,2,2.625,3: desktop screens at 100,
                                 125 and 150 %, Macs and most phones, common Android)
          --heights FILE         text heights from elsewhere instead of measuring:
                                 JSON Lines {"id":…,"height":H}, as `typometer measure`
                                 or the Spark job writes them; a line with a "width"
                                 counts only at the column width; an id twice there
                                 is refused (a feed's repeated id is warned about).
                                 They hold for one screen: give one
                                 --device-pixel-ratios value (default 1)
          --overscan PT          points above and below the viewport kept in the DOM (default: 600)
          --columns N, --spacing PT, --container-width PT   as for `typometer layout`
        \(StyleOptions.help)

        Example:
          typometer page Corpus/sample-feed.jsonl --columns 3 --container-width 960 --output feed-page
        """

    /// The screens a page is laid out for by default.
    static let defaultRatios = [1, 1.25, 1.5, 2, 2.625, 3]

    static func run(_ arguments: [String]) throws(UsageError) -> Int32 {
        let parsed = try ParsedArguments(
            arguments, valued: LayoutCommand.valued.union(["output", "heights", "overscan", "device-pixel-ratios"]),
            flags: StyleOptions.flags)
        let path = try parsed.operands(atMost: 1).first
        guard let output = parsed.value("output"), !output.isEmpty else {
            throw UsageError("--output DIR is required: the directory the page is written into")
        }
        if parsed.value("device-pixel-ratio") != nil {
            throw UsageError("a page is laid out for several screens: give --device-pixel-ratios")
        }
        let options = try StyleOptions(parsed, command: name)
        guard options.defaultStyle.profile == .chromium else {
            throw UsageError("a page is laid out by the browser: --profile must be chromium")
        }
        let overscan = try parsed.number("overscan", in: 0...1e9) ?? 600
        guard try LayoutChoice(parsed) == .masonry else {
            throw UsageError("a page lays its cards out in masonry: --layout must be masonry")
        }
        let empty = try MasonryCards(parsed).emptySnapshot
        let ratios = try Self.ratios(parsed, heightsGiven: parsed.value("heights") != nil)
        let heights = try parsed.value("heights").map { (file: String) throws(UsageError) -> TextHeights in
            try TextHeights(path: file, columnWidth: empty.columnWidth, maximumLineLength: options.maximumLineLength)
        }
        let (measured, anyFailed) = try readCards(
            path: path, columnWidth: empty.columnWidth, options: options, ratios: ratios, heights: heights,
            publishable: parsed.value("fonts-dir") == nil ? .any : PublishableFonts(filesOf: options.store.fontSet))
        let extent: PageExtent
        do {
            extent = try PageExtent(cards: measured, empty: empty, ratios: ratios,
                                    above: PageDocument.headerHeight, below: PageDocument.bottomMargin)
        } catch {
            StandardError.write("typometer page: \(error)\n")
            return ExitStatus.someInputFailed
        }
        for failure in extent.refused { StandardError.write(failure.json + "\n") }
        if extent.cardsAtWholePixels > 0 {
            StandardError.write("typometer page: warning: \(extent.cardsAtWholePixels) cards start past 8,388,608 device px, where Chromium places boxes at whole device pixels: they may sit up to a pixel off their frames\n")
        }
        let cards = extent.cards
        let snapshots = extent.snapshots
        var fontsStyle = options.defaultStyle
        fontsStyle.webFonts = .all
        let pageFonts: PageFonts
        do {
            pageFonts = try PageFonts(
                texts: try Self.shapedTexts(cards, defaultStyle: fontsStyle, columnWidth: empty.columnWidth,
                                            options: options),
                fontSet: options.store.fontSet)
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError("\(error)")
        }
        if pageFonts.clustersInOtherFaces > 0 {
            StandardError.write("typometer page: \(pageFonts.clustersInOtherFaces) characters of the feed are in two fallback faces' ranges of one language; the browser may draw them in another face than Typometer measured\n")
        }
        let document = PageDocument(cards: cards, ratios: ratios, snapshots: snapshots, defaultStyle: options.defaultStyle,
                                    fonts: pageFonts, overscan: overscan)
        do {
            try Files.createDirectory(output + "/fonts")
            let fontBytes = try pageFonts.write(into: output)
            try Files.write(document.html, to: output + "/index.html")
            try Files.write(PageScript.source, to: output + "/" + PageScript.fileName)
            try Files.write(document.json, to: output + "/feed.json")
            StandardError.write("typometer page: \(cards.count) cards on \(ratios.count) screens, "
                + "\(pageFonts.files.count) font files of \(fontBytes) bytes\n")
        } catch {
            StandardError.write("typometer page: \(error)\n")
            return ExitStatus.someInputFailed
        }
        return anyFailed || !extent.refused.isEmpty ? ExitStatus.someInputFailed : ExitStatus.success
    }

    /// `--device-pixel-ratios`, sorted, without repeats; one value only with
    /// `--heights` (1 when not given).
    private static func ratios(_ parsed: ParsedArguments, heightsGiven: Bool) throws(UsageError) -> [Double] {
        guard let list = parsed.value("device-pixel-ratios") else { return heightsGiven ? [1] : defaultRatios }
        var ratios: [Double] = []
        for text in list.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = text.filter { $0 != " " }
            guard let ratio = Double(trimmed), TextStyle.devicePixelRatioRange.contains(ratio) else {
                throw UsageError("--device-pixel-ratios takes ratios from 0.25 to 20 separated by commas, got '\(text)'")
            }
            ratios.append(ratio)
        }
        ratios = Array(Set(ratios)).sorted()
        if heightsGiven, ratios.count != 1 {
            throw UsageError("--heights gives the text heights of one screen: give one --device-pixel-ratios value")
        }
        return ratios
    }

    /// Each card's text shaped as the page draws it (on its first screen),
    /// for the faces the page ships.
    private static func shapedTexts(
        _ cards: [PageCard], defaultStyle: TextStyle, columnWidth: Double, options: StyleOptions
    ) throws -> [PageFonts.Text] {
        var texts: [PageFonts.Text] = [
            PageFonts.Text(style: defaultStyle, primary: try options.store.measurer(for: defaultStyle).primaryFace,
                           string: "", lines: []),
        ]
        for card in cards {
            let measurer = try options.store.measurer(for: card.card.style)
            texts.append(PageFonts.Text(
                style: card.card.style, primary: measurer.primaryFace, string: card.card.text,
                lines: measurer.shapedLines(of: card.card.text, width: columnWidth)))
        }
        return texts
    }

    /// Every item of the input, measured (or given its height from
    /// `heights`); failures reported on stderr, and a warning for an id
    /// given to two cards (the page's `data-id` and `--heights` name cards
    /// by id).
    private static func readCards(
        path: String?, columnWidth: Double, options: StyleOptions, ratios: [Double], heights: TextHeights?,
        publishable: PublishableFonts
    ) throws(UsageError) -> (cards: [PageCard], anyFailed: Bool) {
        var cards: [PageCard] = []
        var anyFailed = false
        var lineByID: [String: Int] = [:]
        do {
            let input = try InputChunks(path: path, maximumLineLength: options.maximumLineLength)
            while let chunk = try input.next() {
                let results = chunk.parallelMap(threads: options.threads) {
                    PageCard.measure($0, columnWidth: columnWidth, options: options, ratios: ratios, heights: heights,
                                     publishable: publishable)
                }
                options.sayMemberWarnings()
                for result in results {
                    switch result {
                    case .success(let card):
                        cards.append(card)
                        guard let id = card.card.rawID else { continue }
                        if let earlier = lineByID.updateValue(card.card.lineNumber, forKey: id) {
                            StandardError.write(
                                "typometer page: warning: id \(id) on line \(earlier) and line \(card.card.lineNumber)\n")
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
