import Typometer
import TypometerJSONLines
import TypometerLayout

/// `--layout masonry`: cards of text measured at the column width, with optional
/// `"chrome"` points and an `"image_aspect_ratio"`, in the shortest column.
struct MasonryCards: ToolLayout {
    static let options: Set<String> = ["columns", "spacing"]
    static let streams = true
    /// The members of a card's input line.
    static let memberNames = StyleOptions.memberNames.adding(["chrome", "image_aspect_ratio"])

    let emptySnapshot: MasonrySnapshot

    /// `--columns` (default 2), `--spacing` and `--container-width`.
    init(_ parsed: ParsedArguments) throws(UsageError) {
        let columns = try parsed.integer("columns", in: 1...MasonryLayout.maximumColumnCount) ?? 2
        let spacing = try LayoutChoice.spacing(parsed)
        let containerWidth = try LayoutChoice.containerWidth(parsed)
        do {
            emptySnapshot = try MasonrySnapshot(layout: MasonryLayout(columns: columns, spacing: spacing),
                                                containerWidth: containerWidth)
        } catch {
            throw error.usageError
        }
    }

    func card(_ line: InputLine, options: StyleOptions) -> Result<Card<MasonryItem>, LineFailure> {
        Card.measure(line, columnWidth: emptySnapshot.columnWidth, options: options)
    }

    func layoutItem(of card: Card<MasonryItem>) -> Double {
        card.item.height(columnWidth: emptySnapshot.columnWidth)
    }

    func textHeight(of card: Card<MasonryItem>, in frame: LayoutFrame, store: TextMeasurerStore) -> Double {
        card.item.textHeight
    }

    func draw(_ card: Card<MasonryItem>, in frame: LayoutFrame, with painter: PagePainter,
              on canvas: inout Canvas) throws -> Bool {
        try painter.draw(card, in: frame, on: &canvas)
    }

    func summary(of snapshot: MasonrySnapshot) -> [(String, String)] {
        [("columns", String(snapshot.layout.columns)), ("column_width", JSONText.number(snapshot.columnWidth))]
    }
}
