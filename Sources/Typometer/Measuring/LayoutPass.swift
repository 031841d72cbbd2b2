/// A measurer's layout pass under one renderer's rules: the measurer picks
/// it once, and every call goes through it into code specialised for the
/// renderer, its decisions constants (see ``RulesLayoutPass``).
protocol LayoutPass: Sendable {
    /// Line count, height and widest line of `text` at `width`.
    func totals(of text: String, width: Double, in measurer: TextMeasurer) -> LayoutTotals
    /// Line count, height and widest line of a text `measurer` prepared, at `width`.
    func totals(of prepared: PreparedStorage, width: Double, in measurer: TextMeasurer) -> LayoutTotals
    /// CSS `min-content` (`minimum`) or `max-content` of `text`
    /// (``MeasuringRules/contentWidth(of:minimum:measurer:)``).
    func contentWidth(of text: String, minimum: Bool, in measurer: TextMeasurer) -> Double
    /// The same of a styled text (``MeasuringRules/styledContentWidth(of:parts:measurers:minimum:measurer:)``).
    func styledContentWidth(
        of units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer], minimum: Bool, in measurer: TextMeasurer
    ) -> Double
    /// The widest line box of `text` at `width`, up to the line limit, as
    /// the renderer sizes it (``MeasuringRules/widestLineBox(of:parts:measurers:lines:measurer:)``);
    /// `widest` is its widest advance as reported, the answer for most texts.
    func widestLineBox(of text: String, width: Double, widest: Double, in measurer: TextMeasurer) -> Double
    /// The same of a text `measurer` prepared.
    func widestLineBox(of prepared: PreparedStorage, width: Double, widest: Double, in measurer: TextMeasurer) -> Double
    /// The same of a styled text: `runs` (one part a span) and `parts`
    /// (neighbouring spans in one style merged, as it is laid out) of `units`.
    func styledWidestLineBox(
        of units: UTF16Text, runs: [StyledPart], parts: [StyledPart], measurers: [TextMeasurer], width: Double,
        widest: Double, in measurer: TextMeasurer
    ) -> Double
    /// Whether the renderer shapes apart two neighbouring runs whose styles
    /// differ by `before` and `after` from the block's, even where both come
    /// to the same style (Pango: an attribute's run is an item of its own).
    func shapesApart(_ before: RunStyle, _ after: RunStyle) -> Bool
    /// The lines of `text` at `width`, up to the line limit.
    func lines(of text: String, width: Double, in measurer: TextMeasurer) -> [MeasuredLine]
    /// The lines of a text `measurer` prepared, at `width`.
    func lines(of prepared: PreparedStorage, width: Double, in measurer: TextMeasurer) -> [MeasuredLine]
    /// `text` analysed once: its paragraphs and its segments' advances.
    func prepare(_ text: String, in measurer: TextMeasurer) -> PreparedStorage
    /// The lines of a styled text (see ``TextMeasurer/styledLines(of:parts:measurers:width:rules:)``).
    func styledLines(
        of units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer], width: Double, in measurer: TextMeasurer
    ) -> [StyledLine]
    /// The totals of a styled text (see ``TextMeasurer/styledTotals(of:parts:measurers:width:rules:)``).
    func styledTotals(
        of units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer], width: Double, in measurer: TextMeasurer
    ) -> LayoutTotals
}

/// A layout pass whose renderer is named by its `Rules`. A renderer's pass
/// is a concrete type that names its rules (`struct ChromiumLayoutPass:
/// RulesLayoutPass { typealias Rules = ChromiumRules }`): its conformance is
/// then these methods specialised for the rules. (A pass generic over the
/// rules would run unspecialised code: its witnesses are generic.)
protocol RulesLayoutPass: LayoutPass {
    associatedtype Rules: MeasuringRules
}

extension RulesLayoutPass {
    func totals(of text: String, width: Double, in measurer: TextMeasurer) -> LayoutTotals {
        var totals = measurer.makeTotals(Rules.self)
        TextMeasurer.withUTF16(of: text) { units in
            measurer.layOut(units, width: width, into: &totals, rules: Rules.self)
        }
        return LayoutTotals(count: totals.count, height: totals.height, widest: measurer.reportedWidth(totals.widest, rules: Rules.self))
    }

    func totals(of prepared: PreparedStorage, width: Double, in measurer: TextMeasurer) -> LayoutTotals {
        var totals = measurer.makeTotals(Rules.self)
        measurer.layOut(prepared, width: width, into: &totals, rules: Rules.self)
        return LayoutTotals(count: totals.count, height: totals.height, widest: measurer.reportedWidth(totals.widest, rules: Rules.self))
    }

    func contentWidth(of text: String, minimum: Bool, in measurer: TextMeasurer) -> Double {
        TextMeasurer.withUTF16(of: text) { Rules.contentWidth(of: $0, minimum: minimum, measurer: measurer) }
    }

    func styledContentWidth(
        of units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer], minimum: Bool, in measurer: TextMeasurer
    ) -> Double {
        Rules.styledContentWidth(of: units, parts: parts, measurers: measurers, minimum: minimum, measurer: measurer)
    }

    func widestLineBox(of text: String, width: Double, widest: Double, in measurer: TextMeasurer) -> Double {
        TextMeasurer.withUTF16(of: text) { units in
            guard Rules.linesHaveBoxes(units, runs: 1) else { return widest }
            var collector = LineCollector<Rules>(heights: measurer.lineHeights, limit: measurer.style.lineLimit)
            measurer.layOut(units, width: width, into: &collector, rules: Rules.self)
            return widestBox(of: units, lines: collector, in: measurer)
        }
    }

    func widestLineBox(of prepared: PreparedStorage, width: Double, widest: Double, in measurer: TextMeasurer) -> Double {
        TextMeasurer.withUTF16(of: prepared.text) { units in
            guard Rules.linesHaveBoxes(units, runs: 1) else { return widest }
            var collector = LineCollector<Rules>(heights: measurer.lineHeights, limit: measurer.style.lineLimit)
            measurer.layOut(prepared, width: width, into: &collector, rules: Rules.self)
            return widestBox(of: units, lines: collector, in: measurer)
        }
    }

    private func widestBox(of units: UTF16Text, lines: LineCollector<Rules>, in measurer: TextMeasurer) -> Double {
        Rules.widestLineBox(
            of: units, parts: [StyledPart(range: 0..<units.count, measurer: 0)], measurers: [measurer],
            lines: lines.lines.map { ($0.start, $0.end, $0.width) }, measurer: measurer)
    }

    func styledWidestLineBox(
        of units: UTF16Text, runs: [StyledPart], parts: [StyledPart], measurers: [TextMeasurer], width: Double,
        widest: Double, in measurer: TextMeasurer
    ) -> Double {
        guard Rules.linesHaveBoxes(units, runs: runs.count) else { return widest }
        let lines = measurer.styledLines(of: units, parts: parts, measurers: measurers, width: width, rules: Rules.self)
        return Rules.widestLineBox(
            of: units, parts: runs, measurers: measurers, lines: lines.map { ($0.start, $0.end, $0.width) }, measurer: measurer)
    }

    func shapesApart(_ before: RunStyle, _ after: RunStyle) -> Bool { false }

    func lines(of text: String, width: Double, in measurer: TextMeasurer) -> [MeasuredLine] {
        var collector = LineCollector<Rules>(heights: measurer.lineHeights, limit: measurer.style.lineLimit)
        TextMeasurer.withUTF16(of: text) { units in
            measurer.layOut(units, width: width, into: &collector, rules: Rules.self)
        }
        return measurer.makeLines(collector, text: text)
    }

    func lines(of prepared: PreparedStorage, width: Double, in measurer: TextMeasurer) -> [MeasuredLine] {
        var collector = LineCollector<Rules>(heights: measurer.lineHeights, limit: measurer.style.lineLimit)
        measurer.layOut(prepared, width: width, into: &collector, rules: Rules.self)
        return measurer.makeLines(collector, text: prepared.text)
    }

    func prepare(_ text: String, in measurer: TextMeasurer) -> PreparedStorage {
        measurer.prepareStorage(text, rules: Rules.self)
    }

    func styledLines(
        of units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer], width: Double, in measurer: TextMeasurer
    ) -> [StyledLine] {
        measurer.styledLines(of: units, parts: parts, measurers: measurers, width: width, rules: Rules.self)
    }

    func styledTotals(
        of units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer], width: Double, in measurer: TextMeasurer
    ) -> LayoutTotals {
        measurer.styledTotals(of: units, parts: parts, measurers: measurers, width: width, rules: Rules.self)
    }
}

/// What laying a text out at a width gives: its line count, its height
/// and its widest line's advance (trailing spaces hang), in points.
struct LayoutTotals {
    var count: Int
    var height: Double
    var widest: Double
}

extension TextMeasurer {
    /// A sink that counts lines and adds up their heights under the style.
    func makeTotals<Rules: MeasuringRules>(_ rules: Rules.Type) -> LineTotals<Rules> {
        LineTotals(heights: lineHeights, limit: style.lineLimit, lineSpacing: deviceStyle.lineSpacing)
    }
}
