/// Greedy line filling over measured segments, as Chromium's line breaker
/// does it for `white-space: pre-wrap; overflow-wrap: break-word`: a segment
/// goes on the current line when the line's width up to the segment's end
/// (trailing spaces hang) fits; otherwise the line ends before it. A segment
/// wider than an empty line is broken between grapheme clusters, at least
/// one cluster per line, each piece reshaped on its own.
///
/// Widths are compared on the renderer's grid: Blink's `LayoutUnit` (the
/// line's width cut down to 1/64 point, with a little slack, against the
/// available width cut down) or Pango units (1/1024 point, rounded).
struct LineFitter<Rules: LineFittingRules & ShapingRules> {
    /// Available width in points; `.infinity` for no wrapping.
    let available: Double
    private var lineStart = 0
    /// Where the pen stands: the width of the line so far, trailing spaces included.
    private var advance = 0.0
    /// Width of the line if it ended now (trailing spaces excluded).
    private var contentWidth = 0.0
    private var mask: UInt64 = 0
    private var hasContent = false
    /// The line's last segment was fitted by trimming its closing bracket
    /// (`SegmentMetrics.endTrim`): the line ends there.
    private var mustEnd = false
    /// The hyphen width counted in `contentWidth`, dropped if the paragraph
    /// ends here (a soft hyphen shows only where the line breaks).
    private var trailingHyphen = 0.0
    /// Set when a line started inside a segment at this offset and the
    /// caller's `restarts` asked for the text from there to be broken anew:
    /// nothing after it has been placed. Read and cleared with `takeRestart()`.
    private var restart: Int?

    /// - Parameter width: points; zero, negative and NaN mean 0.
    init(width: Double) {
        if width.isNaN || width <= 0 {
            available = 0
        } else if width.isInfinite {
            available = .infinity
        } else {
            available = (width * Self.grid).rounded(.down) / Self.grid
        }
    }

    private static var grid: Double { Rules.widthGrid }
    private static var rounding: Double { Rules.widthRounding }

    private func fits(_ width: Double) -> Bool { fits(width, within: available) }

    private func fits(_ width: Double, within available: Double) -> Bool {
        if available.isInfinite { return true }
        // Onto the grid by integer conversion (widths are never negative; a
        // libm call here costs more than the rest of the comparison).
        let scaled = width * Self.grid
        guard scaled < 1e15 else { return false }
        return Double(Int64(scaled + Self.rounding)) / Self.grid <= available
    }

    /// Starts a paragraph, or a new line in one, at unit offset `start`.
    mutating func beginParagraph(at start: Int) {
        lineStart = start
        advance = 0
        contentWidth = 0
        mask = 0
        hasContent = false
        mustEnd = false
        trailingHyphen = 0
    }

    /// Places the segment `start..<end`; returns `false` once the sink wants
    /// no more lines. `interior` gives the segment cluster by cluster, for
    /// breaking inside it or placing its tabs. `restarts` is asked at each
    /// line that starts inside the segment (broken between clusters) whether
    /// the text from there must be laid out anew, and told whether the line
    /// starts inside a HarfBuzz cluster (Blink then shapes the text from
    /// there anew); if so, placing stops there and `takeRestart()` returns
    /// the offset.
    mutating func add<Sink: LineSink>(
        segment metrics: SegmentMetrics, start: Int, end: Int, into sink: inout Sink,
        restarts: (_ offset: Int, _ insideShapingCluster: Bool) -> Bool = { _, _ in false }, interior: () -> SegmentInterior<Rules>
    ) -> Bool {
        if hasContent, Rules.whiteSegmentsHang, metrics.isWhite {
            // Pango lets a run of white space after a line's content hang,
            // tabs included; it adds to the line's faces, not its width.
            let width = contentWidth
            append(metrics, interior: interior)
            contentWidth = width
            return true
        }
        if hasContent {
            let width = advance + metrics.width + metrics.hyphenWidth + metrics.endExtra
            if fits(width) && !mustEnd {
                append(metrics, interior: interior)
                return true
            }
            if metrics.endTrim > 0 && !mustEnd && fits(width - metrics.endTrim) {
                append(metrics, interior: interior)
                endWithTrim(metrics.endTrim)
                return true
            }
            guard sink.add(start: lineStart, end: start, width: contentWidth, faceMask: mask) else { return false }
            beginParagraph(at: start)
        }
        let width = metrics.startExtra + metrics.width + metrics.hyphenWidth + metrics.endExtra
        if fits(width) {
            advance = metrics.startExtra
            append(metrics, interior: interior)
            return true
        }
        if metrics.endTrim > 0 && fits(width - metrics.endTrim) {
            advance = metrics.startExtra
            append(metrics, interior: interior)
            endWithTrim(metrics.endTrim)
            return true
        }
        return breakInside(interior(), start: start, metrics: metrics, into: &sink, restarts: restarts)
    }

    /// The offset where placing stopped for the text to be broken anew, if
    /// it did; clears it.
    mutating func takeRestart() -> Int? {
        defer { restart = nil }
        return restart
    }

    /// Ends the line after the segment just placed, its closing bracket
    /// trimmed by `trim`.
    private mutating func endWithTrim(_ trim: Double) {
        contentWidth -= trim
        mustEnd = true
    }

    private mutating func append(_ metrics: SegmentMetrics, interior: () -> SegmentInterior<Rules>) {
        contentWidth = advance + metrics.width + metrics.hyphenWidth + metrics.endExtra
        trailingHyphen = metrics.hyphenWidth
        if metrics.hasTab {
            let inside = interior()
            advance = inside.position(afterTrailingOf: 0..<inside.clusters.advances.count,
                                      from: advance + metrics.width)
        } else {
            advance += metrics.width + metrics.trailingWidth
        }
        // Only the line's first segment tells its first run (lead bits).
        mask |= hasContent ? metrics.faceMask & FaceRegistry.faceBits : metrics.faceMask
        hasContent = true
    }

    /// Breaks a segment too wide for an empty line between clusters.
    private mutating func breakInside<Sink: LineSink>(
        _ interior: SegmentInterior<Rules>, start: Int, metrics: SegmentMetrics, into sink: inout Sink,
        restarts: (_ offset: Int, _ insideShapingCluster: Bool) -> Bool
    ) -> Bool {
        let clusters = interior.clusters
        let count = clusters.advances.count
        var first = 0
        while first < count {
            // Fill one line by the clusters' advances in the word, at least
            // one cluster; then check the piece reshaped alone and give back
            // clusters while it overflows.
            var width = 0.0
            var end = first
            // Pango breaks an item between characters only when it has two
            // or more: a lone wide cluster of an item of its own (an emoji;
            // the spaces after it are in the next item) keeps its spaces on
            // its line. One of the spaces' item (a CJK character, a letter)
            // is broken before them.
            let loneCluster = Rules.keepsLoneClusterWithItsSpaces && first == 0 && !clusters.isSpace[0]
                && clusters.isSpace.dropFirst().allSatisfy { $0 }
                && clusters.faceBits.dropFirst().allSatisfy { $0 != clusters.faceBits[0] }
            // Under `.pango` any white space (a no-break space too) hangs at
            // the end of a piece, as Pango leaves the width of the white
            // character before a break out of its fit.
            func hangsAtPieceEnd(_ cluster: Int) -> Bool {
                clusters.isSpace[cluster] || (Rules.anyWhiteHangsInsideWords && interior.isWhite(cluster))
            }
            while end < count {
                let hangs = hangsAtPieceEnd(end) && !metrics.beforeHardBreak
                    && (Rules.spacesAlwaysHangInsideWords || loneCluster || fits(width))
                if !hangs, end > first, !fits(width + clusters.advances[end]) { break }
                width += clusters.advances[end]
                end += 1
            }
            var piece = interior.metrics(ofClusters: first..<end)
            // Blink's candidate break: where the piece's advances reach.
            var candidate = end
            // A line that starts where a break is unsafe (a joined or kerned
            // cluster) is reshaped up to the candidate, unchecked, when no
            // break is safe between them (ShapingLineBreaker::ShapeLine).
            let keepsCandidate = Rules.reshapesLikeBlink
                && (first > 0 ? clusters.unsafeBefore[first] : metrics.startsJoined)
                && (first + 1..<end).allSatisfy { clusters.unsafeBefore[$0] }
            // Under `.chromium` a cluster may have no advance of its own and
            // still draw: Blink gives a HarfBuzz cluster's advance to the
            // last grapheme cluster in it (see `SegmentShaper.graphemes`).
            func drawsNothing(_ cluster: Int) -> Bool {
                Rules.invisibleClustersDrawNothing ? clusters.isInvisible[cluster] : clusters.advances[cluster] == 0
            }
            func hangingWhite() -> Double {
                end > first && !clusters.isSpace[end - 1] && hangsAtPieceEnd(end - 1) ? clusters.advances[end - 1] : 0
            }
            // The last piece keeps the hyphen of a soft hyphen ending the word.
            // Before a hard break the white space at the end counts (Pango).
            func unhung() -> Double { end == count && metrics.beforeHardBreak ? piece.trailingWidth : 0 }
            // A piece that ends the line may set its closing bracket
            // half-width to fit, as a segment may (`SegmentMetrics.endTrim`).
            func trim() -> Double { end < count ? piece.endTrim : 0 }
            // A piece ending at a soft hyphen that fits without its hyphen and
            // not with it: Blink breaks the line again with the hyphen's
            // width taken off the line (LineBreaker::BreakText).
            var limit = available
            if Rules.reshapesLikeBlink, !keepsCandidate, end == count, piece.hyphenWidth > 0,
               fits(piece.width - hangingWhite()), !fits(piece.width - hangingWhite() + piece.hyphenWidth) {
                limit = available - piece.hyphenWidth
                var refill = 0.0
                end = first
                while end < count, end == first || fits(refill + clusters.advances[end], within: limit) {
                    refill += clusters.advances[end]
                    end += 1
                }
                candidate = end
                piece = interior.metrics(ofClusters: first..<end)
            }
            while !keepsCandidate,
                  !fits(piece.width - hangingWhite() + (end == count ? piece.hyphenWidth : 0) + unhung() - trim(),
                        within: limit) {
                // Give back one visible cluster with the hanging spaces and
                // invisible clusters (a soft hyphen, a joiner) after it.
                var shorter = end
                while shorter > first, hangsAtPieceEnd(shorter - 1) || drawsNothing(shorter - 1) { shorter -= 1 }
                shorter -= 1
                guard shorter > first else {
                    // When no shorter piece fits, Blink overflows with the
                    // candidate.
                    if Rules.reshapesLikeBlink, end != candidate {
                        end = candidate
                        piece = interior.metrics(ofClusters: first..<end)
                    }
                    break
                }
                end = shorter
                piece = interior.metrics(ofClusters: first..<end)
            }
            if end < count {
                let lineEnd = start + clusters.offsets[end]
                let lineWidth = fits(piece.width - hangingWhite()) ? piece.width : piece.width - trim()
                guard sink.add(start: lineStart, end: lineEnd, width: lineWidth, faceMask: piece.faceMask)
                else { return false }
                lineStart = lineEnd
                first = end
                if restarts(lineEnd, Rules.reshapesLikeBlink && clusters.startsInsideShapingCluster(end)) {
                    beginParagraph(at: lineEnd)
                    restart = lineEnd
                    return true
                }
            } else {
                // The rest stays on the line for the segments after it.
                contentWidth = piece.width + piece.hyphenWidth
                trailingHyphen = piece.hyphenWidth
                advance = metrics.hasTab
                    ? interior.position(afterTrailingOf: first..<count, from: piece.width)
                    : piece.width + piece.trailingWidth
                mask = piece.faceMask
                hasContent = true
                first = count
            }
        }
        return true
    }

    /// Ends the paragraph at `end`, emitting its last line (an empty
    /// paragraph is one empty line of the primary face's height).
    mutating func endParagraph<Sink: LineSink>(at end: Int, into sink: inout Sink) -> Bool {
        sink.add(start: lineStart, end: end, width: contentWidth - trailingHyphen, faceMask: mask)
    }
}
