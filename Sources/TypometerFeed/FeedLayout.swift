import Typometer
import TypometerLayout

/// Measured text to masonry frames: cards go through the bulk measurer
/// (prepared once, in parallel) into a ``MasonrySnapshot``; a width change
/// or a new column count re-solves from the prepared texts without shaping
/// again (a width change into the snapshot's own storage), and more cards
/// append to the snapshot.
///
/// Keeps one prepared text per card (about 24 bytes per word plus the
/// text). Not thread-safe itself: use it from one task at a time; the
/// measuring inside runs on every core.
public final class FeedLayout {
    public private(set) var cards: [FeedCard] = []
    public private(set) var snapshot: MasonrySnapshot
    public let store: TextMeasurerStore
    public private(set) var layout: MasonryLayout
    private var prepared: [PreparedText] = []

    /// An empty feed laid out with `layout` in `containerWidth` points.
    /// - Throws: `LayoutError` for a bad container width.
    public init(store: TextMeasurerStore, layout: MasonryLayout, containerWidth: Double) throws(LayoutError) {
        self.store = store
        self.layout = layout
        self.snapshot = try layout.snapshot(heights: [], containerWidth: containerWidth)
    }

    /// Measures `cards` at the current column width and appends them.
    /// - Throws: ``TypometerError`` for a card's style, `LayoutError`, or
    ///   `CancellationError` when the task is cancelled between chunks.
    public func append(_ cards: [FeedCard]) async throws {
        let newlyPrepared = try await prepare(cards)
        let heights = try await heights(of: cards, prepared: newlyPrepared, columnWidth: snapshot.columnWidth)
        try snapshot.append(heights: heights)
        self.cards += cards
        prepared += newlyPrepared
    }

    /// Re-solves every card at a new container width (and, if given, a new
    /// layout): arithmetic over the prepared texts, no shaping.
    /// - Throws: `LayoutError` for a bad width, ``TypometerError`` for a
    ///   card's style, or `CancellationError`.
    public func resize(containerWidth: Double, layout: MasonryLayout? = nil) async throws {
        let layout = layout ?? self.layout
        let columnWidth = try layout.columnWidth(forContainerWidth: containerWidth)
        let heights = try await heights(of: cards, prepared: prepared, columnWidth: columnWidth)
        if layout == snapshot.layout {
            try snapshot.solve(heights, containerWidth: containerWidth)
        } else {
            snapshot = try layout.snapshot(heights: heights, containerWidth: containerWidth)
        }
        self.layout = layout
    }

    private func prepare(_ cards: [FeedCard]) async throws -> [PreparedText] {
        let measurers = try cards.map { try store.measurer(for: $0.style) }
        return try await withThrowingTaskGroup(of: (Int, [PreparedText]).self) { group in
            let chunk = 256
            for start in stride(from: 0, to: cards.count, by: chunk) {
                group.addTask {
                    try Task.checkCancellation()
                    let range = start..<min(cards.count, start + chunk)
                    return (start, range.map { measurers[$0].prepare(cards[$0].text) })
                }
            }
            var result = [PreparedText?](repeating: nil, count: cards.count)
            for try await (start, values) in group {
                for (offset, value) in values.enumerated() { result[start + offset] = value }
            }
            return result.map { $0! }
        }
    }

    private func heights(of cards: [FeedCard], prepared: [PreparedText], columnWidth: Double) async throws -> [Double] {
        let measurers = try cards.map { try store.measurer(for: $0.style) }
        return try await withThrowingTaskGroup(of: (Int, [Double]).self) { group in
            let chunk = 1024
            for start in stride(from: 0, to: cards.count, by: chunk) {
                group.addTask {
                    try Task.checkCancellation()
                    let range = start..<min(cards.count, start + chunk)
                    return (start, range.map { index in
                        let card = cards[index]
                        let textHeight = measurers[index].height(
                            of: prepared[index], width: max(0, columnWidth - card.horizontalInset))
                        return MasonryItem(
                            textHeight: textHeight, chromeHeight: card.chromeHeight,
                            imageAspectRatio: card.imageAspectRatio
                        ).height(columnWidth: columnWidth)
                    })
                }
            }
            var result = [Double](repeating: 0, count: cards.count)
            for try await (start, values) in group {
                for (offset, value) in values.enumerated() { result[start + offset] = value }
            }
            return result
        }
    }
}
