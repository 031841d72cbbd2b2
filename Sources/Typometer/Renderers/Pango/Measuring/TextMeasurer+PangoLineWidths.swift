/// A line's logical width as Pango reports it when letter spacing is on:
/// the line's advance, every cluster spaced on both sides as the line
/// fitter adds it, less the outer halves `adjust_line_letter_spacing` takes
/// off the runs at the line's two ends, plus what
/// ``pangoKeptLineEndSpacing(in:start:end:paragraph:wrapped:)`` keeps of
/// them (see Docs/fidelity.md, "Intrinsic widths").
extension TextMeasurer {
    /// The width Pango reports, in points, for the line from `start` to
    /// `end` (its trailing white space included) of `paragraph` in `units`,
    /// whose advance is `advance`; `style(offset)` is the measurer of the
    /// run holding a character (this one for a plain text). The left end's
    /// run drops the half before its first cluster, the right end's run
    /// (that of a wrapped line's zeroed trailing space) the half after its
    /// last, as ``styledContentWidth(of:parts:measurers:minimum:rules:)``
    /// takes them off a word or a paragraph.
    func pangoLineWidth(
        of units: UTF16Text, start: Int, end: Int, advance: Double, paragraph: Range<Int>,
        style: (Int) -> TextMeasurer
    ) -> Double {
        guard advance > 0, end > start else { return advance }
        let rightToLeft = PangoRules.baseLevel(of: units, paragraph: paragraph) & 1 == 1
        let (left, right) = rightToLeft ? (style(end - 1), style(start)) : (style(start), style(end - 1))
        var contentEnd = end
        while contentEnd > start + 1, units[contentEnd - 1] == 0x20 || units[contentEnd - 1] == 0x09 { contentEnd -= 1 }
        let kept = style(contentEnd - 1).pangoKeptLineEndSpacing(
            in: units, start: start, end: end, paragraph: paragraph, wrapped: end < paragraph.upperBound)
        return advance - left.lineLeftEdgeSpacing - (right.lineEdgeSpacing - right.lineLeftEdgeSpacing) + kept
    }

    /// The widest of `lines` of `units` laid out `available` points wide
    /// (each with its advance, and whether Pango ellipsized it: that line is
    /// as wide as the layout, its `reported` width), as Pango reports them;
    /// `style` as for ``pangoLineWidth(of:start:end:advance:paragraph:style:)``.
    /// A line with a tab (in a text without letter spacing) is measured as
    /// ``pangoTabbedLineWidth(of:start:end:paragraph:available:)``.
    func pangoWidestLine(
        of units: UTF16Text, lines: [(start: Int, end: Int, advance: Double, reported: Double, isRevised: Bool)],
        available: Double, style: (Int) -> TextMeasurer
    ) -> Double {
        var widest = 0.0
        var index = 0
        HardBreaks.forEachParagraph(in: units, rules: PangoRules.self, maximumLength: paragraphLimit) { paragraph in
            while index < lines.count, lines[index].start <= paragraph.upperBound {
                let line = lines[index]
                // An empty paragraph's line starts where it ends; a line
                // ends at most at its paragraph's end.
                guard line.start >= paragraph.lowerBound, line.end <= paragraph.upperBound else { break }
                let width = if line.isRevised {
                    line.reported
                } else if lineEdgeSpacing == 0, units[line.start..<line.end].contains(0x09) {
                    pangoTabbedLineWidth(
                        of: units, start: line.start, end: line.end, paragraph: paragraph, available: available)
                } else {
                    pangoLineWidth(
                        of: units, start: line.start, end: line.end, advance: line.advance, paragraph: paragraph,
                        style: style)
                }
                widest = max(widest, width)
                index += 1
            }
            return index < lines.count
        }
        return widest
    }
}

/// Pango's tabs (`shape_tab`): a tab runs to the next stop (8 spaces apart,
/// at least a space away) after the pen or the layout's width, whichever is
/// less: at width 0 every tab is a whole stop (33.28 pt in Noto Sans 16 pt),
/// and at 78 pt a tab after a pen at 81.60 pt ends at 103.45, a line wider
/// than the layout. Only a wrapped line's last space or tab is zeroed; a tab
/// before it counts, and nothing is zeroed before a hard break.
extension TextMeasurer {
    /// The logical width Pango gives the line from `start` to `end` (its
    /// trailing white space included) of `paragraph` in `units`, laid out
    /// `available` points wide, when it holds a tab: the line's text shaped
    /// as one, its tabs measured as Pango measures them.
    func pangoTabbedLineWidth(of units: UTF16Text, start: Int, end: Int, paragraph: Range<Int>, available: Double)
        -> Double
    {
        let clusters = interior(
            of: units, range: start..<end, paragraph: paragraph,
            base: PangoRules.baseLevel(of: units, paragraph: paragraph), rules: PangoRules.self
        ).clusters
        let last = clusters.advances.count - 1
        // A wrapped line's last space or tab is zeroed
        // (`zero_line_final_trailing_whitespace`).
        let zeroesLast = end < paragraph.upperBound && (units[end - 1] == 0x20 || units[end - 1] == 0x09)
        var pen = 0.0
        for index in clusters.advances.indices {
            if index == last && zeroesLast { continue }
            if clusters.isTab[index] {
                pen += shaper.tabAdvance(at: min(pen, available), rules: PangoRules.self)
            } else {
                pen += clusters.advances[index]
            }
        }
        return pen
    }

    /// Pango's min-content of `units`, which holds a tab: its widest line at
    /// width 0, each segment a line of its own with the white space after it
    /// (a segment of only spaces and tabs starts no line: it hangs on the
    /// line before, as the line fitter hangs it; `Hi \t ` is one line), as
    /// ``widestSegment(of:rules:)``; a line with a tab as
    /// ``pangoTabbedLineWidth(of:start:end:paragraph:available:)``.
    func pangoTabbedMinContent(of units: UTF16Text) -> Double {
        var widest = 0.0
        HardBreaks.forEachParagraph(in: units, rules: PangoRules.self, maximumLength: paragraphLimit) { paragraph in
            var line: (start: Int, end: Int, metrics: SegmentMetrics)?
            func measure(_ line: (start: Int, end: Int, metrics: SegmentMetrics)) {
                let (start, end, metrics) = line
                let endsParagraph = end == paragraph.upperBound
                if units[start..<end].contains(0x09) {
                    widest = max(widest, pangoTabbedLineWidth(
                        of: units, start: start, end: end, paragraph: paragraph, available: 0))
                    return
                }
                let hyphen = endsParagraph ? 0 : metrics.hyphenWidth
                let white = endsParagraph ? metrics.trailingWidth : 0
                let kept = pangoKeptLineEndSpacing(
                    in: units, start: start, end: end, paragraph: paragraph, wrapped: !endsParagraph)
                widest = max(widest, reportedWidth(metrics.width + hyphen + white + kept, rules: PangoRules.self))
            }
            forEachSegment(in: units, paragraph: paragraph, rules: PangoRules.self) { start, end, metrics in
                // (Before a hard break a white segment is not marked white:
                // its spaces count there.)
                if let current = line, units[start..<end].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    line = (current.start, end, current.metrics)
                } else {
                    if let line { measure(line) }
                    line = (start, end, metrics)
                }
                return true
            }
            if let line { measure(line) }
            return true
        }
        return widest
    }
}
