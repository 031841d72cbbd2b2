import Typometer
import TypometerJSONLines
import TypometerLayout

/// A card of a page: the masonry card of its input line, and its text's
/// height on each screen the page is written for.
struct PageCard: Sendable {
    /// The card as laid out on the page's first screen.
    var card: Card<MasonryItem>
    /// Its text's height on each screen, in points, in the page's order.
    var textHeights: [Double]

    /// Parses `line` and measures its text at `columnWidth` on a screen of
    /// each of `ratios`, in its style with every face a web font (the page
    /// ships the faces it is drawn in: ``PageFonts``); with `heights`, takes
    /// its one height from there instead (then `ratios` has one ratio).
    static func measure(_ line: InputLine, columnWidth: Double, options: StyleOptions, ratios: [Double],
                        heights: TextHeights?) -> Result<PageCard, LineFailure> {
        do throws(LineFailure) {
            let record = try InputRecord(line)
            try options.checkMembers(of: record, known: MasonryCards.memberNames)
            if record.has("device_pixel_ratio") {
                throw record.failure("a page is laid out for the screens of --device-pixel-ratios, not a line's \"device_pixel_ratio\"")
            }
            let text = try record.string("text")
            let chrome = try record.number("chrome", in: 0...1e9) ?? 0
            let aspectRatio = try record.number("image_aspect_ratio", in: 1e-6...1e6)
            var style = try options.style(for: record)
            style.webFonts = .all
            var textHeights: [Double] = []
            if let heights {
                textHeights = [try heights.height(for: record)]
            } else {
                for ratio in ratios {
                    style.devicePixelRatio = ratio
                    textHeights.append(try measurer(for: style, record: record, options: options)
                        .height(of: text, width: columnWidth))
                }
            }
            style.devicePixelRatio = ratios[0]
            let item = MasonryItem(textHeight: textHeights[0], chromeHeight: chrome, imageAspectRatio: aspectRatio)
            let card = Card(rawID: record.rawID, lineNumber: line.number, text: text, style: style, item: item)
            return .success(PageCard(card: card, textHeights: textHeights))
        } catch {
            return .failure(error)
        }
    }

    /// The shared measurer of `style`.
    static func measurer(for style: TextStyle, record: InputRecord, options: StyleOptions) throws(LineFailure)
        -> TextMeasurer
    {
        do {
            return try options.store.measurer(for: style)
        } catch {
            throw record.failure("\(error)")
        }
    }

    /// The card's item on screen `index` of the page.
    func item(onScreen index: Int) -> MasonryItem {
        var item = card.item
        item.textHeight = textHeights[index]
        return item
    }
}
