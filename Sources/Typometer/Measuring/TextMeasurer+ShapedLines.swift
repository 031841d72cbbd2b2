extension TextMeasurer {
    /// Each line of `text` at `width` points, up to the line limit, with the
    /// glyphs to draw it as the profile's renderer would: the lines
    /// ``lines(of:width:)`` gives, each grapheme cluster in the face the
    /// measuring chose for it (no second fallback), runs of one face, script
    /// and bidi level shaped with HarfBuzz and put in visual order by
    /// UAX #9 (ICU).
    ///
    /// Spaces that hang past a line's end are left out of its runs, and a
    /// hyphen drawn at a soft hyphen ending a line is a run of its own, so a
    /// line's runs advance by its ``ShapedLine/width``.
    ///
    /// Edges as for ``lines(of:width:)``: empty text has no lines under
    /// `.chromium` and one empty line under `.pango`; an empty line has no
    /// runs.
    ///
    /// - Complexity: lays the text out and then shapes each line again, a
    ///   few times the cost of ``lines(of:width:)``, and caches nothing:
    ///   meant for drawing, not for measuring many texts.
    ///
    /// Safe to call from any thread.
    public func shapedLines(of text: String, width: Double) -> [ShapedLine] {
        pointLines(shapedLines(of: text, width: deviceWidth(width), rules: style.profile.rules))
    }

    private func shapedLines<Rules: MeasuringRules>(
        of text: String, width: Double, rules: Rules.Type
    ) -> [ShapedLine] {
        let units = Array(text.utf16)
        return units.withUTF16Text { units in
            // The same layout as `lines(of:width:)`, keeping each line's faces.
            var collector = LineCollector<Rules>(heights: lineHeights, limit: style.lineLimit)
            layOut(units, width: width, into: &collector, rules: Rules.self)
            guard let lastEnd = collector.lines.last?.end else { return [] }
            var paragraphs: [Range<Int>] = []
            HardBreaks.forEachParagraph(in: units, rules: Rules.self, maximumLength: paragraphLimit) { paragraph in
                paragraphs.append(paragraph)
                return paragraph.upperBound < lastEnd
            }
            var shaped: [ShapedLine] = []
            shaped.reserveCapacity(collector.lines.count)
            var index = 0
            var builder: ShapedLineBuilder<Rules>?
            for line in collector.lines {
                // Lines come in order; each lies inside one paragraph.
                while index < paragraphs.count - 1,
                      !(paragraphs[index].lowerBound <= line.start && line.end <= paragraphs[index].upperBound) {
                    index += 1
                }
                if builder?.paragraph != paragraphs[index] {
                    builder = ShapedLineBuilder(measurer: self, units: units, paragraph: paragraphs[index])
                }
                shaped.append(builder!.line(
                    line.start..<line.end, width: line.width, height: line.height, faceMask: line.faceMask))
            }
            return shaped
        }
    }
}
