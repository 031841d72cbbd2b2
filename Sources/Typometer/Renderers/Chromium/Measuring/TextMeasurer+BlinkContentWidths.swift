/// Chromium's intrinsic widths, computed as Blink computes them from its
/// inline items (`InlineNode::ComputeMinMaxSizes`): a paragraph is cut into
/// items at every change of bidi level, around each tab, carriage
/// return, form feed and zero width non-joiner, and after the spaces that
/// start it; each item is shaped as one `ShapeResult` whose
/// positions are rounded up to the `LayoutUnit` (1/64 px).
///
/// - max-content: per paragraph, the sum of each item's width rounded up
///   (its advances added exactly, then kept in single precision as
///   `ShapeResult` keeps its width), tabs advancing to their stops.
/// - min-content: the widest word (the text between two break
///   opportunities, less its trailing spaces and tabs), each of its pieces
///   measured inside its item as the difference of two rounded positions
///   (`ShapeResult::CachedWidth`); left to right from the item's start,
///   right to left from its end.
///
/// A styled text's runs are items of their own too (each span's text is),
/// each shaped in its style.
///
/// A long paragraph is measured window by window (``BlinkItemWindows``), in
/// memory bounded by a window.
extension TextMeasurer {
    /// Chromium's `min-content` (`minimum`) or `max-content` width of
    /// `units`, in points, its `parts` in the styles of `measurers` (this
    /// measurer's, the block's, first). Shapes each paragraph once more.
    func blinkContentWidth(
        of units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer], minimum: Bool
    ) -> Double {
        var widest = 0.0
        HardBreaks.forEachParagraph(in: units, rules: ChromiumRules.self, maximumLength: paragraphLimit) { paragraph in
            guard !paragraph.isEmpty else { return true }
            var windows = BlinkItemWindows(
                of: units, paragraph: paragraph, parts: parts, measurers: measurers, length: intrinsicWindowLength,
                cuts: .betweenWords)
            widest = max(widest, minimum
                ? blinkWidestWord(in: units, paragraph: paragraph, windows: &windows)
                : Self.blinkParagraphWidth(windows: &windows))
            return true
        }
        return widest
    }

    /// A paragraph's max-content width: its items' widths rounded up (an
    /// item across windows added up first), tabs advancing to their stops
    /// from the rounded position.
    private static func blinkParagraphWidth(windows: inout BlinkItemWindows) -> Double {
        var position = 0.0
        /// The width of the item not yet closed (not a tab: none crosses windows).
        var open: Double?
        /// Adds the open item's `ShapeResult` width: its glyphs' advances
        /// (HarfBuzz's 1/65536 px) added exactly, kept in single precision,
        /// rounded up. Run widths summed in single precision instead are a
        /// `LayoutUnit` off now and then on long texts (`fid-03275`:
        /// 3242.4375 px, Chromium's 3242.453125).
        func close() {
            if let width = open { position += BlinkItems.ceiling(Double(Float(width))) }
            open = nil
        }
        while let window = windows.next() {
            let items = window.items
            for item in 0..<items.boundaries.count - 1 {
                let width = items.pen[items.boundaries[item + 1]] - items.pen[items.boundaries[item]]
                if item == 0, !window.startsItem, let before = open {
                    open = before + width
                    continue
                }
                close()
                if items.isTab[item] {
                    position += items.tabWidth(
                        of: item, tabs: items.boundaries[item + 1] - items.boundaries[item], at: position)
                } else {
                    open = width
                }
            }
        }
        close()
        return position
    }

    /// A paragraph's min-content width: its widest word (the text between
    /// two break opportunities, less its trailing spaces and tabs), each of
    /// its pieces measured inside its item as the difference of two rounded
    /// positions, left to right from the item's start, right to left from
    /// its end; a soft hyphen's hyphen where a line may end at it. A
    /// right-to-left item that goes on past its window is measured to its
    /// end first, in the windows after (each shaped once more).
    private func blinkWidestWord(in units: UTF16Text, paragraph: Range<Int>, windows: inout BlinkItemWindows) -> Double {
        var widest = 0.0
        guard var window = windows.next() else { return 0 }
        /// The pen at the window's start from the start of its first item,
        /// and that item's whole width when it is right to left.
        var carried = 0.0
        var carriedWhole: Double?
        /// The whole width of the window's last item, when it is right to
        /// left and goes on in the windows after.
        var lastWhole = Self.wholeWidthOfLastItem(of: window, carried: carried, carriedWhole: nil, after: windows)
        var item = 0
        forEachSegment(in: units, paragraph: paragraph, rules: ChromiumRules.self) { start, end, metrics in
            while end > window.range.upperBound, let next = windows.next() {
                let items = window.items
                let last = items.boundaries.count - 2
                carried = (last == 0 && !window.startsItem ? carried : 0)
                    + items.pen[items.pen.count - 1] - items.pen[items.boundaries[last]]
                carriedWhole = next.startsItem ? nil : lastWhole
                window = next
                lastWhole = Self.wholeWidthOfLastItem(
                    of: window, carried: carried, carriedWhole: carriedWhole, after: windows)
                item = 0
            }
            let items = window.items
            let lower = start - window.range.lowerBound
            var upper = end - window.range.lowerBound
            // Blink leaves only spaces and tabs out of a word's width.
            while upper > lower, units[window.range.lowerBound + upper - 1] == 0x20
                || units[window.range.lowerBound + upper - 1] == 0x09 {
                upper -= 1
            }
            guard upper > lower else { return true }
            while items.boundaries[item + 1] <= lower { item += 1 }
            var width = 0.0
            var piece = item, pieceStart = lower
            let lastItem = items.boundaries.count - 2
            while pieceStart < upper {
                let itemStart = items.boundaries[piece], itemEnd = items.boundaries[piece + 1]
                let pieceEnd = min(itemEnd, upper)
                // The window's first item may have started in an earlier one.
                let continued = piece == 0 && !window.startsItem
                let before = continued ? carried : 0
                let from = before + items.pen[pieceStart] - items.pen[itemStart]
                let to = before + items.pen[pieceEnd] - items.pen[itemStart]
                if items.rightToLeft[piece] {
                    let itemWidth = (piece == lastItem ? lastWhole : nil) ?? (continued ? carriedWhole : nil)
                        ?? before + items.pen[itemEnd] - items.pen[itemStart]
                    width += BlinkItems.ceiling(itemWidth - from) - BlinkItems.ceiling(itemWidth - to)
                } else {
                    width += BlinkItems.ceiling(to) - BlinkItems.ceiling(from)
                }
                pieceStart = pieceEnd
                piece += 1
            }
            // A soft hyphen shows where a line ends, not at the paragraph's
            // end, in its own style.
            if end < paragraph.upperBound, metrics.hyphenWidth > 0 {
                width += BlinkItems.ceiling(items.measurer(at: upper - 1).shaper.hyphenAdvance())
            }
            widest = max(widest, width)
            return true
        }
        return widest
    }

    /// The whole width of `window`'s last item when it is right to left
    /// and goes on in the windows `after` gives, else `nil`. When it is
    /// also the window's first and goes on from the window before, the part
    /// before the window is `carried`, and its whole width `carriedWhole`
    /// when that was found already.
    private static func wholeWidthOfLastItem(
        of window: BlinkItemWindows.Window, carried: Double, carriedWhole: Double?, after: BlinkItemWindows
    ) -> Double? {
        let items = window.items
        let last = items.boundaries.count - 2
        guard items.rightToLeft[last] else { return nil }
        if last == 0, !window.startsItem, let carriedWhole { return carriedWhole }
        var ahead = after
        var width = (last == 0 && !window.startsItem ? carried : 0)
            + items.pen[items.pen.count - 1] - items.pen[items.boundaries[last]]
        var goesOn = false
        while let next = ahead.next(), !next.startsItem {
            goesOn = true
            let end = next.items.boundaries[1]
            width += next.items.pen[end]
            if end < next.range.count { break }
        }
        return goesOn ? width : nil
    }
}
