extension TextMeasurer {
    /// `text`'s paragraphs and the advances of its segments, found once.
    func prepareStorage<Rules: MeasuringRules>(_ text: String, rules: Rules.Type) -> PreparedStorage {
        let units = Array(text.utf16)
        var paragraphs: [(units: Range<Int>, segments: Range<Int>)] = []
        var segmentEnds: [Int] = []
        var metrics: [SegmentMetrics] = []
        var widestRestartSensitiveSegment = 0.0
        units.withUTF16Text { buffer in
            HardBreaks.forEachParagraph(in: buffer, rules: Rules.self, maximumLength: paragraphLimit) { paragraph in
                let first = segmentEnds.count
                var chunk = (end: paragraph.lowerBound, isSensitive: false)
                forEachSegment(in: buffer, paragraph: paragraph, rules: Rules.self) { start, end, segmentMetrics in
                    if Rules.Restarts.mayRestart {
                        if start >= chunk.end {
                            let chunkEnd = TextScanning.chunkEnd(in: buffer, from: start, before: paragraph.upperBound)
                            chunk = (chunkEnd, Rules.Restarts.mayMoveBreaks(in: buffer[start..<chunkEnd]))
                        }
                        if chunk.isSensitive {
                            let extent = segmentMetrics.startExtra + segmentMetrics.width + segmentMetrics.trailingWidth
                                + segmentMetrics.hyphenWidth + segmentMetrics.endExtra
                            widestRestartSensitiveSegment = max(widestRestartSensitiveSegment, extent)
                        }
                    }
                    segmentEnds.append(end)
                    metrics.append(segmentMetrics)
                    return true
                }
                paragraphs.append((paragraph, first..<segmentEnds.count))
                return true
            }
        }
        return PreparedStorage(
            style: style, preparer: identity, text: text, utf16Count: units.count,
            paragraphs: paragraphs, ends: segmentEnds, metrics: metrics,
            widestRestartSensitiveSegment: widestRestartSensitiveSegment)
    }
}
