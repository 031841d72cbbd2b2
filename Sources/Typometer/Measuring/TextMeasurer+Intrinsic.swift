extension TextMeasurer {
    /// The width of the widest piece of `text` that no line breaks inside,
    /// in points: CSS `min-content`. The breaks `overflow-wrap: break-word`
    /// adds inside a word too wide for its line are not counted, as CSS
    /// specifies for intrinsic sizes. Each piece is measured as a line of
    /// its own (its trailing spaces hang; a soft hyphen it ends at shows; a
    /// closing bracket keeps its width, as Chromium's min-content does).
    /// The line limit does not count.
    public func minContentWidth(of text: String) -> Double {
        points(pass.contentWidth(of: text, minimum: true, in: self))
    }

    /// The width of the widest line of `text` when no line wraps, in
    /// points: CSS `max-content`; the line limit does not count.
    public func maxContentWidth(of text: String) -> Double {
        points(pass.contentWidth(of: text, minimum: false, in: self))
    }

    /// The widest line's advance, the height and the line count of `text`
    /// at `width`, under the style's line limit.
    ///
    /// A Yoga or Taffy measure function's three width modes map onto it:
    /// *exactly* W → `size(of:width: W)` (its height; the box is W wide);
    /// *at most* W → `size(of:width: W)` (the box takes the widest line);
    /// *undefined* → `size(of:width: .infinity)` for the height, and
    /// ``maxContentWidth(of:)`` for the box's width. The widest line is the
    /// renderer's line box: under `.chromium` the sum of the line's inline
    /// items (bidi runs, tabs, spans, a soft hyphen's hyphen) each rounded up
    /// to the `LayoutUnit`, as Blink sizes them (Docs/fidelity.md); a text
    /// that can have lines of several items is laid out and shaped once
    /// more to find them, so ask ``lineCountAndHeight(of:width:)`` for
    /// heights alone.
    public func size(of text: String, width: Double) -> TextSize {
        let width = deviceWidth(width)
        let measured = measured(text, width: width)
        let widest = pass.widestLineBox(of: text, width: width, widest: measured.widest, in: self)
        return pointSize(TextSize(width: widest, height: measured.height, lineCount: measured.lines))
    }

    /// ``size(of:width:)`` of a prepared text, by arithmetic (but for the
    /// lines of several inline items, shaped again under `.chromium`).
    public func size(of prepared: PreparedText, width: Double) -> TextSize {
        let width = deviceWidth(width)
        let own = ownPrepared(prepared)
        let totals = pass.totals(of: own.storage, width: width, in: self)
        let widest = pass.widestLineBox(of: own.storage, width: width, widest: totals.widest, in: self)
        return pointSize(TextSize(width: widest, height: totals.height, lineCount: totals.count))
    }

    /// The widest line of `units` laid out with no wrapping, counting the
    /// white space that ends each paragraph, as the renderer reports it.
    func unwrappedWidth<Rules: MeasuringRules>(of units: UTF16Text, rules: Rules.Type) -> Double {
        var content = ContentWidth { start, end in
            Rules.keptLineEndSpacing(
                in: units, start: start, end: end, paragraph: start..<end, wrapped: false, measurer: self)
        }
        layOut(units, width: .infinity, into: &content, rules: Rules.self)
        return reportedWidth(content.widest, rules: Rules.self)
    }

    /// The widest segment of `units` laid out as a line of its own: what
    /// a line breaker that never breaks inside a segment makes of a width
    /// of zero (unrounded).
    func widestSegment<Rules: MeasuringRules>(of units: UTF16Text, rules: Rules.Type) -> Double {
        var widest = 0.0
        HardBreaks.forEachParagraph(in: units, rules: Rules.self, maximumLength: paragraphLimit) { paragraph in
            forEachSegment(in: units, paragraph: paragraph, rules: Rules.self) { start, end, metrics in
                // The hyphen of a soft hyphen shows where a line ends, not at
                // the paragraph's end.
                let endsParagraph = end == paragraph.upperBound
                let hyphen = endsParagraph ? 0 : metrics.hyphenWidth
                let white = endsParagraph && Rules.traits.lineWidthsCountParagraphEndWhite ? metrics.trailingWidth : 0
                let kept = Rules.keptLineEndSpacing(
                    in: units, start: start, end: end, paragraph: paragraph, wrapped: !endsParagraph, measurer: self)
                widest = max(widest, metrics.width + hyphen + white + kept)
                return true
            }
            return true
        }
        return widest
    }
}

extension TextMeasurer {
    /// CSS `min-content` (`minimum`: the widest segment as a line of its
    /// own) or `max-content` (the widest paragraph unwrapped, its ending
    /// white space counted where the renderer counts it) of a styled text:
    /// `parts` of `units` in the styles of `measurers` (this measurer's
    /// first), each segment measured part by part in each part's style.
    func styledContentWidth<Rules: MeasuringRules>(
        of units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer], minimum: Bool, rules: Rules.Type
    ) -> Double {
        var widest = 0.0
        var segmenter = StyledSegmenter<Rules, StyledFaces>(
            units: units, parts: parts, measurers: measurers, faces: StyledFaces())
        var part = 0
        /// The measurer of the part holding `offset`.
        func measurer(at offset: Int) -> TextMeasurer {
            while part > 0, parts[part].range.lowerBound > offset { part -= 1 }
            while part + 1 < parts.count, parts[part].range.upperBound <= offset { part += 1 }
            return measurers[parts[part].measurer]
        }
        /// The letter spacing a line from `first` to `last` drops (offsets
        /// of its first and last characters, its trailing white space
        /// included: Pango takes the outer halves off the runs at a line's
        /// two ends, so a word whose spaces are in another run keeps its
        /// right half): the left part of the spacing of the style at the
        /// line's left end (its start, in a left-to-right paragraph), the
        /// right part of the style's at its right end.
        func edges(_ first: Int, _ last: Int, rightToLeft: Bool) -> Double {
            let (left, right) = rightToLeft
                ? (measurer(at: last), measurer(at: first)) : (measurer(at: first), measurer(at: last))
            return left.lineLeftEdgeSpacing + right.lineEdgeSpacing - right.lineLeftEdgeSpacing
        }
        func reported(_ width: Double, from first: Int, to last: Int, rightToLeft: Bool) -> Double {
            Rules.reportedWidth(width > 0 ? width - edges(first, last, rightToLeft: rightToLeft) : width)
        }
        /// Where the content of `start..<end` ends: before its trailing white space.
        func contentEnd(_ start: Int, _ end: Int) -> Int {
            var last = end
            while last > start + 1, units[last - 1] == 0x20 || units[last - 1] == 0x09 { last -= 1 }
            return last
        }
        HardBreaks.forEachParagraph(in: units, rules: Rules.self, maximumLength: paragraphLimit) { paragraph in
            segmenter.begin(paragraph: paragraph)
            let rightToLeft = Rules.baseLevel(of: units, paragraph: paragraph) & 1 == 1
            var advance = 0.0
            var content = 0.0
            var contentLast = paragraph.lowerBound
            forEachSegment(in: units, paragraph: paragraph, rules: Rules.self) { start, end, metrics in
                let segment = segmenter.segment(start: start, end: end, metrics: metrics).metrics
                let endsParagraph = end == paragraph.upperBound
                if minimum {
                    let hyphen = endsParagraph ? 0 : segment.hyphenWidth
                    let white = endsParagraph && Rules.traits.lineWidthsCountParagraphEndWhite ? segment.trailingWidth : 0
                    let kept = Rules.keptLineEndSpacing(
                        in: units, start: start, end: end, paragraph: paragraph, wrapped: !endsParagraph,
                        measurer: measurer(at: contentEnd(start, end) - 1))
                    widest = max(widest, reported(
                        segment.width + hyphen + white + kept, from: start, to: end - 1, rightToLeft: rightToLeft))
                } else {
                    if !(Rules.traits.whiteSegmentsHang && segment.isWhite) {
                        content = advance + segment.width
                        contentLast = contentEnd(start, end) - 1
                    }
                    advance += segment.width + segment.trailingWidth
                }
                return true
            }
            if !minimum, !paragraph.isEmpty {
                let (width, last) = Rules.traits.lineWidthsCountParagraphEndWhite
                    ? (advance, paragraph.upperBound - 1) : (content, contentLast)
                let kept = Rules.keptLineEndSpacing(
                    in: units, start: paragraph.lowerBound, end: last + 1, paragraph: paragraph, wrapped: false,
                    measurer: measurer(at: last))
                widest = max(widest, reported(width + kept, from: paragraph.lowerBound, to: last, rightToLeft: rightToLeft))
            }
            return true
        }
        return widest
    }
}
