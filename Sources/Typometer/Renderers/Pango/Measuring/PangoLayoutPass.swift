/// The layout pass under ``PangoRules``.
///
/// A Pango line's logical width is its advance, but for letter spacing:
/// Pango takes the outer halves off the runs at a line's two ends and keeps
/// some of them (``TextMeasurer/pangoLineWidth(of:start:end:advance:paragraph:style:)``).
/// Where that can differ from the block's spacing dropped at each end (a
/// styled text with letter spacing in a run, a letter-spaced text beyond
/// Latin), the widest line is found line by line; else it is the layout's
/// widest advance as reported.
struct PangoLayoutPass: RulesLayoutPass {
    typealias Rules = PangoRules

    func widestLineBox(of text: String, width: Double, widest: Double, in measurer: TextMeasurer) -> Double {
        let hasTab = Self.hasTab(text)
        guard measurer.lineEdgeSpacing != 0 || hasTab else { return widest }
        return TextMeasurer.withUTF16(of: text) { units in
            guard hasTab || Self.mayKeepLineEndSpacing(units) else { return widest }
            var collector = LineCollector<Rules>(heights: measurer.lineHeights, limit: measurer.style.lineLimit)
            measurer.layOut(units, width: width, into: &collector, rules: Rules.self)
            return widestLine(of: units, lines: collector, width: width, in: measurer)
        }
    }

    func widestLineBox(of prepared: PreparedStorage, width: Double, widest: Double, in measurer: TextMeasurer) -> Double {
        // A segment with a tab is among the prepared text's unusual ones.
        let hasTab = !prepared.unusual.isEmpty && prepared.unusual.values.contains { $0.hasTab }
        guard measurer.lineEdgeSpacing != 0 || hasTab else { return widest }
        return TextMeasurer.withUTF16(of: prepared.text) { units in
            guard hasTab || Self.mayKeepLineEndSpacing(units) else { return widest }
            var collector = LineCollector<Rules>(heights: measurer.lineHeights, limit: measurer.style.lineLimit)
            measurer.layOut(prepared, width: width, into: &collector, rules: Rules.self)
            return widestLine(of: units, lines: collector, width: width, in: measurer)
        }
    }

    /// Whether `text` holds a tab, whose width Pango measures from the
    /// lesser of the pen and the layout's width (``TextMeasurer/pangoTabbedLineWidth(of:start:end:paragraph:available:)``).
    private static func hasTab(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { $0.contains(0x09) }
    }

    func styledWidestLineBox(
        of units: UTF16Text, runs: [StyledPart], parts: [StyledPart], measurers: [TextMeasurer], width: Double,
        widest: Double, in measurer: TextMeasurer
    ) -> Double {
        guard measurers.contains(where: { $0.lineEdgeSpacing != 0 }) else { return widest }
        let lines = measurer.styledLines(of: units, parts: parts, measurers: measurers, width: width, rules: Rules.self)
        var part = 0
        func style(at offset: Int) -> TextMeasurer {
            while part > 0, parts[part].range.lowerBound > offset { part -= 1 }
            while part + 1 < parts.count, parts[part].range.upperBound <= offset { part += 1 }
            return measurers[parts[part].measurer]
        }
        return measurer.pangoWidestLine(
            of: units,
            lines: lines.map { line in
                // The advance before the block's spacing came off the line.
                let advance = line.width > 0 ? line.width + measurer.lineEdgeSpacing : line.width
                guard let ellipsis = line.ellipsisStyle else {
                    return (line.start, line.end, advance, line.reportedWidth, false)
                }
                // Pango widens the ellipsis to fill the layout's width (the
                // line's reported width), then takes the outer halves off the
                // line's ends: the left off the run the line starts with, the
                // right off the ellipsis's.
                let reported = line.reportedWidth - style(at: line.start).lineLeftEdgeSpacing
                    - (measurers[ellipsis].lineEdgeSpacing - measurers[ellipsis].lineLeftEdgeSpacing)
                return (line.start, line.end, advance, reported, true)
            },
            available: LineFitter<Rules>(width: width).available, style: style(at:))
    }

    /// Pango ends an item wherever an attribute that itemizes starts or
    /// ends (`itemize_state_process_run`: a font's family, size, weight or
    /// style, letter spacing), even one that changes nothing, and shapes
    /// each item alone: `T` and `o` in runs of their own lose their kerning
    /// (1.35 pt at Inter 17 pt). Font features do not part items.
    func shapesApart(_ before: RunStyle, _ after: RunStyle) -> Bool {
        before.setsItemizingAttribute || after.setsItemizingAttribute
    }

    /// Whether a text in one letter-spaced style can have a line that keeps
    /// some of the spacing its ends drop: a mark in a cluster of its own, or
    /// a trailing space at another bidi level or in another face, needs a
    /// character beyond Latin's.
    private static func mayKeepLineEndSpacing(_ units: UTF16Text) -> Bool {
        units.contains { $0 >= 0x300 }
    }

    private func widestLine(of units: UTF16Text, lines: LineCollector<Rules>, width: Double, in measurer: TextMeasurer)
        -> Double
    {
        let count = lines.lines.count
        return measurer.pangoWidestLine(
            of: units,
            lines: lines.lines.enumerated().map { index, line in
                (line.start, line.end, line.width, measurer.reportedWidth(line.width, rules: Rules.self),
                 lines.revisedLastLine && index == count - 1)
            },
            available: LineFitter<Rules>(width: width).available, style: { _ in measurer })
    }
}

extension RunStyle {
    /// Whether the run sets an attribute Pango itemizes by (its `pango_attr_*`
    /// starts and ends an item): a font, size, weight, slant or letter spacing.
    fileprivate var setsItemizingAttribute: Bool {
        font != nil || size != nil || weight != nil || italic != nil || letterSpacing != nil
    }
}
