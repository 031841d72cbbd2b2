/// One paragraph, or a window of it, cut into Blink's inline items, with
/// the pen position at each of its code units as the whole paragraph
/// shapes.
struct BlinkItems: Sendable {
    /// Pen position (points from the window's start) at each offset of
    /// the window (0...count): at a grapheme cluster's start, or past the
    /// cluster for an offset inside it (what follows a cluster's first
    /// character in it, a joiner or a mark, advances nothing).
    var pen: [Double]
    /// Item boundaries, offsets from the window's start: 0, …, count (0
    /// starts the window's first item, which may go on from the window
    /// before, ``BlinkItemWindows``).
    var boundaries: [Int]
    /// Where breaking a line would change the shaping on either side
    /// (HarfBuzz's unsafe-to-break), so that Blink shapes the edge again.
    var unsafeBreaks: Set<Int>
    /// Whether each item is right to left.
    var rightToLeft: [Bool]
    /// Whether each item is a tab control item.
    var isTab: [Bool]
    /// The window's pieces in one style: where each starts (offsets from
    /// the window's start) and its style's measurer.
    var pieceStarts: [Int]
    var pieceMeasurers: [TextMeasurer]
    /// The offsets where a grapheme cluster starts, in increasing order.
    var clusterStarts: [Int]
    /// The window of the paragraph the items cover, offsets in the text.
    let window: Range<Int>

    /// `window` of `paragraph` in `units` (the whole paragraph, or a piece
    /// of it whose edges shaping does not join), made of `pieces` (in
    /// order, covering the window) each shaped in the style of its
    /// measurer, its spans starting at `spanStarts` (offsets from the
    /// window's start); `levels` are the paragraph's bidi levels, `nil`
    /// when it is all left to right.
    init(
        of units: UTF16Text, paragraph: Range<Int>, window: Range<Int>,
        pieces: [(range: Range<Int>, measurer: TextMeasurer)], spanStarts: [Int], levels: [UInt8]?
    ) {
        self.window = window
        let count = window.count
        pen = [Double](filled: 0, count: count + 1)
        unsafeBreaks = []
        // Spaces that start a paragraph (the text's, or a line's after a
        // forced break) are an item of their own, shaped apart from what
        // follows (Blink's `InsertBreakOpportunityAfterLeadingPreservedSpaces`
        // puts a generated break opportunity after them; measured: `" Tea"`
        // in Liberation Serif 64 px is 107.4375 px, the space not kerned
        // with the T), and an item starts where they end; a later window
        // starts at or after their end.
        var leadingSpaces = 0
        while window.lowerBound == paragraph.lowerBound, leadingSpaces < count, units[window.lowerBound + leadingSpaces] == 0x20 {
            leadingSpaces += 1
        }
        var pieces = pieces
        if leadingSpaces > 0, leadingSpaces < count,
           let split = pieces.firstIndex(where: { $0.range.contains(window.lowerBound + leadingSpaces) }),
           pieces[split].range.lowerBound < window.lowerBound + leadingSpaces {
            let piece = pieces[split], cut = window.lowerBound + leadingSpaces
            pieces[split...split] = [(piece.range.lowerBound..<cut, piece.measurer), (cut..<piece.range.upperBound, piece.measurer)]
        }
        pieceStarts = pieces.map { $0.range.lowerBound - window.lowerBound }
        pieceMeasurers = pieces.map(\.measurer)
        clusterStarts = []
        var position = 0.0
        for piece in pieces {
            let shift = piece.range.lowerBound - window.lowerBound
            let clusters = piece.measurer.interior(
                of: units, range: piece.range, paragraph: paragraph, base: 0, rules: ChromiumRules.self).clusters
            for cluster in clusters.offsets.indices {
                let start = shift + clusters.offsets[cluster]
                clusterStarts.append(start)
                let end = shift + (cluster + 1 < clusters.offsets.count ? clusters.offsets[cluster + 1] : piece.range.count)
                pen[start] = position
                if clusters.unsafeBefore[cluster] { unsafeBreaks.insert(start) }
                position += clusters.advances[cluster]
                for offset in start + 1..<max(end, start + 1) { pen[offset] = position }
            }
        }
        pen[count] = position

        let levelShift = window.lowerBound - paragraph.lowerBound
        func level(_ offset: Int) -> UInt8 { levels?[levelShift + offset] ?? 0 }
        // Blink's control items: tab, carriage return, form feed, and the
        // zero width non-joiner (so that it stops kerning).
        func isControl(_ unit: UInt16) -> Bool { unit == 0x09 || unit == 0x0D || unit == 0x0C || unit == 0x200C }
        // (Each item's width is rounded up on its own: `"          i"` is
        // 42.890625 px in Noto Sans 15 px, the spaces' 39.000397 and the
        // i's 3.870010 each rounded up.)
        boundaries = [0]
        rightToLeft = [level(0) % 2 == 1]
        isTab = [units[window.lowerBound] == 0x09]
        var nextSpan = 0  // the first span starting at or after `offset`
        for offset in 1..<max(count, 1) {
            let unit = units[window.lowerBound + offset], previous = units[window.lowerBound + offset - 1]
            while nextSpan < spanStarts.count, spanStarts[nextSpan] < offset { nextSpan += 1 }
            let splits = level(offset) != level(offset - 1) || isControl(unit) || isControl(previous)
                || offset == leadingSpaces || (nextSpan < spanStarts.count && spanStarts[nextSpan] == offset)
            // Consecutive tabs are one control item.
            guard splits, !(unit == 0x09 && previous == 0x09) else { continue }
            boundaries.append(offset)
            rightToLeft.append(level(offset) % 2 == 1)
            isTab.append(unit == 0x09)
        }
        boundaries.append(count)
    }

    /// The bidi levels of `paragraph` of `units` (base left to right), or
    /// `nil` when nothing in it can be right to left.
    static func levels(of units: UTF16Text, paragraph: Range<Int>) -> [UInt8]? {
        guard units[paragraph].contains(where: { $0 >= 0x0590 }) else { return nil }
        var levels = [UInt8](filled: 0, count: paragraph.count)
        _ = ICU.bidiLevels(of: units[paragraph], base: 0, into: &levels)
        return levels
    }

    /// Calls `body` with each paragraph of `units` that is not empty, cut
    /// into items: `parts` of `units` in the styles of `measurers`.
    /// Blink shapes neighbouring spans in one font together, and cuts items
    /// at every span.
    static func forEachParagraph(
        of units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer], maximumLength: Int,
        _ body: (_ paragraph: Range<Int>, BlinkItems) -> Void
    ) {
        var firstPart = 0
        HardBreaks.forEachParagraph(in: units, rules: ChromiumRules.self, maximumLength: maximumLength) { paragraph in
            guard !paragraph.isEmpty else { return true }
            while parts[firstPart].range.upperBound <= paragraph.lowerBound { firstPart += 1 }
            let (pieces, spanStarts) = Self.pieces(of: parts[firstPart...], measurers: measurers, in: paragraph)
            body(paragraph, BlinkItems(of: units, paragraph: paragraph, window: paragraph, pieces: pieces,
                                       spanStarts: spanStarts, levels: levels(of: units, paragraph: paragraph)))
            return true
        }
    }

    /// `window`'s pieces (neighbouring `parts` in one measurer's style
    /// shaped together) and the offsets from its start where a span starts
    /// inside it; `parts` start with the first that reaches into it.
    static func pieces(
        of parts: ArraySlice<StyledPart>, measurers: [TextMeasurer], in window: Range<Int>
    ) -> (pieces: [(range: Range<Int>, measurer: TextMeasurer)], spanStarts: [Int]) {
        var pieces: [(range: Range<Int>, measurer: TextMeasurer)] = []
        var spanStarts: [Int] = []
        for part in parts {
            guard part.range.lowerBound < window.upperBound else { break }
            let range = max(part.range.lowerBound, window.lowerBound)..<min(part.range.upperBound, window.upperBound)
            if part.range.lowerBound > window.lowerBound { spanStarts.append(range.lowerBound - window.lowerBound) }
            if let last = pieces.last, last.measurer === measurers[part.measurer] {
                pieces[pieces.count - 1].range = last.range.lowerBound..<range.upperBound
            } else {
                pieces.append((range, measurers[part.measurer]))
            }
        }
        return (pieces, spanStarts)
    }

    /// The bytes the items keep, estimated.
    var estimatedBytes: Int {
        128 + 8 * (pen.count + clusterStarts.count + pieceStarts.count) + 10 * boundaries.count
            + 16 * unsafeBreaks.count
    }

    /// The measurer of the style at `offset` (from the window's start).
    func measurer(at offset: Int) -> TextMeasurer {
        pieceMeasurers[piece(at: offset)]
    }

    /// Whether an item starts at `offset` (from the window's start).
    func startsItem(at offset: Int) -> Bool {
        let following = Self.count(of: boundaries, notAfter: offset)
        return following > 0 && boundaries[following - 1] == offset
    }

    /// The index of the piece holding `offset` (from the window's start).
    private func piece(at offset: Int) -> Int {
        max(0, Self.count(of: pieceStarts, notAfter: offset) - 1)
    }

    /// How many of `sorted` (in increasing order) are at most `value`, by
    /// bisection.
    private static func count(of sorted: [Int], notAfter value: Int) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Rounded up to the `LayoutUnit`.
    static func ceiling(_ value: Double) -> Double { (value * 64).rounded(.up) / 64 }

    /// The width of `tabs` tabs of tab item `item` set at `position` (points
    /// from the line's start): to the next stop, then a stop interval each,
    /// rounded up.
    func tabWidth(of item: Int, tabs: Int, at position: Double) -> Double {
        let shaper = measurer(at: boundaries[item]).shaper
        let first = shaper.tabAdvance(at: position, rules: ChromiumRules.self)
        let interval = shaper.tabAdvance(at: 0, rules: ChromiumRules.self)
        func rounded(_ advance: Double) -> Double { (advance * 65536).rounded() / 65536 }
        return Self.ceiling(rounded(first) + Double(tabs - 1) * rounded(interval))
    }

    /// How a line's edge is measured.
    enum Edge {
        /// As the whole paragraph shapes it (breaking there is safe).
        case kept
        /// Shaped again from the nearest offset where breaking is safe
        /// (HarfBuzz's unsafe-to-break: a kerned or joined pair).
        case reshaped
        /// As the line fitter measured it: fullwidth punctuation the
        /// line's start or end may trim.
        case fitted
    }

    /// The width of Chromium's box of the line `lower..<upper` (offsets
    /// from the paragraph's start; `upper` past its last character that
    /// does not hang), whose advance the line fitter measured as `advance`:
    /// each item's part of the line rounded up to the `LayoutUnit`
    /// (`InlineItemResult`'s inline size), tabs to their stops.
    ///
    /// The whole paragraph's pen gives each part's width but at an edge
    /// Blink shapes again (`ShapingLineBreaker::ShapeLine`): a reshaped
    /// edge from the nearest safe offset inside its item; a fitted edge
    /// takes the difference between `advance` and the pen (the last item
    /// when both edges are fitted).
    /// `reshaped` keeps the pieces shaped again across the paragraph's lines.
    func lineWidth(
        from lower: Int, to upper: Int, advance: Double, start: Edge, end: Edge, of units: UTF16Text, paragraph: Range<Int>,
        reshaped: inout [Int: SegmentInterior<ChromiumRules>]
    ) -> Double {
        guard upper > lower else { return 0 }
        let first = Self.count(of: boundaries, notAfter: lower) - 1
        var parts: [Double] = []
        var item = first
        while item < boundaries.count - 1, boundaries[item] < upper {
            parts.append(pen[min(boundaries[item + 1], upper)] - pen[max(boundaries[item], lower)])
            item += 1
        }
        let last = parts.count - 1
        if start == .fitted || end == .fitted {
            parts[end == .fitted ? last : 0] += advance - parts.reduce(0, +)
        }
        if start == .reshaped || end == .reshaped {
            let safeAfterStart = start == .reshaped
                ? nextSafeOffset(after: lower, limit: min(boundaries[first + 1], upper, pieceEnd(at: lower))) : lower
            let safeBeforeEnd = end == .reshaped
                ? previousSafeOffset(before: upper, limit: max(lower, boundaries[first + last], pieceStart(at: upper - 1)))
                : upper
            if last == 0, start == .reshaped, end == .reshaped, safeAfterStart >= safeBeforeEnd {
                parts[0] = reshapedWidth(from: lower, to: upper, of: units, paragraph: paragraph, reshaped: &reshaped)
            } else {
                if start == .reshaped {
                    parts[0] += reshapedWidth(from: lower, to: safeAfterStart, of: units, paragraph: paragraph, reshaped: &reshaped)
                        - (pen[safeAfterStart] - pen[lower])
                }
                if end == .reshaped {
                    parts[last] += reshapedWidth(from: safeBeforeEnd, to: upper, of: units, paragraph: paragraph, reshaped: &reshaped)
                        - (pen[upper] - pen[safeBeforeEnd])
                }
            }
        }
        var position = 0.0
        for (index, part) in parts.enumerated() {
            let item = first + index
            if isTab[item] {
                let tabs = min(boundaries[item + 1], upper) - max(boundaries[item], lower)
                position += tabWidth(of: item, tabs: tabs, at: position)
            } else {
                position += Self.ceiling(part)
            }
        }
        return position
    }

    /// Where the piece holding `offset` starts and ends.
    private func pieceStart(at offset: Int) -> Int { pieceStarts[piece(at: offset)] }
    private func pieceEnd(at offset: Int) -> Int {
        let next = piece(at: offset) + 1
        return next < pieceStarts.count ? pieceStarts[next] : pen.count - 1
    }

    /// The last cluster start before `offset`, not before `limit`, where
    /// breaking is safe (`limit` if none is).
    private func previousSafeOffset(before offset: Int, limit: Int) -> Int {
        var index = clusterIndex(of: offset) - 1
        while index >= 0, clusterStarts[index] > limit, unsafeBreaks.contains(clusterStarts[index]) { index -= 1 }
        return index >= 0 ? max(limit, clusterStarts[index]) : limit
    }

    /// The first cluster start after `offset`, not after `limit`, where
    /// breaking is safe (`limit` if none is).
    private func nextSafeOffset(after offset: Int, limit: Int) -> Int {
        var index = clusterIndex(of: offset) + 1
        while index < clusterStarts.count, clusterStarts[index] < limit, unsafeBreaks.contains(clusterStarts[index]) {
            index += 1
        }
        return index < clusterStarts.count ? min(limit, clusterStarts[index]) : limit
    }

    /// The index in `clusterStarts` of the first start at or after `offset`.
    private func clusterIndex(of offset: Int) -> Int {
        var low = 0, high = clusterStarts.count
        while low < high {
            let middle = (low + high) / 2
            if clusterStarts[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The width of `lower..<upper` (cluster starts inside one piece)
    /// shaped on its own, as Blink shapes a line's edge where breaking is
    /// not safe (`ShapingLineBreaker::ShapeLine`): the text after it still
    /// trims its fullwidth punctuation, the text before it does not.
    /// Each piece is shaped once a paragraph (kept in `reshaped` by piece).
    private func reshapedWidth(
        from lower: Int, to upper: Int, of units: UTF16Text, paragraph: Range<Int>,
        reshaped: inout [Int: SegmentInterior<ChromiumRules>]
    ) -> Double {
        let piece = piece(at: lower)
        let start = pieceStarts[piece], end = pieceEnd(at: lower)
        let interior = reshaped[piece] ?? pieceMeasurers[piece].interior(
            of: units, range: window.lowerBound + start..<window.lowerBound + end, paragraph: paragraph, base: 0,
            rules: ChromiumRules.self)
        reshaped[piece] = interior
        let offsets = interior.clusters.offsets
        let first = Self.count(of: offsets, notAfter: lower - start - 1)
        let last = Self.count(of: offsets, notAfter: upper - start - 1)
        guard first < last else { return pen[upper] - pen[lower] }
        let metrics = interior.metrics(ofClusters: first..<last)
        return metrics.width + metrics.trailingWidth
    }
}
