/// A masonry (Pinterest-style) layout: equal-width columns, each item placed at the top of
/// the currently shortest column, the leftmost one on a tie.
///
/// The layout is width-independent configuration; a solve takes the container width and the
/// item heights (its ``Layout/Item`` is an item's height in points) and returns a
/// ``MasonrySnapshot``. Frames come out with tops that never decrease in item order. Item
/// heights are fixed before the solve (measure text at ``columnWidth(forContainerWidth:)``
/// first; ``MasonryItem`` adds chrome and images).
///
/// ```swift
/// let layout = try MasonryLayout(columns: 3, spacing: 8)
/// let snapshot = try layout.snapshot(heights: heights, containerWidth: 390)
/// ```
///
/// Safe to share across threads.
public struct MasonryLayout: Layout {
    /// Number of columns, from 1 to ``maximumColumnCount``.
    public let columns: Int
    /// Gap between adjacent columns and between vertically adjacent items, in points. Finite
    /// and non-negative, and the gaps between the columns together finite too.
    public let spacing: Double

    /// The most columns a layout may have. A placement holds each column's bottom, and
    /// placing an item compares them all; the `typometer` tool's `--columns` allows as many.
    public static let maximumColumnCount = 10_000

    /// Creates a layout with `columns` columns separated by `spacing` points.
    ///
    /// - Throws: ``LayoutError/invalidColumnCount(_:)`` when `columns` is less than 1 or more
    ///   than ``maximumColumnCount``; ``LayoutError/invalidSpacing(_:)`` when `spacing` is
    ///   negative, NaN or infinite, or the `columns - 1` gaps together pass the largest
    ///   `Double` (the last column would start at infinity).
    public init(columns: Int, spacing: Double = 0) throws(LayoutError) {
        guard columns >= 1, columns <= Self.maximumColumnCount else { throw .invalidColumnCount(columns) }
        guard spacing >= 0, spacing * Double(columns - 1) < .infinity else { throw .invalidSpacing(spacing) }
        self.columns = columns
        self.spacing = spacing
    }

    /// The width of one column, in points:
    /// `(containerWidth - spacing * (columns - 1)) / columns`.
    ///
    /// When the gaps alone are wider than the container, the column width is clamped to 0
    /// (columns keep their spacing and overflow the container) rather than going negative.
    ///
    /// - Throws: ``LayoutError/invalidContainerWidth(_:)`` when `containerWidth` is negative,
    ///   NaN or infinite, or so close to the largest `Double` that the last column's right
    ///   edge, its columns and gaps added up, rounds past it.
    public func columnWidth(forContainerWidth containerWidth: Double) throws(LayoutError) -> Double {
        guard containerWidth >= 0, containerWidth < .infinity else {
            throw .invalidContainerWidth(containerWidth)
        }
        let gaps = spacing * Double(columns - 1)
        let width = max(0, (containerWidth - gaps) / Double(columns))
        // The last column's right edge, as frames place it (x is the column times the stride).
        guard Double(columns - 1) * (width + spacing) + width < .infinity else {
            throw .invalidContainerWidth(containerWidth)
        }
        return width
    }

    /// Places items of the given heights, in order, and indexes the result for visibility
    /// queries; ``snapshot(of:containerWidth:)`` under the name masonry callers know.
    ///
    /// - Parameters:
    ///   - heights: One height per item, in points; finite and non-negative.
    ///   - containerWidth: Width available to all columns and gaps, in points.
    /// - Returns: A snapshot with one frame per item; empty input gives an empty snapshot whose
    ///   content height is 0.
    /// - Throws: ``LayoutError/invalidContainerWidth(_:)``,
    ///   ``LayoutError/invalidItemHeight(index:height:)`` for the first bad height, or
    ///   ``LayoutError/tooManyItems(_:)`` beyond `Int32.max` items.
    /// - Complexity: O(*n* · *c*) for *n* items and *c* columns, plus indexing. About 22 ms
    ///   of CPU time for a million items in release builds on a 2-core VM, a tenth of it the
    ///   kernel zeroing the 44 MB of frames and index (on huge pages where Linux allows:
    ///   Docs/performance.md): solve once and share the snapshot, paginate with
    ///   ``LayoutSnapshot/append(heights:)``, and re-solve width changes into the same
    ///   snapshot with ``LayoutSnapshot/solve(_:containerWidth:)``, which reuses its memory.
    public func snapshot(heights: [Double], containerWidth: Double) throws(LayoutError) -> MasonrySnapshot {
        try snapshot(of: heights, containerWidth: containerWidth)
    }

    /// Places ``MasonryItem``s, computing each height at this layout's column width for
    /// `containerWidth`. Otherwise the same as ``snapshot(heights:containerWidth:)``.
    public func snapshot(items: [MasonryItem], containerWidth: Double) throws(LayoutError) -> MasonrySnapshot {
        var snapshot = try MasonrySnapshot(layout: self, containerWidth: containerWidth)
        try snapshot.append(items: items)
        return snapshot
    }
}
