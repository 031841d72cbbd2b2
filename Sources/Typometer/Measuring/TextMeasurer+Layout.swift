import CHarfBuzz
extension TextMeasurer {
    /// Lays out `units` at `width`, paragraph by paragraph, until the sink
    /// has all the lines it wants.
    func layOut<Sink: LineSink, Rules: RendererRules>(
        _ units: UnsafeBufferPointer<UInt16>, width: Double, into sink: inout Sink, rules: Rules.Type
    ) {
        var fitter = LineFitter<Rules>(width: width)
        HardBreaks.forEachParagraph(in: units, rules: Rules.self, maximumLength: paragraphLimit) { paragraph in
            fitter.beginParagraph(at: paragraph.lowerBound)
            let base = Rules.baseLevel(of: units, paragraph: paragraph)
            // The end of the chunk laid out anew after Blink restarted its
            // break iterator in it: the segments up to there are placed.
            var placedUpTo = paragraph.lowerBound
            var restart = BlinkBreakRestart(units: units, paragraph: paragraph)
            let finished = forEachSegment(in: units, paragraph: paragraph, width: fitter.available, rules: Rules.self) {
                start, end, metrics in
                guard end > placedUpTo else { return true }
                let placed = fitter.add(segment: metrics, start: start, end: end, into: &sink, restarts: {
                    Rules.restartsBreakingAtEachLine && restart.changesBreaks(at: $0, reshaping: $1)
                }) {
                    interior(of: units, range: start..<end, paragraph: paragraph, base: base, rules: Rules.self)
                }
                guard placed else { return false }
                guard let position = fitter.takeRestart() else { return true }
                guard let chunkEnd = placeRestarted(
                    from: position, in: units, paragraph: paragraph, restart: &restart, fitter: &fitter, into: &sink)
                else { return false }
                placedUpTo = chunkEnd
                return true
            }
            return finished && fitter.endParagraph(at: paragraph.upperBound, into: &sink)
        }
    }

    /// Places the rest of a chunk from `position`, where a line starts and
    /// Blink restarts its break iterator, with the break opportunities ICU
    /// finds from there (again at each later line that starts a restart).
    /// Returns the chunk's end, or `nil` once the sink wants no more lines.
    private func placeRestarted<Sink: LineSink, Rules: RendererRules>(
        from position: Int, in units: UnsafeBufferPointer<UInt16>, paragraph: Range<Int>,
        restart: inout BlinkBreakRestart, fitter: inout LineFitter<Rules>, into sink: inout Sink
    ) -> Int? {
        let chunkEnd = TextScanning.chunkEnd(in: units, from: position, before: paragraph.upperBound)
        var chunkStart = position
        restarting: while true {
            let chunk = blinkChunk(UnsafeBufferPointer(rebasing: units[chunkStart..<chunkEnd]), in: units,
                                   paragraph: paragraph, run: blinkRun(at: chunkStart, in: units, paragraph: paragraph))
            var start = chunkStart
            for segment in 0..<chunk.count {
                let end = chunkStart + Int(chunk.end(segment))
                let segmentStart = start
                let placed = fitter.add(segment: chunk.segment(segment), start: start, end: end, into: &sink, restarts: {
                    restart.changesBreaks(at: $0, reshaping: $1)
                }) {
                    interior(of: units, range: segmentStart..<end, paragraph: paragraph, base: 0, rules: Rules.self)
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

    /// Lays out a prepared text at `width`: arithmetic over its segments,
    /// except for a segment that must be broken inside or holds tabs.
    func layOut<Sink: LineSink, Rules: RendererRules>(
        _ storage: PreparedStorage, width: Double, into sink: inout Sink, rules: Rules.Type
    ) {
        // A line after a word broken between characters may restart Blink's
        // break iterator, which needs the text: only a word wider than the
        // line is broken so.
        guard storage.widestRestartSensitiveSegment > LineFitter<Rules>(width: width).available else {
            return layOut(storage, units: nil, width: width, into: &sink, rules: Rules.self)
        }
        TextMeasurer.withUTF16(of: storage.text) { units in
            layOut(storage, units: units, width: width, into: &sink, rules: Rules.self)
        }
    }

    /// `layOut(_:width:into:)` for a prepared text; `units` is its text
    /// when a line may restart Blink's break iterator.
    private func layOut<Sink: LineSink, Rules: RendererRules>(
        _ storage: PreparedStorage, units: UnsafeBufferPointer<UInt16>?, width: Double, into sink: inout Sink,
        rules: Rules.Type
    ) {
        var fitter = LineFitter<Rules>(width: width)
        for paragraph in storage.paragraphs {
            let range = paragraph.units
            fitter.beginParagraph(at: range.lowerBound)
            var start = range.lowerBound
            var placedUpTo = start
            var restart = units.map { BlinkBreakRestart(units: $0, paragraph: range) }
            for index in paragraph.segments {
                let end = range.lowerBound + Int(storage.segments[index].end)
                let segmentStart = start
                start = end
                guard end > placedUpTo else { continue }
                let placed = fitter.add(segment: storage.metrics(index), start: segmentStart, end: end, into: &sink, restarts: {
                    restart?.changesBreaks(at: $0, reshaping: $1) ?? false
                }) {
                    interior(of: storage.text, range: segmentStart..<end, paragraph: range, rules: Rules.self)
                }
                guard placed else { return }
                // A restart is asked for only when the text is at hand.
                if let position = fitter.takeRestart(), let units {
                    guard let chunkEnd = placeRestarted(
                        from: position, in: units, paragraph: range, restart: &restart!, fitter: &fitter, into: &sink)
                    else { return }
                    placedUpTo = chunkEnd
                }
            }
            guard fitter.endParagraph(at: range.upperBound, into: &sink) else { return }
        }
    }

    /// The inside of the segment at UTF-16 `range` of `text`, in `paragraph`.
    private func interior<Rules: RendererRules>(
        of text: String, range: Range<Int>, paragraph: Range<Int>, rules: Rules.Type
    ) -> SegmentInterior {
        // Pango's faces depend on the paragraph around the segment: copy the
        // segment with enough of it to resolve its bidi levels. Chromium's
        // depend on the fallback run the text before it leaves.
        let reach = Rules.profile == .pango ? PangoBidiLevels.margin + 1 : TextMeasurer.strongLevelReach
        let before = Rules.profile == .pango ? reach : TextMeasurer.blinkRunReach
        let window = max(paragraph.lowerBound, range.lowerBound - before)..<min(paragraph.upperBound, range.upperBound + reach)
        let lower = String.Index(utf16Offset: window.lowerBound, in: text)
        let upper = String.Index(utf16Offset: window.upperBound, in: text)
        let units = Array(text.utf16[lower..<upper])
        let base = Rules.baseLevel(ofParagraph: paragraph, in: text)
        let shift = window.lowerBound
        return units.withUnsafeBufferPointer {
            interior(of: $0, range: range.lowerBound - shift..<range.upperBound - shift,
                     paragraph: 0..<units.count, base: base, rules: Rules.self)
        }
    }

    /// The inside of the segment at `range` of `units`, in `paragraph`
    /// whose base bidi level is `base`.
    func interior<Rules: RendererRules>(
        of units: UnsafeBufferPointer<UInt16>, range: Range<Int>, paragraph: Range<Int>, base: UInt8, rules: Rules.Type
    ) -> SegmentInterior {
        let segment = UnsafeBufferPointer(rebasing: units[range])
        let context = Rules.profile == .pango
            ? PangoContext(of: range, in: units, paragraph: paragraph, base: base) : nil
        guard Rules.profile == .chromium, !isSimpleLatin(segment) else {
            return SegmentInterior(segment: segment, context: context, shaper: shaper)
        }
        return SegmentInterior(
            segment: segment, context: nil, blinkRun: blinkRun(at: range.lowerBound, in: units, paragraph: paragraph),
            blinkFollowingLevel: TextMeasurer.strongLevel(after: range.upperBound, in: units, paragraph: paragraph),
            shaper: shaper)
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
    func forEachSegment<Rules: RendererRules>(
        in units: UnsafeBufferPointer<UInt16>, paragraph: Range<Int>, width: Double? = nil, rules: Rules.Type,
        _ body: (_ start: Int, _ end: Int, SegmentMetrics) -> Bool
    ) -> Bool {
        if Rules.alwaysBreaksAfterSpaces {
            return forEachChromiumSegment(in: units, paragraph: paragraph, width: width, body)
        }
        var windowStart = paragraph.lowerBound
        var windowLength = style.lineLimit == nil ? paragraph.count : TextMeasurer.windowedParagraphLength
        let base = Rules.baseLevel(of: units, paragraph: paragraph)
        var start = windowStart
        while windowStart < paragraph.upperBound {
            var windowEnd = paragraph.upperBound
            var endIsArtificial = false
            if paragraph.upperBound - windowStart > windowLength {
                windowEnd = TextMeasurer.windowEnd(in: units, from: windowStart, length: windowLength)
                endIsArtificial = units[windowEnd - 1] != 0x20 || units[windowEnd] == 0x20
            }
            let window = UnsafeBufferPointer(rebasing: units[windowStart..<windowEnd])
            let outcome = Rules.withBreakOpportunities(in: window) { found in
                // An artificial window end is no break opportunity.
                let breaks = endIsArtificial ? UnsafeBufferPointer(rebasing: found.dropLast()) : found
                // No break opportunity in the window: widen it.
                guard !breaks.isEmpty else { return PangoWindow.widen }
                return withUnsafeTemporaryAllocation(of: Int32.self, capacity: breaks.count) { chunkEnds in
                    forEachPangoSegment(
                        in: units, paragraph: paragraph, base: base, window: windowStart..<windowEnd,
                        breaks: breaks, chunkEnds: chunkEnds, from: &start, body)
                }
            }
            switch outcome {
            case .widen:
                windowLength *= 2
                continue
            case .stopped: return false
            case .done: break
            }
            windowStart = start
            windowLength *= 2
        }
        return true
    }

    /// What became of a window of a Pango paragraph.
    private enum PangoWindow {
        /// It holds no break opportunity.
        case widen
        /// `body` returned `false`.
        case stopped
        case done
    }

    /// Calls `body` with the segments of the chunks that `breaks` (relative
    /// to `window`, not empty) cut out of it, from `start` on, which it
    /// advances; `chunkEnds` is scratch space for as many ends as `breaks`.
    private func forEachPangoSegment(
        in units: UnsafeBufferPointer<UInt16>, paragraph: Range<Int>, base: UInt8, window: Range<Int>,
        breaks: UnsafeBufferPointer<Int32>, chunkEnds: UnsafeMutableBufferPointer<Int32>, from start: inout Int,
        _ body: (_ start: Int, _ end: Int, SegmentMetrics) -> Bool
    ) -> PangoWindow {
        // Levels of the window and the unit after it.
        let levels = PangoBidiLevels.levels(of: units, range: window, paragraph: paragraph, base: base)
        var chunkStart = window.lowerBound
        var endCount = 0
        for (index, offset) in breaks.enumerated() {
            let end = window.lowerBound + Int(offset)
            chunkEnds[endCount] = Int32(end - chunkStart)
            endCount += 1
            let afterSpace = units[end - 1] == 0x20 || units[end - 1] == 0x09
            guard afterSpace || index == breaks.count - 1 else { continue }
            let context = PangoContext(
                of: chunkStart..<end, in: units, paragraph: paragraph, base: base,
                levels: .some(levels.map {
                    Array($0[(chunkStart - window.lowerBound)..<min(end + 1 - window.lowerBound, $0.count)])
                }))
            let chunk = chunkMetrics(
                UnsafeBufferPointer(rebasing: units[chunkStart..<end]),
                ends: UnsafeBufferPointer(rebasing: chunkEnds[0..<endCount]), context: context)
            for segment in 0..<chunk.count {
                let segmentEnd = chunkStart + Int(chunk.end(segment))
                var metrics = chunk.segment(segment)
                if segmentEnd == paragraph.upperBound, paragraph.upperBound < units.count {
                    // Before a hard break no space hangs in Pango: the
                    // line ends after the separator, so its spaces are
                    // not at the line's end.
                    metrics.width += metrics.trailingWidth
                    metrics.trailingWidth = 0
                    metrics.isWhite = false
                    metrics.beforeHardBreak = true
                }
                guard body(start, segmentEnd, metrics) else { return .stopped }
                start = segmentEnd
            }
            chunkStart = end
            endCount = 0
        }
        return .done
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
    /// Under `.pango` what the paragraph tells about the chunk (`context`)
    /// can change its faces, so it is part of the cache key.
    func chunkMetrics(_ chunk: UnsafeBufferPointer<UInt16>, ends: UnsafeBufferPointer<Int32>, context: PangoContext?)
        -> ChunkMetrics {
        // Most words: one segment of simple characters, left to right, that
        // goes on with no item before it, measured by table lookup.
        if let simpleWords, ends.count == 1, context?.levels == nil, context?.precedingScalar == nil,
           let segment = simpleWords.segment(
               of: chunk, contentEnd: TextScanning.contentEnd(of: chunk),
               runScript: context?.precedingScript.map { hb_script_t(rawValue: $0) }) {
            return ChunkMetrics(single: segment, length: Int32(chunk.count))
        }
        func key(for keyUnits: UnsafeBufferPointer<UInt16>) -> ChunkKey {
            ChunkKey(
                borrowing: keyUnits, following: context?.following, precedingScript: context?.precedingScript,
                levelCount: keyUnits.count - chunk.count)
        }
        func measure(_ keyUnits: UnsafeBufferPointer<UInt16>) -> ChunkMetrics {
            let key = key(for: keyUnits)
            if let cached = wordCache.value(for: key), cached.hasEnds(ends) { return cached }
            let metrics = shaper.chunkMetrics(of: chunk, ends: Array(ends), context: context)
            remember(metrics, for: key)
            return metrics
        }
        guard context?.levels != nil || context?.precedingScalar != nil else { return measure(chunk) }
        // The levels and the preceding character are part of the key, after
        // the units (the character as two units and a marker).
        var keyUnits = Array(chunk)
        if let levels = context?.levels { keyUnits.append(contentsOf: levels.lazy.map { UInt16($0) }) }
        if let scalar = context?.precedingScalar {
            keyUnits.append(contentsOf: [UInt16(scalar >> 16), UInt16(scalar & 0xFFFF), 0xFFFF])
        }
        return keyUnits.withUnsafeBufferPointer(measure)
    }

    func makeLines<Rules>(_ collector: LineCollector<Rules>, text: String) -> [MeasuredLine] {
        collector.lines.map { line in
            let lower = String.Index(utf16Offset: line.start, in: text)
            let upper = String.Index(utf16Offset: line.end, in: text)
            return MeasuredLine(range: lower..<upper, utf16Range: line.start..<line.end, width: line.width,
                                height: line.height)
        }
    }
}
