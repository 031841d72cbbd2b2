extension VisibilityIndex {
    /// The index's tables as plain values, for a query written in another
    /// language over the same buckets (the page `typometer page` writes
    /// runs this index's query in JavaScript).
    ///
    /// A query for `top ..< bottom` (overscan already added) reads buckets
    /// `bucket(top)` through `bucket(bottom)`, where `bucket(y)` is
    /// `Int((y - origin) * (1 / height))` (0 when ``height`` is infinite)
    /// clamped to `0 ..< count`, a position that is not above 0 (NaN too)
    /// being bucket 0: the reciprocal taken once in double precision, then
    /// multiplied, as the index does (dividing by `height` rounds otherwise
    /// at bucket edges and misses items); in every bucket
    /// after the first it skips an item whose own top bucket is not that
    /// bucket (it was seen before); it keeps the items whose vertical extent
    /// overlaps the span (``VisibilityIndex`` states the edge rule);
    /// then it checks every ``oversized`` item the same way.
    public struct Buckets: Hashable, Sendable {
        /// Top of bucket 0, in points.
        public var origin: Double
        /// Height of one bucket, in points; `.infinity` when one bucket covers everything.
        public var height: Double
        /// `starts[b] ..< starts[b + 1]` are bucket `b`'s entries in ``items``;
        /// one more entry than there are buckets.
        public var starts: [Int]
        /// Item indices, grouped by bucket, increasing within each bucket.
        public var items: [Int32]
        /// Items spanning more than ``VisibilityIndex/oversizeThreshold`` buckets,
        /// checked by every query, in increasing order.
        public var oversized: [Int32]

        /// Number of buckets.
        public var count: Int { starts.count - 1 }
    }

    /// The bucket table and oversized list, or `nil` when no frame is indexed.
    /// - Complexity: O(1); the arrays are shared, not copied.
    public var buckets: Buckets? {
        guard let grid else { return nil }
        return Buckets(origin: grid.origin, height: grid.height, starts: bucketStarts,
                       items: bucketItems, oversized: oversizedItems)
    }
}
