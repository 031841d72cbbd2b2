import CHarfBuzz

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
    /// The clusters that start inside a HarfBuzz cluster (at a character
    /// without a glyph of its own), in increasing order, where the renderer
    /// tells them apart (``ClusterFaceRules/givesShapingClusterAdvanceToLastGrapheme``).
    var insideShapingClusters: [Int] = []
    /// Bits a line starting at each cluster adds to its face mask; empty
    /// when the renderer adds none.
    var lineStartBits: [UInt64] = []
    /// Each cluster's face (``FaceRegistry`` index) and the script its run
    /// was shaped in, as measured: what drawing the segment starts from.
    var faces: [Int] = []
    var scripts: [hb_script_t] = []

    /// Whether `cluster` starts inside a HarfBuzz cluster (by bisection).
    func startsInsideShapingCluster(_ cluster: Int) -> Bool {
        var low = 0, high = insideShapingClusters.count
        while low < high {
            let middle = (low + high) / 2
            if insideShapingClusters[middle] < cluster { low = middle + 1 } else { high = middle }
        }
        return low < insideShapingClusters.count && insideShapingClusters[low] == cluster
    }

    /// The bits a line starting at `cluster` adds to its face mask.
    func lineStartBits(at cluster: Int) -> UInt64 { cluster < lineStartBits.count ? lineStartBits[cluster] : 0 }
}
