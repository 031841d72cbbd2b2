import CHarfBuzz

/// Pango's line limit as a GTK label with `lines` sets it
/// (`pango_layout_set_height(-N)` with `PANGO_ELLIPSIZE_END`): the N-th
/// line of a paragraph takes the rest of the paragraph unwrapped, and when
/// that is wider than the layout, graphemes come off its end until what
/// stays plus an ellipsis fits (`_pango_layout_line_ellipsize`). The
/// ellipsis is "…" (the midline "⋯" when the first grapheme cut off is
/// wide), or "..." where the primary face lacks that character, set in the
/// primary face with fallback off and no baseline shift: the line's height
/// takes in the primary face's ascent and descent, whatever faces the
/// graphemes that stay come from.
struct PangoEllipsis {
    /// The layout's width in Pango units.
    let goal: Int
    /// The ellipsis's width after a grapheme that is not wide, and after one
    /// that is, in Pango units.
    let widths: (normal: Int, wide: Int)

    init(width: Double, primary: SizedFont) {
        goal = Self.units(width)
        let dots = 3 * (Self.advance(of: 0x2E, in: primary) ?? 0)
        widths = (Self.advance(of: 0x2026, in: primary) ?? dots, Self.advance(of: 0x22EF, in: primary) ?? dots)
    }

    /// The advance of `scalar`'s glyph in `font` (at Pango's scale), if it
    /// has one.
    private static func advance(of scalar: UInt32, in font: SizedFont) -> Int? {
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font.hbFont, scalar, &glyph) != 0 else { return nil }
        return Int(hb_font_get_glyph_h_advance(font.hbFont, glyph))
    }

    /// A stretch of the line from its start, in logical order: a whole
    /// segment surely kept, or one grapheme.
    private struct Piece {
        var x: Int
        var faceBits: UInt64
        /// Whether the ellipsis may start here (a grapheme boundary before a
        /// cluster with width, as `remove_one_span` stops).
        var mayStartGap: Bool
        var isWide: Bool
    }

    /// The faces of what stays of `line` before the ellipsis, whether
    /// anything does, and the line's width in points: Pango widens the
    /// ellipsis to fill the layout's width (`fixup_ellipsis_run`), so the
    /// line is as wide as the layout unless the ellipsis alone is wider;
    /// `nil` when the rest of the paragraph fits the width (Pango then draws
    /// no ellipsis).
    func keptFaces(of line: ClampedLine<PangoRules>) -> (faceBits: UInt64, keepsAny: Bool, width: Double)? {
        // Ends wider than this always fit before an ellipsis: whole segments
        // up to it are kept without looking inside.
        let surelyKept = goal - max(widths.normal, widths.wide)
        var pieces: [Piece] = []
        var x = 0
        var overflows = false
        line.forEachSegment { start, end, metrics in
            guard end > line.start else { return true }
            let width = Self.units(metrics.width + metrics.trailingWidth)
            if start >= line.start, x + width <= surelyKept {
                pieces.append(Piece(x: x, faceBits: metrics.faceMask & FaceRegistry.faceBits,
                                    mayStartGap: width != 0, isWide: false))
                x += width
                return true
            }
            let inside = line.interior(start..<end)
            let clusters = inside.clusters
            for cluster in clusters.offsets.indices where start + clusters.offsets[cluster] >= line.start {
                let advance = Self.units(clusters.advances[cluster])
                let scalar = Self.scalar(at: clusters.offsets[cluster], in: inside.segment)
                pieces.append(Piece(
                    x: x, faceBits: clusters.faceBits[cluster] & FaceRegistry.faceBits,
                    mayStartGap: advance != 0 && !clusters.startsInsideShapingCluster(cluster),
                    isWide: ScalarProperties(scalar).isEastAsianWide))
                x += advance
                if x > goal { break }
            }
            overflows = x > goal
            return !overflows
        }
        // A line separator ends the line's paragraph only for Typometer:
        // Pango goes on past it, so the line does not end there.
        if !overflows, let end = line.paragraphEnd, end == 0x2028 { overflows = true }
        guard overflows else { return nil }
        func ellipsis(at piece: Piece) -> Int { piece.isWide ? widths.wide : widths.normal }
        // The last place the ellipsis fits after; none: only it stays.
        guard let gap = pieces.lastIndex(where: { $0.mayStartGap && $0.x + ellipsis(at: $0) <= goal }) else {
            let alone = pieces.first.map(ellipsis(at:)) ?? widths.normal
            return (0, false, Double(max(goal, alone)) / 1024)
        }
        let width = max(goal, pieces[gap].x + ellipsis(at: pieces[gap]))
        return (pieces[..<gap].reduce(0) { $0 | $1.faceBits }, gap > 0, Double(width) / 1024)
    }

    /// `points` in whole Pango units.
    static func units(_ points: Double) -> Int { Int((points * 1024).rounded()) }

    private static func scalar(at offset: Int, in units: [UInt16]) -> UInt32 {
        let lead = UInt32(units[offset])
        guard (0xD800..<0xDC00).contains(lead), offset + 1 < units.count,
              (0xDC00..<0xE000).contains(units[offset + 1]) else { return lead }
        return 0x10000 + ((lead - 0xD800) << 10) + (UInt32(units[offset + 1]) - 0xDC00)
    }
}
