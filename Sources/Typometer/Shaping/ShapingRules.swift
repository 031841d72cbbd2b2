/// The decisions in which renderers differ when they shape words, as the
/// shapers ask them.
protocol ShapingRules {
    /// HarfBuzz units per point the renderer scales fonts to
    /// (``SizedFont/unitsPerPoint``).
    static var unitsPerPoint: Double { get }
    /// Whether every trailing space of a segment hangs past a line's end;
    /// else only the last one does and the others count in its width.
    static var allTrailingSpacesHang: Bool { get }
}
