/// Chips wrapped into rows, as a tag cloud or a row of filters: chips go left to right,
/// and a chip that does not fit in what is left of the row starts the next one.
///
/// - A chip is as wide as its text plus padding (``FlowItem``), at most the container's
///   width: a chip wider than the container is narrowed to it, its text wrapped at
///   ``FlowItem/textWrapWidth(containerWidth:)`` (the caller measures the text there; the
///   layout only takes the height).
/// - One rule places every chip: it goes in the open row when its right edge there is at
///   most the container width (compared exactly), else it starts the next row; the first
///   chip of a row always goes in it. Chips in a row are ``spacing`` apart. So a narrowed
///   chip fills its row: it shares it only with chips of zero width when ``spacing`` is 0
///   (as CSS flex wrapping puts them).
/// - A row is as tall as its tallest chip; chips sit at the row's top; rows are
///   ``rowSpacing`` apart. The content height is the last row's bottom edge.
/// - Frames come out with tops that never decrease in item order; appending continues the
///   open row, exactly as a full solve of all chips would.
///
/// ```swift
/// let flow = try FlowLayout(spacing: 6, rowSpacing: 6)
/// let chips = tags.map { tag in
///     FlowItem(textWidth: measurer.singleLineWidth(of: tag), textHeight: 20, horizontalPadding: 10,
///              verticalPadding: 4)
/// }
/// let snapshot = try flow.snapshot(of: chips, containerWidth: 320)
/// ```
///
/// Safe to share across threads.
public struct FlowLayout: Layout {
    /// Gap between chips in a row, in points; finite and non-negative.
    public let spacing: Double
    /// Gap between rows, in points; finite and non-negative.
    public let rowSpacing: Double

    /// - Throws: ``LayoutError/invalidSpacing(_:)`` when either gap is negative, NaN or
    ///   infinite.
    public init(spacing: Double = 0, rowSpacing: Double = 0) throws(LayoutError) {
        guard spacing >= 0, spacing < .infinity else { throw .invalidSpacing(spacing) }
        guard rowSpacing >= 0, rowSpacing < .infinity else { throw .invalidSpacing(rowSpacing) }
        self.spacing = spacing
        self.rowSpacing = rowSpacing
    }

    /// An empty placement: an empty first row at y = 0.
    ///
    /// - Throws: ``LayoutError/invalidContainerWidth(_:)`` when `containerWidth` is negative,
    ///   NaN or infinite.
    public func placement(containerWidth: Double) throws(LayoutError) -> FlowPlacement {
        guard containerWidth >= 0, containerWidth < .infinity else { throw .invalidContainerWidth(containerWidth) }
        return FlowPlacement(containerWidth: containerWidth, rowTop: 0, rowHeight: 0, nextX: 0, rowIsEmpty: true)
    }

    /// Places chips after those already placed, continuing the open row. Appends one frame
    /// per chip; earlier frames never move.
    ///
    /// - Throws: ``LayoutError/invalidItemWidth(index:width:)`` for a negative, NaN or
    ///   infinite text width, ``LayoutError/invalidItemPadding(index:padding:)`` for such a
    ///   padding, ``LayoutError/invalidItemHeight(index:height:)`` for such a text height or a
    ///   chip height that overflows; before placing anything. Also
    ///   ``LayoutError/invalidItemHeight(index:height:)`` for the first chip whose bottom edge
    ///   would pass the largest `Double` (rows near 1.8e308 down), leaving `placement` as it was.
    /// - Complexity: O(*n*) for *n* chips.
    public func place(_ chips: [FlowItem], firstIndex: Int, in placement: inout FlowPlacement,
                      into frames: inout [LayoutFrame]) throws(LayoutError) -> LayoutChange {
        // No chip ends below the open row's bottom plus every chip before it and a row gap
        // each: while that stays well below the largest Double, none can overflow.
        let openBottom = placement.rowTop + placement.rowHeight
        var heightSum = 0.0
        for (offset, chip) in chips.enumerated() {
            if let error = Self.error(in: chip, index: firstIndex + offset) {
                if !(openBottom + heightSum + rowSpacing * Double(offset) < .greatestFiniteMagnitude / 2) {
                    // An earlier chip whose bottom would overflow is the first bad one.
                    var trial = placement
                    var scratch: [LayoutFrame] = []
                    _ = try place(Array(chips[..<offset]), firstIndex: firstIndex, in: &trial, into: &scratch)
                }
                throw error
            }
            heightSum += chip.height
        }
        let original = placement  // restored when a bottom overflows
        let containerWidth = placement.containerWidth
        let lowest = placement.rowTop  // every new chip is in the open row or below it
        frames.reserveCapacity(frames.count + chips.count)
        for chip in chips {
            let width = chip.width(containerWidth: containerWidth)
            let height = chip.height
            if !placement.rowIsEmpty && placement.nextX + width > containerWidth {
                placement.rowTop += placement.rowHeight + rowSpacing
                placement.rowHeight = 0
                placement.nextX = 0
            }
            frames.append(LayoutFrame(x: placement.nextX, y: placement.rowTop, width: width, height: height))
            placement.nextX += width + spacing
            placement.rowHeight = max(placement.rowHeight, height)
            placement.rowIsEmpty = false
        }
        let contentHeight = placement.rowIsEmpty ? 0 : placement.rowTop + placement.rowHeight
        guard contentHeight < .infinity else {
            let firstNew = frames.count - chips.count
            let offset = frames[firstNew...].firstIndex { !($0.maxY < .infinity) }! - firstNew
            placement = original
            throw .invalidItemHeight(index: firstIndex + offset, height: chips[offset].textHeight)
        }
        return LayoutChange(contentHeight: contentHeight,
                            bounds: LayoutChange.Bounds(lowest: lowest, highest: contentHeight, heightSum: heightSum))
    }

    /// Why `chip`, the item at `index`, cannot be placed, or `nil`.
    private static func error(in chip: FlowItem, index: Int) -> LayoutError? {
        guard chip.textWidth >= 0, chip.textWidth < .infinity else {
            return .invalidItemWidth(index: index, width: chip.textWidth)
        }
        guard chip.horizontalPadding >= 0, chip.horizontalPadding < .infinity else {
            return .invalidItemPadding(index: index, padding: chip.horizontalPadding)
        }
        guard chip.verticalPadding >= 0, chip.verticalPadding < .infinity else {
            return .invalidItemPadding(index: index, padding: chip.verticalPadding)
        }
        guard chip.textHeight >= 0, chip.height < .infinity else {
            return .invalidItemHeight(index: index, height: chip.textHeight)
        }
        return nil
    }
}
