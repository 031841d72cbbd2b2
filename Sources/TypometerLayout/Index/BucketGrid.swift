/// Fixed-height horizontal bands that divide the y axis for ``VisibilityIndex``.
///
/// Bucket `b` covers `origin + b * height ..< origin + (b + 1) * height`; values above the
/// first band fall into bucket 0 and values below the last band into the last bucket. The
/// mapping is monotonic (a larger y never gets a smaller bucket), which is all the index's
/// correctness rests on, so rounding at band edges cannot lose an item.
struct BucketGrid: Sendable {
    /// Top of bucket 0, in points.
    var origin: Double
    /// Height of one bucket, in points; `.infinity` for a single bucket covering everything.
    var height: Double
    /// `1 / height`, or 0 when `height` is infinite.
    var inverseHeight: Double
    /// Number of buckets, at least 1.
    var count: Int

    init(origin: Double, height: Double, count: Int) {
        self.origin = origin
        self.height = height
        self.inverseHeight = height < .infinity ? 1 / height : 0
        self.count = count
    }

    /// Unclamped, unrounded bucket position of `y` (may be negative, huge or NaN); for
    /// `y >= origin` below the grid's capacity, `Int(position(y))` is its bucket.
    @inline(__always)
    func position(_ y: Double) -> Double {
        (y - origin) * inverseHeight
    }

    /// The bucket holding `y`, clamped to `0 ..< count`. NaN maps to 0.
    @inline(__always)
    func bucket(_ y: Double) -> Int {
        let position = (y - origin) * inverseHeight
        if !(position > 0) { return 0 }
        let last = count &- 1  // count >= 1
        if position >= Double(last) { return last }
        return Int(position)
    }
}
