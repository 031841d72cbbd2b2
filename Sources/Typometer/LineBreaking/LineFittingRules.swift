/// The decisions in which renderers' line breakers differ, as
/// ``LineFitter`` asks them. Each renderer's rules type answers them with
/// constants, so a fitter specialised for it has no branch left to take.
protocol LineFittingRules {
    /// Subdivisions of a point that widths are compared on.
    static var widthGrid: Double { get }
    /// Whether a line `width` points wide fits `available` points (on the
    /// grid, finite).
    static func fits(_ width: Double, within available: Double) -> Bool
    /// Whether a line `width` points wide fits `available` (on the grid)
    /// once its closing bracket gives back `trim` (``SegmentMetrics/endTrim``).
    static func fitsTrimmed(_ width: Double, trim: Double, within available: Double) -> Bool
    /// Whether a line's width, as the renderer reports it, counts the white
    /// space after the content of a paragraph's last line (Pango's logical
    /// width does; Blink's line content does not).
    static var lineWidthsCountParagraphEndWhite: Bool { get }
    /// A width as the renderer reports it (a box's, a line's): Blink's
    /// rounded up to its `LayoutUnit`, Pango's as measured (whole units).
    static func reportedWidth(_ width: Double) -> Double
    /// How much of a letter spacing of `letterSpacing` points a line drops
    /// at its two ends once it is broken: its reported width is that much
    /// narrower (lines are fitted with the spacing).
    static func lineEdgeSpacing(letterSpacing: Double) -> Double
    /// The part of ``lineEdgeSpacing(letterSpacing:)`` a line drops at its
    /// left end (the rest it drops at its right end), in points.
    static func lineLeftEdgeSpacing(letterSpacing: Double) -> Double
    /// Whether a run of white space after a line's content hangs however
    /// wide it is, tabs included (it adds to the line's faces, not its width).
    static var whiteSegmentsHang: Bool { get }
    /// Whether, inside a word broken between clusters, every white space
    /// character hangs at a piece's end (not only spaces and tabs).
    static var anyWhiteHangsInsideWords: Bool { get }
    /// Whether spaces inside a broken word hang whether or not they fit;
    /// else only when they fit (or they follow a lone wide cluster).
    static var spacesAlwaysHangInsideWords: Bool { get }
    /// Whether a lone wide cluster followed only by spaces of other faces
    /// keeps those spaces on its line (an item of its own is broken only
    /// between two or more characters).
    static var keepsLoneClusterWithItsSpaces: Bool { get }
    /// Whether a cluster draws nothing when it is invisible (its advance
    /// may sit on another cluster); else when its advance is zero.
    static var invisibleClustersDrawNothing: Bool { get }
    /// Whether the line breaker reshapes lines as Blink's
    /// `ShapingLineBreaker` does: a line starting where a break is unsafe
    /// keeps its candidate end unchecked, a piece that fits nowhere
    /// overflows with the candidate, a soft hyphen that does not fit breaks
    /// the line again without it, and a line starting inside a HarfBuzz
    /// cluster restarts the text from there.
    static var reshapesLineEdges: Bool { get }
    /// How the break iterator may start again where a line starts inside a
    /// word, moving the break opportunities in the rest of it.
    associatedtype Restarts: BreakRestarts
}

extension LineFittingRules {
    /// Half at each end.
    static func lineLeftEdgeSpacing(letterSpacing: Double) -> Double {
        lineEdgeSpacing(letterSpacing: letterSpacing) / 2
    }
}
