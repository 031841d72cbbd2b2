extension LayoutSnapshot {
    /// Indices of the items that intersect the vertical span `minY ..< maxY` of the content
    /// (points), widened by `overscan` points above and below, in increasing order.
    ///
    /// Forwards to ``visibilityIndex``; see ``VisibilityIndex`` for the edge rules.
    ///
    /// - Complexity: Follows the number of items near the span, not the item count.
    public func visibleItems(minY: Double, maxY: Double, overscan: Double = 0) -> [Int] {
        visibilityIndex.visibleItems(minY: minY, maxY: maxY, overscan: overscan)
    }

    /// Indices of the items that intersect the rectangle `minX ..< maxX` × `minY ..< maxY`
    /// (points), the vertical span widened by `overscan`, in increasing order.
    ///
    /// - Complexity: Follows the number of items near the span, not the item count.
    public func visibleItems(minY: Double, maxY: Double, minX: Double, maxX: Double,
                             overscan: Double = 0) -> [Int] {
        visibilityIndex.visibleItems(minY: minY, maxY: maxY, minX: minX, maxX: maxX, overscan: overscan)
    }
}
