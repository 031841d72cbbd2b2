import TypometerJSONLines
import TypometerLayout

/// How far down a page Chromium can place a card, and the cards that fit.
///
/// Blink lays a page out in `LayoutUnit`s, 1/64 device pixel in an `Int32`,
/// so nothing reaches past `LayoutUnit::Max()`, 33,554,431 device pixels:
/// 33,554,431 / R CSS px on a screen of ratio R (Chromium 156 clamped a box
/// at 33,554,400 px to 33,554,428 at ratio 1, one at 33,554,400 px to
/// 11,184,810 at ratio 3). A card past that never shows. Positions also pass
/// through `float` on the way, which past 2^23 device pixels holds whole
/// pixels only: a box at 8,388,700.3 px was drawn at 8,388,700.
struct PageExtent {
    /// `LayoutUnit::Max()` in whole device pixels.
    static let maximumDevicePixels = 33_554_431.0
    /// Where `float` stops holding fractions of a device pixel (2^23).
    static let wholeDevicePixels = 8_388_608.0

    /// The cards that fit on every screen, in input order.
    var cards: [PageCard] = []
    /// One snapshot per screen of the page, of ``cards``.
    var snapshots: [MasonrySnapshot]
    /// The cards left out, each with the reason.
    var refused: [LineFailure] = []
    /// How many cards start, on some screen, where Chromium drops their
    /// positions' fractions.
    var cardsAtWholePixels = 0

    /// Lays `cards` out from `empty` on each screen of `ratios`, leaving
    /// out a card that would end past what Chromium lays out on any of them
    /// (with the page's `above` CSS px before the feed and `below` after
    /// it); the cards after it are placed as if it had never been there.
    /// - Throws: the layout's error for the cards that fit (none expected:
    ///   each was placed on its own first).
    init(cards all: [PageCard], empty: MasonrySnapshot, ratios: [Double], above: Double, below: Double)
        throws(LayoutError)
    {
        let layout = empty.layout
        let columnWidth = empty.columnWidth
        var placements = Array(repeating: empty.placement, count: ratios.count)
        let lastBottom = ratios.map { Self.maximumDevicePixels / $0 - above - below }
        let lastWholeFractionTop = ratios.map { Self.wholeDevicePixels / $0 - above }
        var frames: [LayoutFrame] = []
        for card in all {
            var trial = placements
            var failure: String?
            var atWholePixels = false
            for screen in ratios.indices {
                frames.removeAll(keepingCapacity: true)
                do {
                    _ = try layout.place([card.item(onScreen: screen).height(columnWidth: columnWidth)], firstIndex: 0,
                                         in: &trial[screen], into: &frames)
                } catch {
                    failure = "\(error)"
                    break
                }
                let frame = frames[0]
                if frame.y + frame.height > lastBottom[screen] {
                    failure = "the card would end at \(JSONText.number(frame.y + frame.height)) px in the feed on the screen "
                        + "of ratio \(JSONText.number(ratios[screen])), past the \(JSONText.number(lastBottom[screen].rounded(.down))) px "
                        + "Chromium can lay out there (33,554,431 device px in all); left out"
                    break
                }
                if frame.y > lastWholeFractionTop[screen] { atWholePixels = true }
            }
            if let failure {
                refused.append(LineFailure(line: card.card.lineNumber, rawID: card.card.rawID, message: failure))
                continue
            }
            placements = trial
            cards.append(card)
            if atWholePixels { cardsAtWholePixels += 1 }
        }
        snapshots = []
        for screen in ratios.indices {
            var snapshot = empty
            try snapshot.append(items: cards.map { $0.item(onScreen: screen) })
            snapshots.append(snapshot)
        }
    }
}
