import Typometer
import TypometerJSONLines
import TypometerMasonry

/// One input item of a masonry page: its text measured at the column width,
/// plus the fixed chrome and image parts of its height.
struct Card: Sendable {
    /// The item's `id` JSON text, or `nil` when it has none.
    var rawID: String?
    var lineNumber: Int
    var text: String
    var style: TextStyle
    var item: MasonryItem

    /// Parses and measures one input line, or says why it cannot be placed.
    static func measure(_ line: InputLine, columnWidth: Double, options: StyleOptions) -> Result<Card, LineFailure> {
        do throws(LineFailure) {
            let record = try InputRecord(line)
            let text = try record.string("text")
            let chrome = try record.number("chrome", in: 0...1e9) ?? 0
            let aspectRatio = try record.number("image_aspect_ratio", in: 1e-6...1e6)
            let measurer = try options.measurer(for: record)
            let item = MasonryItem(
                textHeight: measurer.height(of: text, width: columnWidth), chromeHeight: chrome,
                imageAspectRatio: aspectRatio)
            return .success(Card(rawID: record.rawID, lineNumber: line.number, text: text, style: measurer.style, item: item))
        } catch {
            return .failure(error)
        }
    }

    /// The output line for this card placed at `frame`.
    func json(frame: MasonryFrame) -> String {
        JSONText.object([
            rawID.map { ("id", $0) } ?? ("line", String(lineNumber)),
            ("x", JSONText.number(frame.x)), ("y", JSONText.number(frame.y)),
            ("width", JSONText.number(frame.width)), ("height", JSONText.number(frame.height)),
            ("text_height", JSONText.number(item.textHeight)),
        ])
    }
}
