extension TextMeasurer {
    /// Lets the renderer revise the last line `sink` took, the last a line
    /// limit keeps, in `paragraph` of a text being laid out.
    func reviseClampedLine<Sink: LineSink, Rules: MeasuringRules>(
        in sink: inout Sink, paragraph: Range<Int>, earlierParagraphEnds: [UInt16], paragraphEnd: UInt16?,
        width: Double, forEachSegment: @escaping ((_ start: Int, _ end: Int, SegmentMetrics) -> Bool) -> Void,
        interior: @escaping (Range<Int>) -> SegmentInterior<Rules>
    ) {
        guard let last = sink.lastLine else { return }
        let line = ClampedLine<Rules>(
            start: last.start, faceMask: last.faceMask, paragraph: paragraph,
            earlierParagraphEnds: earlierParagraphEnds, paragraphEnd: paragraphEnd, width: width,
            forEachSegment: forEachSegment, interior: interior)
        if let revised = Rules.clampedLine(line, measurer: self) {
            sink.reviseLastLine(height: revised.height, faceMask: revised.faceMask, width: revised.width)
        }
    }

    /// `reviseClampedLine` for paragraph `paragraphIndex` of a prepared text.
    func reviseClampedLine<Sink: LineSink, Rules: MeasuringRules>(
        in sink: inout Sink, storage: PreparedStorage, paragraphIndex: Int, width: Double, rules: Rules.Type
    ) {
        let utf16 = storage.text.utf16
        func unit(at offset: Int) -> UInt16? {
            offset < utf16.count ? utf16[String.Index(utf16Offset: offset, in: storage.text)] : nil
        }
        let paragraph = storage.paragraphs[paragraphIndex]
        let range = paragraph.units
        reviseClampedLine(
            in: &sink, paragraph: range,
            earlierParagraphEnds: storage.paragraphs[..<paragraphIndex].compactMap { unit(at: $0.units.upperBound) },
            paragraphEnd: unit(at: range.upperBound), width: width,
            forEachSegment: { body in
                var start = range.lowerBound
                for index in paragraph.segments {
                    let end = range.lowerBound + Int(storage.segments[index].end)
                    guard body(start, end, storage.metrics(index)) else { return }
                    start = end
                }
            },
            interior: { [self] (segment: Range<Int>) -> SegmentInterior<Rules> in
                interior(of: storage.text, range: segment, paragraph: range, rules: Rules.self)
            })
    }
}
