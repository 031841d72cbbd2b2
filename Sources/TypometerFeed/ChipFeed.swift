import Typometer
import TypometerLayout

/// Chips to a flow layout: each chip's text is prepared once and its single-line width
/// (`TextMeasurer.singleLineWidth(of:)`, as ``FlowItem`` sizes a chip) taken once, so a
/// width change re-solves by arithmetic
/// (the height of a chip narrowed to the container comes from its prepared text at the
/// new width) into the same snapshot's storage, without shaping again; more chips append
/// to the open row.
///
/// Keeps one prepared text per chip. Not thread-safe itself: use it from one task at a
/// time.
public final class ChipFeed {
    public private(set) var chips: [FeedChip] = []
    public private(set) var snapshot: LayoutSnapshot<FlowLayout>
    public let store: TextMeasurerStore
    private var prepared: [PreparedText] = []
    /// Each chip's text width on one line, in points (width-independent).
    private var textWidths: [Double] = []

    /// An empty flow of chips laid out with `layout` in `containerWidth` points.
    /// - Throws: `LayoutError` for a bad container width.
    public init(store: TextMeasurerStore, layout: FlowLayout, containerWidth: Double) throws(LayoutError) {
        self.store = store
        self.snapshot = try LayoutSnapshot(layout: layout, containerWidth: containerWidth)
    }

    /// Prepares and measures `chips` and appends them after the existing ones.
    /// - Throws: ``TypometerError`` for a chip's style, or `LayoutError`.
    public func append(_ chips: [FeedChip]) throws {
        let measurers = try chips.map { try store.measurer(for: $0.style) }
        let newlyPrepared = zip(chips, measurers).map { $1.prepare($0.text) }
        let widths = zip(chips, measurers).map { $1.singleLineWidth(of: $0.text) }
        try snapshot.append(items(chips, prepared: newlyPrepared, textWidths: widths, measurers: measurers,
                                  containerWidth: snapshot.containerWidth))
        self.chips += chips
        prepared += newlyPrepared
        textWidths += widths
    }

    /// Re-solves every chip at a new container width: arithmetic over the prepared texts,
    /// no shaping, in the snapshot's own storage.
    /// - Throws: ``TypometerError`` for a chip's style, or `LayoutError`.
    public func resize(containerWidth: Double) throws {
        let measurers = try chips.map { try store.measurer(for: $0.style) }
        try snapshot.solve(items(chips, prepared: prepared, textWidths: textWidths, measurers: measurers,
                                 containerWidth: containerWidth), containerWidth: containerWidth)
    }

    private func items(_ chips: [FeedChip], prepared: [PreparedText], textWidths: [Double], measurers: [TextMeasurer],
                       containerWidth: Double) -> [FlowItem] {
        chips.indices.map { index in
            var item = FlowItem(textWidth: textWidths[index], textHeight: 0,
                                horizontalPadding: chips[index].horizontalPadding,
                                verticalPadding: chips[index].verticalPadding)
            item.textHeight = measurers[index].height(of: prepared[index],
                                                      width: item.textWrapWidth(containerWidth: containerWidth))
            return item
        }
    }
}
