/// A layout: a value that turns items into one frame per item and a content height for a
/// container width.
///
/// A layout is configuration (columns, spacing, a time scale); it holds no items. Solving
/// goes through a ``LayoutSnapshot``, which owns the frames, answers visibility queries
/// (``VisibilityIndex``) and keeps scroll anchors: those work on any layout's frames, which
/// may overlap, come in any order and have negative coordinates.
///
/// A layout places items in two steps so that it can append: ``placement(containerWidth:)``
/// starts an empty ``Placement`` (the state appending needs: masonry's column bottoms, a
/// flow's open row), and ``place(_:firstIndex:in:into:)`` places items after those already
/// placed through it. A layout whose earlier frames depend on later items (a timeline's lanes)
/// keeps its items in its placement and re-places all of them, saying so in the
/// ``LayoutChange`` it returns.
///
/// Items are measured before the solve: a layout is pure arithmetic over sizes in points,
/// so a width change re-solves without shaping text (measure once with
/// `TextMeasurer.prepare`, then take each item's size at the new width from the prepared
/// text).
///
/// ```swift
/// struct ListPlacement: Sendable { var containerWidth: Double; var nextY = 0.0 }
///
/// struct ListLayout: Layout {            // one item a row, full width
///     var spacing: Double
///     func placement(containerWidth: Double) throws(LayoutError) -> ListPlacement {
///         guard containerWidth >= 0, containerWidth < .infinity else {
///             throw .invalidContainerWidth(containerWidth)
///         }
///         return ListPlacement(containerWidth: containerWidth)
///     }
///     func place(_ heights: [Double], firstIndex: Int, in placement: inout ListPlacement,
///                into frames: inout [LayoutFrame]) throws(LayoutError) -> LayoutChange {
///         for (offset, height) in heights.enumerated() where !(height >= 0 && height < .infinity) {
///             throw .invalidItemHeight(index: firstIndex + offset, height: height)
///         }
///         for height in heights {
///             frames.append(LayoutFrame(x: 0, y: placement.nextY, width: placement.containerWidth,
///                                       height: height))
///             placement.nextY += height + spacing
///         }
///         return LayoutChange(contentHeight: max(0, placement.nextY - spacing))
///     }
/// }
/// ```
///
/// (`Tests/TypometerLayoutTests/DocumentationExampleTests.swift` runs this example.)
///
/// Conforming types must be safe to share across threads (`Sendable`) and compare equal
/// when they would place the same items identically (`Hashable`).
public protocol Layout: Hashable, Sendable {
    /// What the layout places: a measured height, an interval on a time axis, a chip's text
    /// size. Sizes are in points.
    associatedtype Item: Sendable

    /// What placing leaves behind for the next append, for one container width.
    associatedtype Placement: Sendable

    /// An empty placement for a container `containerWidth` points wide.
    ///
    /// - Throws: ``LayoutError/invalidContainerWidth(_:)`` when the width is negative, NaN or
    ///   infinite (or another ``LayoutError`` the layout documents).
    func placement(containerWidth: Double) throws(LayoutError) -> Placement

    /// Places `items` after the `firstIndex` items already placed through `placement`.
    ///
    /// `frames` arrives empty (its capacity may be reused storage). The layout either appends
    /// one frame per item of `items`, in order, leaving the earlier items' frames as they
    /// were, or — when earlier frames move — appends one frame for every item placed so far
    /// (earlier ones first) and returns a change with ``LayoutChange/replacesEarlierFrames``
    /// set.
    ///
    /// Validate before changing anything: on a throw the caller discards `frames` and keeps
    /// its own copy of `placement`, so a failed append changes nothing.
    ///
    /// - Parameter firstIndex: Number of items placed before `items`; errors name items by
    ///   their index counted from the first item ever placed (`firstIndex + offset`).
    /// - Throws: A ``LayoutError`` naming the first bad item.
    func place(_ items: [Item], firstIndex: Int, in placement: inout Placement,
               into frames: inout [LayoutFrame]) throws(LayoutError) -> LayoutChange
}

/// What a ``Layout/place(_:firstIndex:in:into:)`` call did.
public struct LayoutChange: Hashable, Sendable {
    /// Height of the content after placing, in points: the bottom of the lowest item as the
    /// layout defines it (a layout may add trailing space); 0 for no items.
    public var contentHeight: Double
    /// Whether the frames returned are every item's (earlier frames moved) rather than only
    /// the new items'.
    public var replacesEarlierFrames: Bool
    /// Where the frames returned lie, when the layout knew it while placing them; `nil`
    /// when it did not. Saves the visibility index a pass over a large solve's frames.
    /// Checked as the index is built: frames outside these bounds cost a second pass, never
    /// a wrong answer.
    public var bounds: Bounds?

    public init(contentHeight: Double, replacesEarlierFrames: Bool = false, bounds: Bounds? = nil) {
        self.contentHeight = contentHeight
        self.replacesEarlierFrames = replacesEarlierFrames
        self.bounds = bounds
    }

    /// The vertical range a run of frames lies in and the sum of their heights, in points.
    public struct Bounds: Hashable, Sendable {
        /// Smallest top edge.
        public var lowest: Double
        /// Largest bottom edge.
        public var highest: Double
        /// Sum of the frames' heights.
        public var heightSum: Double

        public init(lowest: Double, highest: Double, heightSum: Double) {
            self.lowest = lowest
            self.highest = highest
            self.heightSum = heightSum
        }
    }
}
