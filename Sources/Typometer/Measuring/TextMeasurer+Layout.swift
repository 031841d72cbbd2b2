extension TextMeasurer {
    /// Lays out `units` at `width`, paragraph by paragraph, until the sink
    /// has all the lines it wants.
    func layOut<Sink: LineSink, Rules: MeasuringRules>(
        _ units: UTF16Text, width: Double, into sink: inout Sink, rules: Rules.Type
    ) {
        var none = NoSegmentAdjustment()
        layOut(units, width: width, into: &sink, rules: Rules.self, adjusting: &none)
    }

    /// Lays out `units` as ``layOut(_:width:into:rules:)`` does, each
    /// segment's metrics first given to `adjuster` (a styled text's runs);
    /// the adjuster is told when an adjusted segment's inside is asked for.
    func layOut<Sink: LineSink, Rules: MeasuringRules, Adjuster: SegmentAdjuster>(
        _ units: UTF16Text, width: Double, into sink: inout Sink, rules: Rules.Type, adjusting adjuster: inout Adjuster
    ) {
        var fitter = LineFitter<Rules>(width: width)
        // The code unit ending each paragraph so far, for a renderer that
        // revises the last line a limit keeps.
        var paragraphEnds: [UInt16] = []
        HardBreaks.forEachParagraph(in: units, rules: Rules.self, maximumLength: paragraphLimit) { paragraph in
            fitter.beginParagraph(at: paragraph.lowerBound)
            adjuster.beginParagraph(paragraph)
            let base = Rules.baseLevel(of: units, paragraph: paragraph)
            // The end of the chunk laid out anew after the renderer restarted
            // its break iterator in it: the segments up to there are placed.
            var placedUpTo = paragraph.lowerBound
            var restart = Rules.Restarts(units: units, paragraph: paragraph, language: shaper.selector.language)
            let finished = forEachSegment(in: units, paragraph: paragraph, width: fitter.available, rules: Rules.self) {
                start, end, metrics in
                guard end > placedUpTo else { return true }
                var metrics = metrics
                let adjusted = adjuster.adjust(start: start, end: end, metrics: &metrics)
                let placed = fitter.add(segment: metrics, start: start, end: end, into: &sink, restarts: {
                    restart.changesBreaks(at: $0, reshaping: $1)
                }) {
                    if adjusted { adjuster.insideAsked() }
                    return interior(of: units, range: start..<end, paragraph: paragraph, base: base, rules: Rules.self)
                }
                guard placed else { return false }
                guard let position = fitter.takeRestart() else { return true }
                guard let chunkEnd = Rules.placeRestarted(
                    from: position, in: units, paragraph: paragraph, restart: &restart, fitter: &fitter, into: &sink,
                    measurer: self)
                else { return false }
                placedUpTo = chunkEnd
                return true
            }
            guard finished && fitter.endParagraph(at: paragraph.upperBound, into: &sink) else {
                if Rules.traits.revisesClampedLines {
                    reviseClampedLine(
                        in: &sink, paragraph: paragraph, earlierParagraphEnds: paragraphEnds,
                        paragraphEnd: paragraph.upperBound < units.count ? units[paragraph.upperBound] : nil,
                        width: fitter.available,
                        forEachSegment: { [self] in
                            forEachSegment(in: units, paragraph: paragraph, rules: Rules.self, $0)
                        },
                        interior: { [self] in
                            interior(of: units, range: $0, paragraph: paragraph, base: base, rules: Rules.self)
                        })
                }
                return false
            }
            if Rules.traits.revisesClampedLines, paragraph.upperBound < units.count {
                paragraphEnds.append(units[paragraph.upperBound])
            }
            return true
        }
    }

    /// Lays out a prepared text at `width`: arithmetic over its segments,
    /// except for a segment that must be broken inside or holds tabs.
    func layOut<Sink: LineSink, Rules: MeasuringRules>(
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
    private func layOut<Sink: LineSink, Rules: MeasuringRules>(
        _ storage: PreparedStorage, units: UTF16Text?, width: Double, into sink: inout Sink,
        rules: Rules.Type
    ) {
        var fitter = LineFitter<Rules>(width: width)
        for (paragraphIndex, paragraph) in storage.paragraphs.enumerated() {
            let range = paragraph.units
            // Stops, letting the renderer revise the last line the limit keeps.
            func stop() {
                if Rules.traits.revisesClampedLines {
                    reviseClampedLine(in: &sink, storage: storage, paragraphIndex: paragraphIndex, width: fitter.available,
                                      rules: Rules.self)
                }
            }
            fitter.beginParagraph(at: range.lowerBound)
            var start = range.lowerBound
            var placedUpTo = start
            var restart = units.map { Rules.Restarts(units: $0, paragraph: range, language: shaper.selector.language) }
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
                guard placed else { return stop() }
                // A restart is asked for only when the text is at hand.
                if let position = fitter.takeRestart(), let units {
                    guard let chunkEnd = Rules.placeRestarted(
                        from: position, in: units, paragraph: range, restart: &restart!, fitter: &fitter, into: &sink,
                        measurer: self)
                    else { return stop() }
                    placedUpTo = chunkEnd
                }
            }
            guard fitter.endParagraph(at: range.upperBound, into: &sink) else { return stop() }
        }
    }

    /// The inside of the segment at UTF-16 `range` of `text`, in `paragraph`.
    func interior<Rules: MeasuringRules>(
        of text: String, range: Range<Int>, paragraph: Range<Int>, rules: Rules.Type
    ) -> SegmentInterior<Rules> {
        // Copy the segment with as much of the paragraph around it as its
        // context reaches.
        let reach = Rules.segmentContextReach
        let window = max(paragraph.lowerBound, range.lowerBound - reach.before)
            ..< min(paragraph.upperBound, range.upperBound + reach.after)
        let lower = String.Index(utf16Offset: window.lowerBound, in: text)
        let upper = String.Index(utf16Offset: window.upperBound, in: text)
        let units = Array(text.utf16[lower..<upper])
        let base = Rules.baseLevel(ofParagraph: paragraph, in: text)
        let shift = window.lowerBound
        return units.withUTF16Text {
            interior(of: $0, range: range.lowerBound - shift..<range.upperBound - shift,
                     paragraph: 0..<units.count, base: base, rules: Rules.self)
        }
    }

    /// The inside of the segment at `range` of `units`, in `paragraph`
    /// whose base bidi level is `base`.
    func interior<Rules: MeasuringRules>(
        of units: UTF16Text, range: Range<Int>, paragraph: Range<Int>, base: UInt8, rules: Rules.Type
    ) -> SegmentInterior<Rules> {
        SegmentInterior(
            segment: units[range],
            context: Rules.segmentContext(of: range, in: units, paragraph: paragraph, base: base, measurer: self),
            shaper: shaper)
    }

    /// Calls `body` with each segment of `paragraph` in order and its
    /// advances, until `body` returns `false` (then returns `false`), as the
    /// renderer finds them (``MeasuringRules/forEachSegment(in:paragraph:width:measurer:_:)``).
    /// `width` (points, as the fitter sanitised it) is known when laying
    /// out, `nil` when preparing.
    @discardableResult
    func forEachSegment<Rules: MeasuringRules>(
        in units: UTF16Text, paragraph: Range<Int>, width: Double? = nil, rules: Rules.Type,
        _ body: (_ start: Int, _ end: Int, SegmentMetrics) -> Bool
    ) -> Bool {
        Rules.forEachSegment(in: units, paragraph: paragraph, width: width, measurer: self, body)
    }

    /// `width`, a line's or the widest line's advance, as the renderer
    /// reports it: less the letter spacing the line's ends drop.
    func reportedWidth<Rules: LineFittingRules>(_ width: Double, rules: Rules.Type) -> Double {
        Rules.reportedWidth(width > 0 ? width - lineEdgeSpacing : width)
    }

    func makeLines<Rules>(_ collector: LineCollector<Rules>, text: String) -> [MeasuredLine] {
        collector.lines.map { line in
            let lower = String.Index(utf16Offset: line.start, in: text)
            let upper = String.Index(utf16Offset: line.end, in: text)
            return MeasuredLine(range: lower..<upper, utf16Range: line.start..<line.end,
                                width: line.width > 0 ? line.width - lineEdgeSpacing : line.width, height: line.height)
        }
    }
}
