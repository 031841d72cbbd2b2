extension TextMeasurer {
    /// Lays out `units` at `width`, paragraph by paragraph, until the sink
    /// has all the lines it wants.
    func layOut<Sink: LineSink>(_ units: UnsafeBufferPointer<UInt16>, width: Double, into sink: inout Sink) {
        var fitter = LineFitter(width: width, profile: style.profile)
        HardBreaks.forEachParagraph(in: units, profile: style.profile) { paragraph in
            fitter.beginParagraph(at: paragraph.lowerBound)
            let finished = forEachSegment(in: units, paragraph: paragraph, width: fitter.available) { start, end, metrics in
                fitter.add(segment: metrics, start: start, end: end, into: &sink) {
                    SegmentInterior(segment: UnsafeBufferPointer(rebasing: units[start..<end]), shaper: shaper)
                }
            }
            return finished && fitter.endParagraph(at: paragraph.upperBound, into: &sink)
        }
    }

    /// Lays out a prepared text at `width`: arithmetic over its segments,
    /// except for a segment that must be broken inside or holds tabs.
    func layOut<Sink: LineSink>(_ prepared: PreparedText, width: Double, into sink: inout Sink) {
        var fitter = LineFitter(width: width, profile: style.profile)
        let storage = prepared.storage
        for paragraph in storage.paragraphs {
            fitter.beginParagraph(at: Int(paragraph.units.lowerBound))
            var start = Int(paragraph.units.lowerBound)
            for index in Int(paragraph.segments.lowerBound)..<Int(paragraph.segments.upperBound) {
                let end = Int(storage.segments[index].end)
                let segmentStart = start
                let placed = fitter.add(segment: storage.metrics(index), start: start, end: end, into: &sink) {
                    interior(of: storage.text, range: segmentStart..<end)
                }
                guard placed else { return }
                start = end
            }
            guard fitter.endParagraph(at: Int(paragraph.units.upperBound), into: &sink) else { return }
        }
    }

    /// The inside of the segment at UTF-16 `range` of `text`.
    private func interior(of text: String, range: Range<Int>) -> SegmentInterior {
        let lower = String.Index(utf16Offset: range.lowerBound, in: text)
        let upper = String.Index(utf16Offset: range.upperBound, in: text)
        return SegmentInterior(units: Array(text.utf16[lower..<upper]), shaper: shaper)
    }

    /// Calls `body` with each segment of `paragraph` in order and its
    /// advances, until `body` returns `false` (then returns `false`).
    ///
    /// Under a line limit, a long paragraph is analysed in growing windows
    /// that end after a space (Chromium: in batches of chunks, and a long
    /// chunk in windows), so a huge text under a few lines is shaped and
    /// broken only about as far as those lines reach. `width` (points, as the
    /// fitter sanitised it) is known when laying out, `nil` when preparing.
    @discardableResult
    func forEachSegment(
        in units: UnsafeBufferPointer<UInt16>, paragraph: Range<Int>, width: Double? = nil,
        _ body: (_ start: Int, _ end: Int, SegmentMetrics) -> Bool
    ) -> Bool {
        if style.profile == .chromium {
            return forEachChromiumSegment(in: units, paragraph: paragraph, width: width, body)
        }
        var windowStart = paragraph.lowerBound
        var windowLength = style.lineLimit == nil ? paragraph.count : TextMeasurer.windowedParagraphLength
        while windowStart < paragraph.upperBound {
            var windowEnd = paragraph.upperBound
            var endIsArtificial = false
            if paragraph.upperBound - windowStart > windowLength {
                windowEnd = TextMeasurer.windowEnd(in: units, from: windowStart, length: windowLength)
                endIsArtificial = units[windowEnd - 1] != 0x20 || units[windowEnd] == 0x20
            }
            let window = UnsafeBufferPointer(rebasing: units[windowStart..<windowEnd])
            var breaks = BreakOpportunities.find(in: window, profile: style.profile)
            if endIsArtificial {
                breaks.removeLast()
                if breaks.isEmpty {
                    // No break opportunity in the window: widen it.
                    windowLength *= 2
                    continue
                }
            }
            var start = windowStart
            var chunkStart = windowStart
            var chunkEnds: [Int32] = []
            for (index, offset) in breaks.enumerated() {
                let end = windowStart + Int(offset)
                chunkEnds.append(Int32(end - chunkStart))
                let afterSpace = units[end - 1] == 0x20 || units[end - 1] == 0x09
                guard afterSpace || index == breaks.count - 1 else { continue }
                let chunk = chunkMetrics(
                    UnsafeBufferPointer(rebasing: units[chunkStart..<end]), ends: chunkEnds,
                    following: TextMeasurer.scalar(in: units, at: end, before: paragraph.upperBound))
                for segment in 0..<chunk.count {
                    let segmentEnd = chunkStart + Int(chunk.end(segment))
                    guard body(start, segmentEnd, chunk.segment(segment)) else { return false }
                    start = segmentEnd
                }
                chunkStart = end
                chunkEnds.removeAll(keepingCapacity: true)
            }
            windowStart = start
            windowLength *= 2
        }
        return true
    }

    /// Where a window starting at `start` should end: just after a space
    /// followed by a non-space in its second half when there is one (a real
    /// break opportunity), else at `start + length` on a code-point boundary.
    private static func windowEnd(in units: UnsafeBufferPointer<UInt16>, from start: Int, length: Int) -> Int {
        let limit = start + length
        var candidate = limit
        while candidate > start + length / 2 {
            if units[candidate - 1] == 0x20 && units[candidate] != 0x20 { return candidate }
            candidate -= 1
        }
        return UTF16.isTrailSurrogate(units[limit]) ? limit - 1 : limit
    }

    /// A chunk's segments and advances, from the word cache or shaped now.
    /// Under `.pango` the character after the chunk (`following`) can change
    /// the face of its trailing spaces, so it is part of the cache key.
    func chunkMetrics(_ chunk: UnsafeBufferPointer<UInt16>, ends: [Int32], following: UInt32?) -> ChunkMetrics {
        let key = ChunkKey(borrowing: chunk, following: style.profile == .pango ? following : nil)
        if let cached = wordCache.value(for: key), cached.hasEnds(ends) { return cached }
        let metrics = shaper.chunkMetrics(of: chunk, ends: ends, following: style.profile == .pango ? following : nil)
        wordCache.insert(metrics, for: key.owning())
        return metrics
    }

    /// The scalar starting at `index`, if it is before `end`.
    static func scalar(in units: UnsafeBufferPointer<UInt16>, at index: Int, before end: Int) -> UInt32? {
        guard index < end else { return nil }
        var scalars: [UInt32] = []
        SegmentShaper.decode(units, index..<min(index + 2, end), into: &scalars)
        return scalars.first
    }

    func makeLines(_ collector: LineCollector, text: String) -> [MeasuredLine] {
        collector.lines.map { line in
            let lower = String.Index(utf16Offset: line.start, in: text)
            let upper = String.Index(utf16Offset: line.end, in: text)
            return MeasuredLine(range: lower..<upper, utf16Range: line.start..<line.end, width: line.width,
                                height: line.height)
        }
    }
}
