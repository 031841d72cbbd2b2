/// What ``VisibilityIndex`` needs to know about a run of frames before it can size
/// its grid: their vertical range, mean height, and whether any edge is infinite.
///
/// Measured in one pass, or stated directly from a layout's ``LayoutChange/Bounds`` (a
/// masonry solve knows its frames start at 0, end at the content height and sum to its
/// heights), which saves a pass over the frames.
struct FrameStatistics: Sendable {
    /// Smallest finite top or bottom edge, in points (`+infinity` when there is none).
    var lowest = Double.infinity
    /// Largest finite top or bottom edge, in points (`-infinity` when there is none).
    var highest = -Double.infinity
    /// Sum of the heights of frames with both vertical edges finite, in points.
    var heightSum = 0.0
    /// Number of frames with both vertical edges finite.
    var finiteCount = 0
    /// Number of frames without a NaN edge (the ones the index reports).
    var validCount = 0

    /// Whether every valid frame has finite top and bottom edges.
    var allFinite: Bool { finiteCount == validCount }

    init() {}

    /// Statistics stated by a caller that knows them (all frames valid and finite).
    init(lowest: Double, highest: Double, heightSum: Double, count: Int) {
        self.lowest = lowest
        self.highest = highest
        self.heightSum = heightSum
        self.finiteCount = count
        self.validCount = count
    }

    /// Measures `frames`.
    ///
    /// - Complexity: O(*n*), one pass.
    init(measuring frames: ArraySlice<LayoutFrame>) {
        for frame in frames {
            guard let extent = Extent(origin: frame.y, length: frame.height),
                  Extent(origin: frame.x, length: frame.width) != nil else { continue }
            validCount += 1
            let lowFinite = extent.low.isFinite
            let highFinite = extent.high.isFinite
            if lowFinite {
                lowest = min(lowest, extent.low)
                highest = max(highest, extent.low)
            }
            if highFinite {
                lowest = min(lowest, extent.high)
                highest = max(highest, extent.high)
            }
            if lowFinite && highFinite {
                heightSum += extent.high - extent.low
                finiteCount += 1
            }
        }
    }
}
