/// The inside of one segment, for the rare lines that need more than its
/// total advance: a word broken between grapheme clusters, or tabs.
struct SegmentInterior {
    let segment: UnsafeBufferPointer<UInt16>
    let shaper: SegmentShaper
    let clusters: SegmentGraphemes

    init(segment: UnsafeBufferPointer<UInt16>, shaper: SegmentShaper) {
        self.segment = segment
        self.shaper = shaper
        self.clusters = shaper.graphemes(of: segment)
    }

    /// Clusters `range` reshaped with the rest of the word as context, as
    /// Chromium reshapes the part of a word that ends up on a line.
    func metrics(ofClusters range: Range<Int>) -> SegmentMetrics {
        let start = clusters.offsets[range.lowerBound]
        let end = range.upperBound < clusters.offsets.count ? clusters.offsets[range.upperBound] : segment.count
        return shaper.metrics(of: segment, range: start..<end)
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
