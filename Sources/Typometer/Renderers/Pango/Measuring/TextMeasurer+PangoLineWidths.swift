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

    /// The widest of `lines` of `units` (each with its advance, and whether
    /// Pango ellipsized it: that line is as wide as the layout, its
    /// `reported` width), as Pango reports them; `style` as for
    /// ``pangoLineWidth(of:start:end:advance:paragraph:style:)``.
    func pangoWidestLine(
        of units: UTF16Text, lines: [(start: Int, end: Int, advance: Double, reported: Double, isRevised: Bool)],
        style: (Int) -> TextMeasurer
    ) -> Double {
        var widest = 0.0
        var index = 0
        HardBreaks.forEachParagraph(in: units, rules: PangoRules.self, maximumLength: paragraphLimit) { paragraph in
            while index < lines.count, lines[index].start <= paragraph.upperBound {
                let line = lines[index]
                // An empty paragraph's line starts where it ends; a line
                // ends at most at its paragraph's end.
                guard line.start >= paragraph.lowerBound, line.end <= paragraph.upperBound else { break }
                widest = max(widest, line.isRevised ? line.reported : pangoLineWidth(
                    of: units, start: line.start, end: line.end, advance: line.advance, paragraph: paragraph,
                    style: style))
                index += 1
            }
            return index < lines.count
        }
        return widest
    }
}
