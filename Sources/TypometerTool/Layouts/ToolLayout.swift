import Typometer
import TypometerJSONLines
import TypometerLayout

/// A layout as `typometer layout` and `typometer render` drive it: its options, the item
/// fields it reads, how an input line becomes a measured card, and how a placed card is
/// drawn. One type per layout, in this folder, chosen once by `--layout`
/// (``LayoutChoice``); the commands call these hooks and never ask which layout it is.
protocol ToolLayout: Sendable {
    associatedtype Kind: Layout
    associatedtype Item: Sendable

    /// The layout's options beyond `--container-width`, as `ParsedArguments` names them.
    static var options: Set<String> { get }
    /// Whether appending cards leaves earlier frames where they were, so output can stream
    /// (a timeline re-solves every interval on append, so it writes once at the end).
    static var streams: Bool { get }

    /// An empty snapshot at the container width.
    var emptySnapshot: LayoutSnapshot<Kind> { get }

    /// Parses and measures one input line, or says why it cannot be placed.
    func card(_ line: InputLine, options: StyleOptions) -> Result<Card<Item>, LineFailure>

    /// What the layout places for `card`.
    func layoutItem(of card: Card<Item>) -> Kind.Item

    /// The height of `card`'s text as it is drawn in `frame`, in points.
    func textHeight(of card: Card<Item>, in frame: LayoutFrame, store: TextMeasurerStore) throws -> Double

    /// Draws `card` in `frame` and returns whether its text fits its box.
    func draw(_ card: Card<Item>, in frame: LayoutFrame, with painter: PagePainter, on canvas: inout Canvas) throws -> Bool

    /// The layout's members of the `--summary` line.
    func summary(of snapshot: LayoutSnapshot<Kind>) -> [(String, String)]
}

extension ToolLayout {
    /// `cards` placed in a fresh snapshot.
    /// - Throws: `LayoutError` when the layout refuses an item.
    func snapshot(of cards: [Card<Item>]) throws -> LayoutSnapshot<Kind> {
        var snapshot = emptySnapshot
        try snapshot.append(cards.map(layoutItem(of:)))
        return snapshot
    }
}
