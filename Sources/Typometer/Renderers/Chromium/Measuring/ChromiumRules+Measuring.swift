extension ChromiumRules: MeasuringRules {

    /// Chromium's break rules always allow a break after a run of spaces:
    /// the paragraph is cut there into chunks, looked up by their text.
    static func forEachSegment(
        in units: UTF16Text, paragraph: Range<Int>, width: Double?, measurer: TextMeasurer,
        _ body: (_ start: Int, _ end: Int, SegmentMetrics) -> Bool
    ) -> Bool {
        measurer.forEachChromiumSegment(in: units, paragraph: paragraph, width: width, body)
    }

    /// The fallback run the text before the segment leaves, and the level of
    /// the first strong character after it; none for simple Latin text,
    /// which has no holes and goes on with no run.
    static func segmentContext(
        of range: Range<Int>, in units: UTF16Text, paragraph: Range<Int>, base: UInt8,
        measurer: TextMeasurer
    ) -> BlinkClusterFaces.Context {
        guard !measurer.isSimpleLatin(units[range]) else {
            return BlinkClusterFaces.isolatedContext
        }
        return BlinkClusterFaces.Context(
            run: measurer.blinkRun(at: range.lowerBound, in: units, paragraph: paragraph),
            followingLevel: TextMeasurer.strongLevel(after: range.upperBound, in: units, paragraph: paragraph))
    }

    static var segmentContextReach: (before: Int, after: Int) {
        (TextMeasurer.blinkRunReach, TextMeasurer.strongLevelReach)
    }

    static var layoutPass: any LayoutPass { ChromiumLayoutPass() }

    /// Blink's min-content or max-content, from its inline items
    /// (``TextMeasurer/blinkContentWidth(of:parts:measurers:minimum:)``).
    static func contentWidth(of units: UTF16Text, minimum: Bool, measurer: TextMeasurer) -> Double {
        measurer.blinkContentWidth(
            of: units, parts: [StyledPart(range: 0..<units.count, measurer: 0)], measurers: [measurer], minimum: minimum)
    }

    static func styledContentWidth(
        of units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer], minimum: Bool, measurer: TextMeasurer
    ) -> Double {
        measurer.blinkContentWidth(of: units, parts: parts, measurers: measurers, minimum: minimum)
    }

    /// A line of several inline items is a box of their widths each rounded
    /// up (``TextMeasurer/blinkWidestLineBox(of:parts:measurers:lines:)``).
    static func linesHaveBoxes(_ units: UTF16Text, runs: Int) -> Bool {
        TextMeasurer.blinkLinesHaveItems(units, runs: runs)
    }

    static func widestLineBox(
        of units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer],
        lines: [(start: Int, end: Int, advance: Double)], measurer: TextMeasurer
    ) -> Double {
        measurer.blinkWidestLineBox(of: units, parts: parts, measurers: measurers, lines: lines)
    }

    static func clampEllipsisWidth(in measurer: TextMeasurer) -> Double { 0 }

    static func ellipsizedLineWidth(layoutWidth: Double) -> Double { 0 }

    static func clampedLine(
        _ line: ClampedLine<ChromiumRules>, measurer: TextMeasurer
    ) -> (height: Double, faceMask: UInt64, width: Double)? { nil }

    /// Places the rest of a chunk from `position`, where a line starts and
    /// Blink restarts its break iterator, with the break opportunities ICU
    /// finds from there (again at each later line that starts a restart).
    /// Returns the chunk's end, or `nil` once the sink wants no more lines.
    static func placeRestarted<Sink: LineSink>(
        from position: Int, in units: UTF16Text, paragraph: Range<Int>,
        restart: inout BlinkBreakRestart, fitter: inout LineFitter<ChromiumRules>, into sink: inout Sink,
        measurer: TextMeasurer
    ) -> Int? {
        let chunkEnd = TextScanning.chunkEnd(in: units, from: position, before: paragraph.upperBound)
        var chunkStart = position
        restarting: while true {
            let chunk = measurer.blinkChunk(
                units[chunkStart..<chunkEnd], in: units, paragraph: paragraph,
                run: measurer.blinkRun(at: chunkStart, in: units, paragraph: paragraph))
            var start = chunkStart
            for segment in 0..<chunk.count {
                let end = chunkStart + Int(chunk.end(segment))
                let segmentStart = start
                let placed = fitter.add(segment: chunk.segment(segment), start: start, end: end, into: &sink, restarts: {
                    restart.changesBreaks(at: $0, reshaping: $1)
                }) {
                    measurer.interior(of: units, range: segmentStart..<end, paragraph: paragraph, base: 0, rules: ChromiumRules.self)
                }
                guard placed else { return nil }
                if let position = fitter.takeRestart() {
                    chunkStart = position
                    continue restarting
                }
                start = end
            }
            return chunkEnd
        }
    }
}
