/// A segment too wide for a line, broken between grapheme clusters: each
/// line's piece is filled by the clusters' advances in the word (at least
/// one cluster), then measured reshaped alone, giving back clusters while
/// it overflows, as the renderer's line breaker does.
struct WordPieces<Rules: LineFittingRules & ShapingRules> {
    /// A line's piece: where it ends (a cluster index), its metrics
    /// reshaped alone, and the width the line takes.
    struct Piece {
        var end: Int
        var metrics: SegmentMetrics
        var lineWidth: Double
    }

    let interior: SegmentInterior<Rules>
    /// The segment's own metrics.
    let metrics: SegmentMetrics
    /// The line's width in points.
    let available: Double
    let count: Int

    init(interior: SegmentInterior<Rules>, metrics: SegmentMetrics, available: Double) {
        self.interior = interior
        self.metrics = metrics
        self.available = available
        count = interior.clusters.advances.count
    }

    private var clusters: SegmentGraphemes { interior.clusters }

    private func fits(_ width: Double, within limit: Double? = nil) -> Bool {
        LineFitter<Rules>.fits(width, within: limit ?? available)
    }

    /// The piece of the line that starts at cluster `first`.
    func piece(from first: Int) -> Piece {
        var end = fill(from: first)
        var piece = interior.metrics(ofClusters: first..<end)
        // Blink's candidate break: where the piece's advances reach.
        var candidate = end
        // A line that starts where a break is unsafe (a joined or kerned
        // cluster) is reshaped up to the candidate, unchecked, when no
        // break is safe between them (ShapingLineBreaker::ShapeLine).
        let keepsCandidate = Rules.traits.reshapesLineEdges
            && (first > 0 ? clusters.unsafeBefore[first] : metrics.startsJoined)
            && (first + 1..<end).allSatisfy { clusters.unsafeBefore[$0] }
        // A piece ending at a soft hyphen that fits without its hyphen and
        // not with it: Blink breaks the line again with the hyphen's width
        // taken off the line (LineBreaker::BreakText).
        var limit = available
        let white = hangingWhite(first: first, end: end)
        if Rules.traits.reshapesLineEdges, !keepsCandidate, end == count, piece.hyphenWidth > 0,
           fits(piece.width - white), !fits(piece.width - white + piece.hyphenWidth) {
            limit = available - piece.hyphenWidth
            end = refill(from: first, within: limit)
            candidate = end
            piece = interior.metrics(ofClusters: first..<end)
        }
        if !keepsCandidate {
            (end, piece) = giveBack(first: first, end: end, piece: piece, candidate: candidate, limit: limit)
        }
        // A white character that hangs at the piece's end (a no-break space
        // in Pango) is no part of the line's width either.
        let hanging = hangingWhite(first: first, end: end)
        let lineWidth = fits(piece.width - hanging) ? piece.width - hanging : piece.width - trim(end: end, piece: piece)
        return Piece(end: end, metrics: piece, lineWidth: lineWidth)
    }

    /// Where a piece from `first` ends when filled by the clusters'
    /// advances in the word: at least one cluster, and white space that
    /// hangs.
    private func fill(from first: Int) -> Int {
        // A lone wide cluster of an item of its own (an emoji; the spaces
        // after it are in the next item) keeps its spaces on its line where
        // the renderer breaks an item only between two or more characters.
        let loneCluster = Rules.traits.keepsLoneClusterWithItsSpaces && first == 0 && !clusters.isSpace[0]
            && clusters.isSpace.dropFirst().allSatisfy { $0 }
            && clusters.faceBits.dropFirst().allSatisfy { $0 != clusters.faceBits[0] }
        var width = startReshaping(first)
        var end = first
        while end < count {
            let hangs = hangsAtPieceEnd(end) && !metrics.beforeHardBreak
                && (Rules.traits.spacesAlwaysHangInsideWords || loneCluster || fits(width))
            if !hangs, end > first, !fits(width + clusters.advances[end]) { break }
            width += clusters.advances[end]
            end += 1
        }
        return end
    }

    /// How much wider a piece that starts at cluster `first`, where a break
    /// is unsafe, is than its clusters' advances in the word, up to the
    /// first cluster where a break is safe: Blink reshapes a line's start
    /// there and moves the line's start position by the difference before
    /// it looks for the candidate break (`ShapingLineBreaker::ShapeLine`).
    /// A line that starts at the `l` of Noto Sans's `fl` ligature counts the
    /// `l`'s own advance, not the ligature's (`konfliktu,` at 53 px keeps
    /// `lik` on a 60 px line). 0 elsewhere.
    private func startReshaping(_ first: Int) -> Double {
        guard Rules.traits.reshapesLineEdges, first > 0, first < count, clusters.unsafeBefore[first] else { return 0 }
        var safe = first + 1
        while safe < count, clusters.unsafeBefore[safe] { safe += 1 }
        let reshaped = interior.metrics(ofClusters: first..<safe)
        return reshaped.width + reshaped.trailingWidth - clusters.advances[first..<safe].reduce(0, +)
    }

    /// Where a piece from `first` ends when filled within `limit`.
    private func refill(from first: Int, within limit: Double) -> Int {
        var width = 0.0
        var end = first
        while end < count, end == first || fits(width + clusters.advances[end], within: limit) {
            width += clusters.advances[end]
            end += 1
        }
        return end
    }

    /// Gives back one visible cluster at a time, with the hanging spaces
    /// and invisible clusters (a soft hyphen, a joiner) after it, while the
    /// piece reshaped alone overflows `limit`; when no shorter piece fits,
    /// Blink overflows with the candidate.
    private func giveBack(first: Int, end: Int, piece: SegmentMetrics, candidate: Int, limit: Double)
        -> (end: Int, piece: SegmentMetrics)
    {
        var end = end
        var piece = piece
        while !LineFitter<Rules>.fits(
            piece.width - hangingWhite(first: first, end: end) + (end == count ? piece.hyphenWidth : 0)
                + unhung(end: end, piece: piece), trimming: trim(end: end, piece: piece), within: limit) {
            var shorter = end
            while shorter > first, hangsAtPieceEnd(shorter - 1) || drawsNothing(shorter - 1) { shorter -= 1 }
            shorter -= 1
            guard shorter > first else {
                if Rules.traits.reshapesLineEdges, end != candidate {
                    end = candidate
                    piece = interior.metrics(ofClusters: first..<end)
                }
                break
            }
            end = shorter
            piece = interior.metrics(ofClusters: first..<end)
        }
        return (end, piece)
    }

    /// Whether cluster `index` hangs at a piece's end: a space, or any white
    /// space where the renderer leaves the width of the white character
    /// before a break out of its fit (Pango, a no-break space too).
    private func hangsAtPieceEnd(_ index: Int) -> Bool {
        clusters.isSpace[index] || (Rules.traits.anyWhiteHangsInsideWords && interior.isWhite(index))
    }

    /// Whether cluster `index` draws nothing. A cluster may have no advance
    /// of its own and still draw where the renderer gives a HarfBuzz
    /// cluster's advance to its last grapheme cluster.
    private func drawsNothing(_ index: Int) -> Bool {
        Rules.traits.invisibleClustersDrawNothing ? clusters.isInvisible[index] : clusters.advances[index] == 0
    }

    /// The white space other than spaces that hangs at the end of the piece
    /// `first..<end`.
    private func hangingWhite(first: Int, end: Int) -> Double {
        end > first && !clusters.isSpace[end - 1] && hangsAtPieceEnd(end - 1) ? clusters.advances[end - 1] : 0
    }

    /// Before a hard break the white space at the end counts (Pango).
    private func unhung(end: Int, piece: SegmentMetrics) -> Double {
        end == count && metrics.beforeHardBreak ? piece.trailingWidth : 0
    }

    /// A piece that ends the line may set its closing bracket half-width to
    /// fit, as a segment may (``SegmentMetrics/endTrim``).
    private func trim(end: Int, piece: SegmentMetrics) -> Double { end < count ? piece.endTrim : 0 }
}
