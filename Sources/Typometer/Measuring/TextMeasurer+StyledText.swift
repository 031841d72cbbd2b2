extension TextMeasurer {
    /// Each line of the styled `text` at `width` points, up to the line
    /// limit: its range, advance width and height. The measurer's style is
    /// the block's; see ``StyledText``.
    /// - Throws: ``TypometerError`` for a run style that is not valid or
    ///   whose font cannot be loaded.
    public func lines(of text: StyledText, width: Double) throws -> [MeasuredLine] {
        let string = text.string
        guard let layout = try styledLayout(of: text, width: width) else { return lines(of: string, width: width) }
        return layout.map { line in
            let lower = String.Index(utf16Offset: line.start, in: string)
            let upper = String.Index(utf16Offset: line.end, in: string)
            return MeasuredLine(range: lower..<upper, utf16Range: line.start..<line.end, width: line.width,
                                height: line.height)
        }
    }

    /// The height in points of the styled `text` laid out at `width`
    /// points, under the block's line limit, line height and spacing. Edges
    /// as for ``height(of:width:)``.
    /// - Throws: as ``lines(of:width:)-(StyledText,_)``.
    public func height(of text: StyledText, width: Double) throws -> Double {
        try lineCountAndHeight(of: text, width: width).height
    }

    /// The number of lines the styled `text` takes at `width` points, at
    /// most the line limit.
    /// - Throws: as ``lines(of:width:)-(StyledText,_)``.
    public func lineCount(of text: StyledText, width: Double) throws -> Int {
        try lineCountAndHeight(of: text, width: width).lineCount
    }

    /// The line count and height of the styled `text` at `width` points.
    /// - Throws: as ``lines(of:width:)-(StyledText,_)``.
    public func lineCountAndHeight(of text: StyledText, width: Double) throws -> (lineCount: Int, height: Double) {
        guard let layout = try styledLayout(of: text, width: width) else {
            return lineCountAndHeight(of: text.string, width: width)
        }
        let height = layout.reduce(0) { $0 + $1.height } + Double(max(0, layout.count - 1)) * style.lineSpacing
        return (layout.count, height)
    }

    /// The widest line's advance, the height and the line count of the
    /// styled `text` at `width` points (as ``size(of:width:)`` for a plain
    /// text; line widths do not count the spaces that end a paragraph).
    /// - Throws: as ``lines(of:width:)-(StyledText,_)``.
    public func size(of text: StyledText, width: Double) throws -> TextSize {
        guard let layout = try styledLayout(of: text, width: width) else { return size(of: text.string, width: width) }
        let height = layout.reduce(0) { $0 + $1.height } + Double(max(0, layout.count - 1)) * style.lineSpacing
        return TextSize(width: layout.map(\.reportedWidth).max() ?? 0, height: height, lineCount: layout.count)
    }

    /// The measurer of a run in `style`: this one for the block's own.
    func runMeasurer(for style: TextStyle) throws -> TextMeasurer {
        if style == self.style { return self }
        if let measurer = runMeasurers.value(for: style) { return measurer }
        let measurer = try TextMeasurer(style: style, fontSet: fontSet, cacheLimits: cacheLimits)
        runMeasurers.insert(measurer, for: style)
        return measurer
    }

    /// The lines of `text`, or `nil` when every run is in the block's own
    /// style (the plain text's layout then holds).
    private func styledLayout(of text: StyledText, width: Double) throws -> [StyledLine]? {
        var measurers: [TextMeasurer] = [self]
        var parts: [StyledPart] = []
        var offset = 0
        for run in text.runs {
            let count = run.text.utf16.count
            guard count > 0 else { continue }
            let measurer = try runMeasurer(for: run.style.applied(to: style))
            let index = measurers.firstIndex { $0 === measurer } ?? {
                measurers.append(measurer)
                return measurers.count - 1
            }()
            if let last = parts.last, last.measurer == index {
                parts[parts.count - 1] = StyledPart(range: last.range.lowerBound..<offset + count, measurer: index)
            } else {
                parts.append(StyledPart(range: offset..<offset + count, measurer: index))
            }
            offset += count
        }
        guard measurers.count > 1 else { return nil }
        return TextMeasurer.withUTF16(of: text.string) { units in
            pass.styledLines(of: units, parts: parts, measurers: measurers, width: width, in: self)
        }
    }
}
