extension PangoRules: MeasuringRules {
    /// Pango's widest line at width 0 with `PANGO_WRAP_WORD` (the widest
    /// segment as a line of its own), or unwrapped.
    /// A text with a tab at width 0 takes Pango's tabs (whole stops there).
    static func contentWidth(of units: UTF16Text, minimum: Bool, measurer: TextMeasurer) -> Double {
        guard minimum else { return measurer.unwrappedWidth(of: units, rules: PangoRules.self) }
        if measurer.lineEdgeSpacing == 0, units.contains(0x09) { return measurer.pangoTabbedMinContent(of: units) }
        return measurer.reportedWidth(measurer.widestSegment(of: units, rules: PangoRules.self), rules: PangoRules.self)
    }

    static func styledContentWidth(
        of units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer], minimum: Bool, measurer: TextMeasurer
    ) -> Double {
        measurer.styledContentWidth(of: units, parts: parts, measurers: measurers, minimum: minimum, rules: PangoRules.self)
    }

    /// A Pango line's logical width is its advance: no box to size apart.
    static func linesHaveBoxes(_ units: UTF16Text, runs: Int) -> Bool { false }

    static func widestLineBox(
        of units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer],
        lines: [(start: Int, end: Int, advance: Double)], measurer: TextMeasurer
    ) -> Double {
        lines.map { measurer.reportedWidth($0.advance, rules: PangoRules.self) }.max() ?? 0
    }

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

    static func keptLineEndSpacing(
        in units: UTF16Text, start: Int, end: Int, paragraph: Range<Int>, wrapped: Bool, measurer: TextMeasurer
    ) -> Double {
        measurer.pangoKeptLineEndSpacing(in: units, start: start, end: end, paragraph: paragraph, wrapped: wrapped)
    }

    static func spaceContext(
        of range: Range<Int>, in units: UTF16Text, run: Range<Int>, paragraph: Range<Int>, base: UInt8
    ) -> Faces.Context? {
        .some(PangoContext(of: range, in: units, run: run, paragraph: paragraph, base: base))
    }

    static func clampEllipsisWidth(in measurer: TextMeasurer) -> Double {
        Double(PangoEllipsis(width: 0, primary: measurer.registry.primary).widths.normal) / 1024
    }

    /// Pango widens the ellipsis to fill the layout's width
    /// (`fixup_ellipsis_run`), in whole Pango units.
    static func ellipsizedLineWidth(layoutWidth: Double) -> Double {
        Double(PangoEllipsis.units(layoutWidth)) / 1024
    }

    /// Pango limits each paragraph to the line limit and ellipsizes the last
    /// line it keeps of a longer one (``PangoEllipsis``). Of the whole text's
    /// first lines, that line can only be in the first paragraph: Pango's
    /// paragraphs end at `\n`, `\r` and U+2029, not at U+2028.
    static func clampedLine(
        _ line: ClampedLine<PangoRules>, measurer: TextMeasurer
    ) -> (height: Double, faceMask: UInt64, width: Double)? {
        guard line.width.isFinite,
              !line.earlierParagraphEnds.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x2029 }),
              let kept = PangoEllipsis(width: line.width, primary: measurer.registry.primary).keptFaces(of: line)
        else { return nil }
        // The first run sets the line's baseline; with none kept, the
        // ellipsis run is the line.
        let lead = kept.keepsAny ? line.faceMask & ~FaceRegistry.faceBits : 0
        let mask = kept.faceBits | lead
        return (lineHeight(ofFaces: mask, in: measurer.registry, withEllipsis: true), mask, kept.width)
    }

    /// Never called: Pango finds a paragraph's break opportunities once, so
    /// no line asks for a restart (``NoBreakRestarts``). Places nothing.
    static func placeRestarted<Sink: LineSink>(
        from position: Int, in units: UTF16Text, paragraph: Range<Int>,
        restart: inout NoBreakRestarts, fitter: inout LineFitter<PangoRules>, into sink: inout Sink,
        measurer: TextMeasurer
    ) -> Int? { position }
}
