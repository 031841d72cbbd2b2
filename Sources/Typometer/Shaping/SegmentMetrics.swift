/// Width-independent measure of one segment: the text between two break
/// opportunities, shaped on its own.
struct SegmentMetrics: Sendable, Equatable {
    /// Advance of the segment without its hanging trailing spaces, in points.
    var width: Double
    /// Advance of the trailing spaces and tabs that hang past a line's end
    /// (under `.pango` only the last one hangs; the others are in `width`).
    var trailingWidth: Double
    /// Added to the line's width when the line breaks after this segment:
    /// the hyphen drawn for a trailing soft hyphen, else 0.
    var hyphenWidth: Double
    /// The faces the segment's glyphs come from (``FaceRegistry`` bits).
    var faceMask: UInt64
    /// Whether the trailing spaces include a tab, whose advance depends on
    /// where it stands (`trailingWidth` then counts each tab as one space).
    var hasTab: Bool
    /// Whether the segment is only spaces and tabs: under `.pango` it hangs
    /// at the end of the line before it, however wide.
    var isWhite = false
    /// Whether, under `.pango`, the segment ends a paragraph that a hard
    /// break ends: none of its white space hangs (`trailingWidth` is then
    /// in `width`).
    var beforeHardBreak = false
    /// Added when a line ends after this segment, or starts with it, where
    /// shaping joins it to its neighbour (kerning across the break): the
    /// renderer reshapes the line's ends without the other side. Never
    /// negative, so the estimate errs wide.
    var endExtra = 0.0
    var startExtra = 0.0
    /// Whether shaping joins the segment to the one before it: a line that
    /// starts with it starts where a break is unsafe.
    var startsJoined = false
    /// How much narrower the segment is when a line ends right after it
    /// and would not fit otherwise: Chromium's `text-spacing-trim`
    /// (`allow-end`) sets a closing CJK bracket there half-width.
    var endTrim = 0.0
}
