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

    private static var grid: Double { Rules.traits.widthGrid }

    private func fits(_ width: Double) -> Bool { Self.fits(width, within: available) }

    /// Whether `width` fits in `available` points on the renderer's grid.
    static func fits(_ width: Double, within available: Double) -> Bool {
        available.isInfinite || Rules.fits(width, within: available)
    }

    /// Whether `width` fits `available` once a closing bracket at its end
    /// gives back `trim` (``LineFittingRules/fitsTrimmed(_:trim:within:)``).
    @inline(__always)
    static func fits(_ width: Double, trimming trim: Double, within available: Double) -> Bool {
        if available.isInfinite { return true }
        return trim == 0 ? fits(width, within: available) : Rules.fitsTrimmed(width, trim: trim, within: available)
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
    @inline(__always)
    mutating func add<Sink: LineSink>(
        segment metrics: SegmentMetrics, start: Int, end: Int, into sink: inout Sink,
        restarts: (_ offset: Int, _ insideShapingCluster: Bool) -> Bool = { _, _ in false }, interior: () -> SegmentInterior<Rules>
    ) -> Bool {
        if hasContent, Rules.traits.whiteSegmentsHang, metrics.isWhite {
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
            if metrics.endTrim > 0 && !mustEnd && Self.fits(width, trimming: metrics.endTrim, within: available) {
                append(metrics, interior: interior)
                endWithTrim(metrics.endTrim)
                return true
            }
            guard sink.add(start: lineStart, end: start, width: contentWidth, endWhite: 0, faceMask: mask) else {
                return false
            }
            beginParagraph(at: start)
        }
        let width = metrics.startExtra + metrics.width + metrics.hyphenWidth + metrics.endExtra
        if fits(width) {
            advance = metrics.startExtra
            append(metrics, interior: interior)
            return true
        }
        if metrics.endTrim > 0 && Self.fits(width, trimming: metrics.endTrim, within: available) {
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

    @inline(__always)
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

    /// Breaks a segment too wide for an empty line between clusters, line
    /// by line (see ``WordPieces``).
    private mutating func breakInside<Sink: LineSink>(
        _ interior: SegmentInterior<Rules>, start: Int, metrics: SegmentMetrics, into sink: inout Sink,
        restarts: (_ offset: Int, _ insideShapingCluster: Bool) -> Bool
    ) -> Bool {
        let word = WordPieces(interior: interior, metrics: metrics, available: available)
        var first = 0
        while first < word.count {
            let piece = word.piece(from: first)
            if piece.end < word.count {
                let lineEnd = start + interior.clusters.offsets[piece.end]
                guard sink.add(
                    start: lineStart, end: lineEnd, width: piece.lineWidth, endWhite: 0, faceMask: piece.metrics.faceMask)
                else { return false }
                lineStart = lineEnd
                first = piece.end
                if restarts(lineEnd, Rules.traits.reshapesLineEdges && interior.clusters.startsInsideShapingCluster(piece.end)) {
                    beginParagraph(at: lineEnd)
                    restart = lineEnd
                    return true
                }
            } else {
                // The rest stays on the line for the segments after it.
                contentWidth = piece.metrics.width + piece.metrics.hyphenWidth
                trailingHyphen = piece.metrics.hyphenWidth
                advance = metrics.hasTab
                    ? interior.position(afterTrailingOf: first..<word.count, from: piece.metrics.width)
                    : piece.metrics.width + piece.metrics.trailingWidth
                mask = piece.metrics.faceMask
                hasContent = true
                first = word.count
            }
        }
        return true
    }

    /// Ends the paragraph at `end`, emitting its last line (an empty
    /// paragraph is one empty line of the primary face's height).
    mutating func endParagraph<Sink: LineSink>(at end: Int, into sink: inout Sink) -> Bool {
        let width = contentWidth - trailingHyphen
        return sink.add(start: lineStart, end: end, width: width, endWhite: max(0, advance - width), faceMask: mask)
    }
}
