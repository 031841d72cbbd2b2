import Typometer
import TypometerJSONLines
import TypometerLayout

/// One input item of a laid-out page: its text and style, and what its layout places
/// (`Item`: a masonry card's measured text, chrome and image; a timeline interval; a flow
/// chip's measured text and padding).
struct Card<Item: Sendable>: Sendable {
    /// The item's `id` JSON text, or `nil` when it has none.
    var rawID: String?
    var lineNumber: Int
    var text: String
    var style: TextStyle
    var item: Item

    /// The output line for this card placed at `frame`, its text `textHeight` points tall.
    func json(frame: LayoutFrame, textHeight: Double) -> String {
        JSONText.object([
            rawID.map { ("id", $0) } ?? ("line", String(lineNumber)),
            ("x", JSONText.number(frame.x)), ("y", JSONText.number(frame.y)),
            ("width", JSONText.number(frame.width)), ("height", JSONText.number(frame.height)),
            ("text_height", JSONText.number(textHeight)),
        ])
    }
}

extension Card where Item == MasonryItem {
    /// Parses and measures one masonry input line, or says why it cannot be placed.
    /// With `heights`, the text height is the one given there for the line's
    /// id (nothing is measured, so the style's font is not loaded either).
    static func measure(_ line: InputLine, columnWidth: Double, options: StyleOptions,
                        heights: TextHeights? = nil) -> Result<Card, LineFailure> {
        do throws(LineFailure) {
            let record = try InputRecord(line)
            try options.checkMembers(of: record, known: MasonryCards.memberNames)
            let text = try record.string("text")
            let chrome = try record.number("chrome", in: 0...1e9) ?? 0
            let aspectRatio = try record.number("image_aspect_ratio", in: 1e-6...1e6)
            let style: TextStyle
            let textHeight: Double
            if let heights {
                style = try options.style(for: record)
                textHeight = try heights.height(for: record)
            } else {
                let measurer = try options.measurer(for: record)
                style = measurer.style
                textHeight = measurer.height(of: text, width: columnWidth)
            }
            let item = MasonryItem(textHeight: textHeight, chromeHeight: chrome, imageAspectRatio: aspectRatio)
            return .success(Card(rawID: record.rawID, lineNumber: line.number, text: text, style: style, item: item))
        } catch {
            return .failure(error)
        }
    }

    /// Height of the image drawn across `columnWidth`, in points; 0 without one.
    func imageHeight(columnWidth: Double) -> Double {
        item.imageAspectRatio.map { columnWidth / $0 } ?? 0
    }
}
