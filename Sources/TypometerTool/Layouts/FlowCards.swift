import Typometer
import TypometerJSONLines
import TypometerLayout

/// `--layout flow`: chips of `"text"` as wide as the text on one line (its single-line
/// width, `TextMeasurer.singleLineWidth(of:)`) plus `"padding"` points on each side, `"vertical_padding"` above and below,
/// wrapped into rows; a chip wider than the container is narrowed to it and its text wraps.
struct FlowCards: ToolLayout {
    static let options: Set<String> = ["spacing", "row-spacing", "padding", "vertical-padding"]
    static let streams = true
    /// The members of a chip's input line.
    static let memberNames = StyleOptions.memberNames.adding(["padding", "vertical_padding"])

    let emptySnapshot: LayoutSnapshot<FlowLayout>
    /// Each chip's padding unless its line says otherwise, in points.
    let padding: Double
    let verticalPadding: Double

    /// `--spacing` between chips, `--row-spacing` (default: the spacing), `--padding`
    /// (default 12), `--vertical-padding` (default 4) and `--container-width`.
    init(_ parsed: ParsedArguments) throws(UsageError) {
        let spacing = try LayoutChoice.spacing(parsed)
        let rowSpacing = try parsed.number("row-spacing", in: 0...1e6) ?? spacing
        padding = try parsed.number("padding", in: 0...1e6) ?? 12
        verticalPadding = try parsed.number("vertical-padding", in: 0...1e6) ?? 4
        let containerWidth = try LayoutChoice.containerWidth(parsed)
        do {
            emptySnapshot = try LayoutSnapshot(layout: FlowLayout(spacing: spacing, rowSpacing: rowSpacing),
                                               containerWidth: containerWidth)
        } catch {
            throw error.usageError
        }
    }

    func card(_ line: InputLine, options: StyleOptions) -> Result<Card<FlowItem>, LineFailure> {
        do throws(LineFailure) {
            let record = try InputRecord(line)
            try options.checkMembers(of: record, known: Self.memberNames)
            let text = try record.string("text")
            let measurer = try options.measurer(for: record)
            var chip = FlowItem(textWidth: measurer.singleLineWidth(of: text), textHeight: 0,
                                horizontalPadding: try record.number("padding", in: 0...1e6) ?? padding,
                                verticalPadding: try record.number("vertical_padding", in: 0...1e6) ?? verticalPadding)
            chip.textHeight = measurer.height(of: text, width: chip.textWrapWidth(containerWidth: emptySnapshot.containerWidth))
            return .success(Card(rawID: record.rawID, lineNumber: line.number, text: text, style: measurer.style, item: chip))
        } catch {
            return .failure(error)
        }
    }

    func layoutItem(of card: Card<FlowItem>) -> FlowItem { card.item }

    func textHeight(of card: Card<FlowItem>, in frame: LayoutFrame, store: TextMeasurerStore) -> Double {
        card.item.textHeight
    }

    func draw(_ card: Card<FlowItem>, in frame: LayoutFrame, with painter: PagePainter,
              on canvas: inout Canvas) throws -> Bool {
        try painter.drawChip(card, in: frame, on: &canvas)
    }

    func summary(of snapshot: LayoutSnapshot<FlowLayout>) -> [(String, String)] {
        [("row_spacing", JSONText.number(snapshot.layout.rowSpacing))]
    }
}
