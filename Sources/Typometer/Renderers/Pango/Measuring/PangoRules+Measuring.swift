extension PangoRules: MeasuringRules {
    static func forEachSegment(
        in units: UTF16Text, paragraph: Range<Int>, width: Double?, measurer: TextMeasurer,
        _ body: (_ start: Int, _ end: Int, SegmentMetrics) -> Bool
    ) -> Bool {
        measurer.forEachPangoSegment(in: units, paragraph: paragraph, body)
    }

    /// Pango's faces depend on the paragraph around the segment (its bidi
    /// levels, the characters before and after it).
    static func segmentContext(
        of range: Range<Int>, in units: UTF16Text, paragraph: Range<Int>, base: UInt8,
        measurer: TextMeasurer
    ) -> PangoContext? {
        PangoContext(of: range, in: units, paragraph: paragraph, base: base)
    }

    /// Enough of the paragraph to resolve the segment's bidi levels.
    static var segmentContextReach: (before: Int, after: Int) {
        (PangoBidiLevels.margin + 1, PangoBidiLevels.margin + 1)
    }

    static var layoutPass: any LayoutPass { PangoLayoutPass() }

    /// Never called: Pango finds a paragraph's break opportunities once, so
    /// no line asks for a restart (``NoBreakRestarts``). Places nothing.
    static func placeRestarted<Sink: LineSink>(
        from position: Int, in units: UTF16Text, paragraph: Range<Int>,
        restart: inout NoBreakRestarts, fitter: inout LineFitter<PangoRules>, into sink: inout Sink,
        measurer: TextMeasurer
    ) -> Int? { position }
}
