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
}
