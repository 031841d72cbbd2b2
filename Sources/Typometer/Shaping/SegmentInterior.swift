/// The inside of one segment, for the rare lines that need more than its
/// total advance: a word broken between grapheme clusters, or tabs.
struct SegmentInterior {
    /// The segment's code units (owned: an interior may outlive the buffer
    /// it was made from).
    let segment: [UInt16]
    let shaper: SegmentShaper
    let clusters: SegmentGraphemes

    init(segment: UnsafeBufferPointer<UInt16>, shaper: SegmentShaper) {
        self.segment = Array(segment)
        self.shaper = shaper
        self.clusters = shaper.graphemes(of: segment)
    }

    init(units: [UInt16], shaper: SegmentShaper) {
        self.segment = units
        self.shaper = shaper
        self.clusters = units.withUnsafeBufferPointer { shaper.graphemes(of: $0) }
    }

    /// Clusters `range` reshaped with the rest of the word as context, as
    /// Chromium reshapes the part of a word that ends up on a line.
    func metrics(ofClusters range: Range<Int>) -> SegmentMetrics {
        let start = clusters.offsets[range.lowerBound]
        let end = range.upperBound < clusters.offsets.count ? clusters.offsets[range.upperBound] : segment.count
        return segment.withUnsafeBufferPointer { shaper.metrics(of: $0, range: start..<end) }
    }

    /// Where the line's pen stands after the trailing spaces and tabs of
    /// clusters `range`, given it stood at `position` after their content.
    func position(afterTrailingOf range: Range<Int>, from position: Double) -> Double {
        var end = range.upperBound
        while end > range.lowerBound, clusters.isSpace[end - 1] { end -= 1 }
        var pen = position
        for cluster in end..<range.upperBound {
            pen += clusters.isTab[cluster] ? shaper.tabAdvance(at: pen) : clusters.advances[cluster]
        }
        return pen
    }
}
