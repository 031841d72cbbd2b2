/// The inside of one segment, for the rare lines that need more than its
/// total advance: a word broken between grapheme clusters, or tabs.
struct SegmentInterior {
    /// The segment's code units (owned: an interior may outlive the buffer
    /// it was made from).
    let segment: [UInt16]
    let shaper: SegmentShaper
    let clusters: SegmentGraphemes
    /// What the paragraph tells Pango about the segment (`nil` under
    /// `.chromium`).
    private let context: PangoContext?

    /// Under `.chromium`, `blinkRun` is the fallback run the segment goes
    /// on with and `blinkFollowingLevel` the bidi level of the first strong
    /// character after it.
    init(segment: UnsafeBufferPointer<UInt16>, context: PangoContext?,
         blinkRun: BlinkFallbackRun = BlinkFallbackRun(), blinkFollowingLevel: UInt8 = 0, shaper: SegmentShaper) {
        self.init(units: Array(segment), context: context, blinkRun: blinkRun,
                  blinkFollowingLevel: blinkFollowingLevel, shaper: shaper)
    }

    init(units: [UInt16], context: PangoContext?, blinkRun: BlinkFallbackRun = BlinkFallbackRun(),
         blinkFollowingLevel: UInt8 = 0, shaper: SegmentShaper) {
        self.segment = units
        self.shaper = shaper
        self.context = context
        self.clusters = units.withUnsafeBufferPointer {
            shaper.graphemes(of: $0, range: 0..<units.count, context: context, blinkRun: blinkRun,
                             blinkFollowingLevel: blinkFollowingLevel)
        }
    }

    /// Clusters `range` reshaped with the rest of the word as context, as
    /// Chromium reshapes the part of a word that ends up on a line. Under
    /// `.pango` the piece keeps the faces the whole segment gave it: Pango
    /// picks faces for the paragraph before it breaks lines.
    func metrics(ofClusters range: Range<Int>) -> SegmentMetrics {
        let start = clusters.offsets[range.lowerBound]
        let end = range.upperBound < clusters.offsets.count ? clusters.offsets[range.upperBound] : segment.count
        // Blink reuses the word's shaping where a break is safe on both
        // sides, faces and all.
        let count = clusters.offsets.count
        if context == nil, range.lowerBound == 0 || !clusters.unsafeBefore[range.lowerBound],
           range.upperBound == count || !clusters.unsafeBefore[range.upperBound] {
            return segment.withUnsafeBufferPointer {
                shaper.summary(of: clusters, clusters: range, text: UnsafeBufferPointer(rebasing: $0[start..<end]))
            }
        }
        var piece = segment.withUnsafeBufferPointer { units in
            shaper.metrics(of: units, range: start..<end, context: context?.piece(start..<end, of: units))
        }
        if context != nil {
            piece.faceMask = clusters.faceBits[range].reduce(clusters.lead(at: range.lowerBound), |)
        }
        return piece
    }

    /// Whether cluster `index` is a white space character other than a tab
    /// (a space separator: a no-break or narrow no-break space among them).
    func isWhite(_ index: Int) -> Bool {
        let unit = segment[clusters.offsets[index]]
        return unit == 0x20 || unit == 0xA0 || unit == 0x1680 || (0x2000...0x200A).contains(unit) || unit == 0x202F
            || unit == 0x205F || unit == 0x3000
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
