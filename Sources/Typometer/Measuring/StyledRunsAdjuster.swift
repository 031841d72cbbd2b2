/// A styled text whose runs are all at the block's size, laid out by the
/// plain pass: each segment that touches another style is measured in its
/// styles (``StyledSegmenter``) and its faces registered in the block's
/// registry, where at one size the plain pass's line heights hold (a span's
/// box is its faces', and under Chromium its own primary face's too). A word
/// of another style that must be broken inside is measured by the plain
/// pass in the block's style only: the adjuster records it, and the caller
/// lays the text out the general way instead.
struct StyledRunsAdjuster<Rules: MeasuringRules>: SegmentAdjuster {
    /// It holds the text's parts, their measurers and the block's registry
    /// (its faces' numbering) for the adjuster too.
    private var segmenter: StyledSegmenter<Rules, BlockFaces>
    private var parts: [StyledPart] { segmenter.parts }
    private var measurers: [TextMeasurer] { segmenter.measurers }
    private var registry: FaceRegistry { segmenter.faces.registry }
    private var part = 0
    /// The range of the part last found when it is in the block's own
    /// style (empty otherwise): segments inside it are as measured.
    private var blockRange = 0..<0
    /// Whether the inside of an adjusted segment was asked for.
    private(set) var insideWasAsked = false

    init(units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer], registry: FaceRegistry) {
        self.segmenter = StyledSegmenter(
            units: units, parts: parts, measurers: measurers, faces: BlockFaces(registry: registry, measurers: measurers))
    }

    mutating func beginParagraph(_ paragraph: Range<Int>) {
        segmenter.begin(paragraph: paragraph)
    }

    mutating func insideAsked() { insideWasAsked = true }

    /// Most segments are in the block's own style: told apart here, in the
    /// layout pass's loop.
    @inline(__always)
    mutating func adjust(start: Int, end: Int, metrics: inout SegmentMetrics) -> Bool {
        if blockRange.lowerBound <= start, end <= blockRange.upperBound { return false }
        return adjustOutsideBlockRange(start: start, end: end, metrics: &metrics)
    }

    @inline(never)
    private mutating func adjustOutsideBlockRange(start: Int, end: Int, metrics: inout SegmentMetrics) -> Bool {
        if parts[part].range.upperBound <= start || parts[part].range.lowerBound > start {
            part = Swift.min(parts.firstPart(endingAfter: start), parts.count - 1)
        }
        blockRange = parts[part].measurer == 0 ? parts[part].range : 0..<0
        // Inside the block's own style: as measured.
        if parts[part].measurer == 0, parts[part].range.upperBound >= end { return false }
        let styled = segmenter.segment(start: start, end: end, metrics: metrics)
        var mask = styled.metrics.faceMask & FaceRegistry.faceBits
        if Rules.traits.spanBoxIncludesPrimaryFace {
            for part in parts[styled.parts] { mask |= segmenter.faces.bits(for: 1, measurer: part.measurer) }
        }
        if styled.lead.bits != 0, let face = Rules.leadFace(in: styled.lead.bits) {
            let lead = measurers[styled.lead.measurer]
            mask |= Rules.lineStartBits(styled.lead.bits, inFace: registry.index(of: lead.registry.font(at: face).face))
        }
        metrics = styled.metrics
        metrics.faceMask = mask
        return true
    }
}
