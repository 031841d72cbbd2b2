/// A segment measured grapheme by grapheme, for breaking inside a word
/// that is wider than the line.
struct SegmentGraphemes {
    /// Start offset of each grapheme cluster, relative to the segment.
    var offsets: [Int]
    var advances: [Double]
    var faceBits: [UInt64]
    /// Whether each cluster is a breakable space (hangs at a line end).
    var isSpace: [Bool]
    /// Whether each cluster is a tab (its advance then is one space's).
    var isTab: [Bool]
    /// Whether each cluster draws nothing (a soft hyphen, a joiner).
    var isInvisible: [Bool]
    /// Whether breaking before each cluster would change the shaping
    /// (kerning or contextual forms across the break).
    var unsafeBefore: [Bool]
    /// Under `.chromium`, the clusters that start inside a HarfBuzz cluster
    /// (at a character without a glyph of its own), in increasing order.
    var insideShapingClusters: [Int] = []
    /// Under `.pango`, the lead bits (``PangoBaseline``) a line starting at
    /// each cluster gets; empty under `.chromium`.
    var leads: [UInt64] = []
    /// Under `.chromium`, Blink's fallback run after the segment.
    var blinkRunAfter = BlinkFallbackRun()

    /// Whether `cluster` starts inside a HarfBuzz cluster (`.chromium`).
    func startsInsideShapingCluster(_ cluster: Int) -> Bool {
        !insideShapingClusters.isEmpty && insideShapingClusters.contains(cluster)
    }

    /// The lead bits of a line starting at `cluster`.
    func lead(at cluster: Int) -> UInt64 { cluster < leads.count ? leads[cluster] : 0 }
}
