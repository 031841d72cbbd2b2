/// The decisions in which renderers' line breakers differ, as
/// ``LineFitter`` asks them. Each renderer's rules type answers them with
/// constants, so a fitter specialised for it has no branch left to take.
protocol LineFittingRules: TraitsRules {
    /// Whether a line `width` points wide fits `available` points (on the
    /// grid, finite).
    static func fits(_ width: Double, within available: Double) -> Bool
    /// Whether a line `width` points wide fits `available` (on the grid)
    /// once its closing bracket gives back `trim` (``SegmentMetrics/endTrim``).
    static func fitsTrimmed(_ width: Double, trim: Double, within available: Double) -> Bool
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
