import TypometerLayout

/// The layouts' documented rules written out plainly, item by item: what the fuzz target
/// checks the library against. (The visibility rule is the unit tests'
/// `BruteForceVisibility`, which a fuzz target cannot import.)
enum Reference {
    /// The items meeting the span `minY ..< maxY` widened by `overscan` (and `minX ..< maxX`
    /// when given), by a scan of every frame. A frame covers `[low, high)` along each axis
    /// (a negative size extends the other way); a zero-size frame is the point `low`; a frame
    /// with a NaN edge meets nothing.
    static func visibleItems(in frames: [LayoutFrame], minY: Double, maxY: Double,
                             minX: Double? = nil, maxX: Double? = nil, overscan: Double = 0) -> [Int] {
        let padding = overscan > 0 ? overscan : 0
        let top = minY - padding
        let bottom = maxY + padding
        guard top < bottom else { return [] }
        if let minX, let maxX, !(minX < maxX) { return [] }
        var result: [Int] = []
        for (index, frame) in frames.enumerated() {
            guard let vertical = span(frame.y, frame.height), let horizontal = span(frame.x, frame.width),
                  meets(vertical, top, bottom) else { continue }
            if let minX, let maxX, !meets(horizontal, minX, maxX) { continue }
            result.append(index)
        }
        return result
    }

    /// The anchor for a viewport whose top is at `scrollOffset`: of the items meeting
    /// `scrollOffset ..< infinity`, the one with the smallest top edge (the lowest index on
    /// a tie), and the offset from that edge; `nil` for none or an offset that is not finite.
    static func anchor(in frames: [LayoutFrame], scrollOffset: Double) -> LayoutAnchor<Int>? {
        guard scrollOffset.isFinite else { return nil }
        var best: (index: Int, top: Double)?
        for (index, frame) in frames.enumerated() {
            guard let vertical = span(frame.y, frame.height), span(frame.x, frame.width) != nil,
                  meets(vertical, scrollOffset, .infinity) else { continue }
            if best == nil || vertical.low < best!.top { best = (index, vertical.low) }
        }
        return best.map { LayoutAnchor(id: $0.index, offset: scrollOffset - $0.top) }
    }

    /// The smaller of a frame's vertical edges.
    static func topEdge(_ frame: LayoutFrame) -> Double {
        min(frame.y, frame.y + frame.height)
    }

    /// Each item's top and column in a masonry solve: the top of the shortest column, the
    /// leftmost on a tie; the column then continues `spacing` below the item's bottom.
    static func masonry(_ heights: [Double], columns: Int, spacing: Double) -> [(top: Double, column: Int)] {
        var nextTops = [Double](repeating: 0, count: columns)
        return heights.map { height in
            var shortest = 0
            for column in nextTops.indices where nextTops[column] < nextTops[shortest] { shortest = column }
            let top = nextTops[shortest]
            nextTops[shortest] = (top + height) + spacing
            return (top, shortest)
        }
    }

    /// The first item a masonry solve refuses: a negative, NaN or infinite height, or one
    /// whose bottom edge would pass the largest `Double`.
    static func masonryFirstInvalid(_ heights: [Double], columns: Int, spacing: Double) -> Int? {
        let index = heights.firstIndex { !($0 >= 0 && $0 < .infinity) } ?? heights.count
        let placed = masonry(Array(heights[..<index]), columns: columns, spacing: spacing)
        return placed.indices.first { !(placed[$0].top + heights[$0] < .infinity) } ?? (index < heights.count ? index : nil)
    }

    /// A flow's frames: a chip goes in the open row when its right edge there is at most the
    /// container width (the first chip of a row always does), else it starts the next row,
    /// the open row's tallest chip plus `rowSpacing` lower.
    static func flow(_ chips: [FlowItem], containerWidth: Double, spacing: Double, rowSpacing: Double) -> [LayoutFrame] {
        var (rowTop, rowHeight, nextX, rowIsEmpty) = (0.0, 0.0, 0.0, true)
        return chips.map { chip in
            let width = chip.width(containerWidth: containerWidth)
            if !rowIsEmpty && nextX + width > containerWidth {
                rowTop += rowHeight + rowSpacing
                (rowHeight, nextX) = (0, 0)
            }
            defer {
                nextX += width + spacing
                rowHeight = max(rowHeight, chip.height)
                rowIsEmpty = false
            }
            return LayoutFrame(x: nextX, y: rowTop, width: width, height: chip.height)
        }
    }

    /// The first chip a flow solve refuses: a negative, NaN or infinite width, padding or
    /// height, or one whose bottom edge would pass the largest `Double`.
    static func flowFirstInvalid(_ chips: [FlowItem], containerWidth: Double, spacing: Double,
                                 rowSpacing: Double) -> Int? {
        let isFinite = { (value: Double) in value >= 0 && value < .infinity }
        let index = chips.firstIndex { chip in
            !(isFinite(chip.textWidth) && isFinite(chip.horizontalPadding) && isFinite(chip.verticalPadding)
              && chip.textHeight >= 0 && chip.height < .infinity)
        } ?? chips.count
        let placed = flow(Array(chips[..<index]), containerWidth: containerWidth, spacing: spacing, rowSpacing: rowSpacing)
        return placed.firstIndex { !($0.maxY < .infinity) } ?? (index < chips.count ? index : nil)
    }

    /// Whether two lists hold the same frames, bit for bit (NaN included).
    static func identical(_ first: [LayoutFrame], _ second: [LayoutFrame]) -> Bool {
        first.count == second.count && zip(first, second).allSatisfy { a, b in
            [a.x, a.y, a.width, a.height].map(\.bitPattern) == [b.x, b.y, b.width, b.height].map(\.bitPattern)
        }
    }

    private static func span(_ origin: Double, _ length: Double) -> (low: Double, high: Double)? {
        let end = origin + length
        if origin.isNaN || end.isNaN { return nil }
        return (min(origin, end), max(origin, end))
    }

    private static func meets(_ span: (low: Double, high: Double), _ minimum: Double, _ maximum: Double) -> Bool {
        span.low == span.high ? minimum <= span.low && span.low < maximum : span.low < maximum && span.high > minimum
    }
}
