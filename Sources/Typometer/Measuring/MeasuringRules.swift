/// What the layout pass asks of a renderer where the answer needs the
/// measurer itself (its caches): how a paragraph's segments are found, and
/// what the text around a segment tells the renderer's face choice. Each
/// renderer answers in its folder (`Renderers/<Name>/Measuring/`).
protocol MeasuringRules: RendererRules {
    /// Calls `body` with each segment of `paragraph` of `units` in order and
    /// its advances, until `body` returns `false` (then returns `false`).
    /// `width` (points, as the fitter sanitised it) is known when laying
    /// out, `nil` when preparing.
    static func forEachSegment(
        in units: UTF16Text, paragraph: Range<Int>, width: Double?, measurer: TextMeasurer,
        _ body: (_ start: Int, _ end: Int, SegmentMetrics) -> Bool) -> Bool

    /// The context of the segment at `range` of `units` in `paragraph`,
    /// whose base bidi level is `base`.
    static func segmentContext(
        of range: Range<Int>, in units: UTF16Text, paragraph: Range<Int>, base: UInt8,
        measurer: TextMeasurer) -> Faces.Context

    /// How far (code units) before and after a segment its context reaches.
    static var segmentContextReach: (before: Int, after: Int) { get }

    /// Places the rest of a chunk from `position`, where a line starts and
    /// the renderer restarts its break iterator (``BreakRestarts``), with
    /// the break opportunities found from there (again at each later line
    /// that starts a restart). Returns the chunk's end, or `nil` once the
    /// sink wants no more lines.
    static func placeRestarted<Sink: LineSink>(
        from position: Int, in units: UTF16Text, paragraph: Range<Int>,
        restart: inout Restarts, fitter: inout LineFitter<Self>, into sink: inout Sink,
        measurer: TextMeasurer) -> Int?

    /// The width in points of the ellipsis that ends the last line a limit
    /// keeps, drawn in `measurer`'s style (where ``revisesClampedLines``).
    static func clampEllipsisWidth(in measurer: TextMeasurer) -> Double

    /// The least width the renderer reports for a line its limit cuts
    /// short in a layout `layoutWidth` points wide (where
    /// ``revisesClampedLines``).
    static func ellipsizedLineWidth(layoutWidth: Double) -> Double

    /// The height and faces of the last line a line limit keeps, drawn as
    /// the renderer draws a line its limit cuts short; `nil` to keep it.
    static func clampedLine(
        _ line: ClampedLine<Self>, measurer: TextMeasurer) -> (height: Double, faceMask: UInt64, width: Double)?

    /// CSS `min-content` (`minimum`) or `max-content` of `units` in points,
    /// as the renderer measures it (``TextMeasurer/minContentWidth(of:)``).
    static func contentWidth(of units: UTF16Text, minimum: Bool, measurer: TextMeasurer) -> Double
    /// ``contentWidth(of:minimum:measurer:)`` of a styled text: `parts` of
    /// `units` in the styles of `measurers` (`measurer`, the block's, first).
    static func styledContentWidth(
        of units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer], minimum: Bool, measurer: TextMeasurer
    ) -> Double

    /// Whether the renderer can size a line box of `units`, made of `runs`
    /// spans, otherwise than its advance as reported
    /// (``widestLineBox(of:parts:measurers:lines:measurer:)``).
    static func linesHaveBoxes(_ units: UTF16Text, runs: Int) -> Bool
    /// The widest of `lines` of `units` (range and advance, as the line
    /// fitter measured them) as the renderer sizes their boxes, `parts` of
    /// `units` in the styles of `measurers`, each part a span of its own.
    static func widestLineBox(
        of units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer],
        lines: [(start: Int, end: Int, advance: Double)], measurer: TextMeasurer
    ) -> Double

    /// The layout pass specialised for these rules (a concrete
    /// ``RulesLayoutPass`` naming them).
    static var layoutPass: any LayoutPass { get }

    /// The context of `range` of `units`, inside `run` (a styled text's
    /// run, in one style) of `paragraph`, whose base bidi level is `base`,
    /// where ``spacesTakeTheirRunsFaces``; else `nil`.
    static func spaceContext(
        of range: Range<Int>, in units: UTF16Text, run: Range<Int>, paragraph: Range<Int>, base: UInt8
    ) -> Faces.Context?

    /// The letter spacing, in points, that a line from `start` to `end` of
    /// `paragraph` keeps of what ``LineFittingRules/lineEdgeSpacing(letterSpacing:)``
    /// says it drops at its ends, in `measurer`'s style; `wrapped`: the
    /// line breaks after its trailing white space (else it counts).
    static func keptLineEndSpacing(
        in units: UTF16Text, start: Int, end: Int, paragraph: Range<Int>, wrapped: Bool, measurer: TextMeasurer
    ) -> Double
}

extension MeasuringRules {

    static func keptLineEndSpacing(
        in units: UTF16Text, start: Int, end: Int, paragraph: Range<Int>, wrapped: Bool, measurer: TextMeasurer
    ) -> Double { 0 }

    static func spaceContext(
        of range: Range<Int>, in units: UTF16Text, run: Range<Int>, paragraph: Range<Int>, base: UInt8
    ) -> Faces.Context? { nil }
}
