/// The inside of one segment, for the rare lines that need more than its
/// total advance: a word broken between grapheme clusters, or tabs.
struct SegmentInterior<Rules: ShapingRules> {
    /// The segment's code units (owned: an interior may outlive the buffer
    /// it was made from).
    let segment: [UInt16]
    let shaper: SegmentShaper
    let clusters: SegmentGraphemes
    /// What the text around tells the renderer about the segment.
    private let context: Rules.Faces.Context

    init(segment: UTF16Text, context: Rules.Faces.Context, shaper: SegmentShaper) {
        self.segment = Array(segment)
        self.shaper = shaper
        self.context = context
        self.clusters = shaper.graphemes(
            of: segment, range: 0..<segment.count, context: context, rules: Rules.self).clusters
    }

    /// Clusters `range` reshaped with the rest of the word as context, as
    /// Chromium reshapes the part of a word that ends up on a line; with the
    /// faces the whole segment gave it where the renderer picks faces
    /// before it breaks lines (Pango). Fullwidth punctuation after the
    /// piece still trims the piece's last character, none before it its
    /// first (Blink's `HanKerning` reads the text past a line's end, not
    /// before its start).
    func metrics(ofClusters range: Range<Int>) -> SegmentMetrics {
        let start = clusters.offsets[range.lowerBound]
        let end = range.upperBound < clusters.offsets.count ? clusters.offsets[range.upperBound] : segment.count
        // Blink reuses the word's shaping where a break is safe on both
        // sides, faces and all.
        let count = clusters.offsets.count
        let keepsFaces = Rules.Faces.piecesKeepSegmentFaces
        if !keepsFaces, range.lowerBound == 0 || !clusters.unsafeBefore[range.lowerBound],
           range.upperBound == count || !clusters.unsafeBefore[range.upperBound] {
            return segment.withUTF16Text {
                shaper.summary(of: clusters, clusters: range, text: $0[start..<end],
                               rules: Rules.self)
            }
        }
        var piece = segment.withUTF16Text { units in
            shaper.metrics(
                of: units, range: start..<end,
                context: Rules.Faces.context(ofPiece: start..<end, of: units, in: context), rules: Rules.self,
                hanKerningContext: start..<units.count)
        }
        if keepsFaces {
            piece.faceMask = clusters.faceBits[range].reduce(clusters.lineStartBits(at: range.lowerBound), |)
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
            pen += clusters.isTab[cluster] ? shaper.tabAdvance(at: pen, rules: Rules.self) : clusters.advances[cluster]
        }
        return pen
    }
}
