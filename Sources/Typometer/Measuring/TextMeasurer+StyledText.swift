extension TextMeasurer {
    /// Each line of the styled `text` at `width` points, up to the line
    /// limit: its range, advance width and height. The measurer's style is
    /// the block's; see ``StyledText``.
    /// - Throws: ``TypometerError`` for a run style that is not valid or
    ///   whose font cannot be loaded, or runs in more than
    ///   ``StyledText/maximumRunStyles`` distinct styles.
    public func lines(of text: StyledText, width: Double) throws(TypometerError) -> [MeasuredLine] {
        let string = text.string
        guard let layout = try styledLayout(of: text, width: deviceWidth(width)) else {
            return lines(of: string, width: width)
        }
        return pointLines(layout.map { line in
            let lower = String.Index(utf16Offset: line.start, in: string)
            let upper = String.Index(utf16Offset: line.end, in: string)
            return MeasuredLine(range: lower..<upper, utf16Range: line.start..<line.end, width: line.width,
                                height: line.height)
        })
    }

    /// The height in points of the styled `text` laid out at `width`
    /// points, under the block's line limit, line height and spacing. Edges
    /// as for ``height(of:width:)``.
    /// - Throws: as ``lines(of:width:)-(StyledText,_)``.
    public func height(of text: StyledText, width: Double) throws(TypometerError) -> Double {
        try lineCountAndHeight(of: text, width: width).height
    }

    /// The number of lines the styled `text` takes at `width` points, at
    /// most the line limit.
    /// - Throws: as ``lines(of:width:)-(StyledText,_)``.
    public func lineCount(of text: StyledText, width: Double) throws(TypometerError) -> Int {
        try lineCountAndHeight(of: text, width: width).lineCount
    }

    /// The line count and height of the styled `text` at `width` points.
    /// - Throws: as ``lines(of:width:)-(StyledText,_)``.
    public func lineCountAndHeight(of text: StyledText, width: Double) throws(TypometerError) -> (lineCount: Int, height: Double) {
        guard let (parts, measurers) = try styledParts(of: text) else {
            return lineCountAndHeight(of: text.string, width: width)
        }
        let totals = TextMeasurer.withUTF16(of: text) { units in
            pass.styledTotals(of: units, parts: parts, measurers: measurers, width: deviceWidth(width), in: self)
        }
        return (totals.count, points(totals.height))
    }

    /// The widest line's advance, the height and the line count of the
    /// styled `text` at `width` points (as ``size(of:width:)`` for a plain
    /// text; the widest line box takes a second layout under `.chromium`,
    /// so ask ``lineCountAndHeight(of:width:)-(StyledText,_)`` for heights).
    /// - Throws: as ``lines(of:width:)-(StyledText,_)``.
    public func size(of text: StyledText, width: Double) throws(TypometerError) -> TextSize {
        // Runs in one style are laid out as one part (unless the renderer
        // shapes them apart), but are items of their own in Chromium's line
        // boxes.
        guard let (runs, measurers) = try styledParts(of: text, merging: false) else {
            return size(of: text.string, width: width)
        }
        let width = deviceWidth(width)
        let parts: [StyledPart]
        let totals: LayoutTotals
        if let merged = try styledParts(of: text) {
            parts = merged.parts
            totals = TextMeasurer.withUTF16(of: text) { units in
                pass.styledTotals(of: units, parts: parts, measurers: measurers, width: width, in: self)
            }
        } else {
            parts = StyledPart.merging(runs)
            let measured = measured(text.string, width: width)
            totals = LayoutTotals(count: measured.lines, height: measured.height, widest: measured.widest)
        }
        let widest = TextMeasurer.withUTF16(of: text) { units in
            pass.styledWidestLineBox(
                of: units, runs: runs, parts: parts, measurers: measurers, width: width, widest: totals.widest, in: self)
        }
        return pointSize(TextSize(width: widest, height: totals.height, lineCount: totals.count))
    }

    /// CSS `min-content` of the styled `text`, in points: the widest piece
    /// no line breaks inside, each part measured in its style (as
    /// ``minContentWidth(of:)`` for a plain text).
    /// - Throws: as ``lines(of:width:)-(StyledText,_)``.
    public func minContentWidth(of text: StyledText) throws(TypometerError) -> Double {
        try contentWidth(of: text, minimum: true)
    }

    /// CSS `max-content` of the styled `text`, in points: its widest line
    /// unwrapped (as ``maxContentWidth(of:)`` for a plain text).
    /// - Throws: as ``lines(of:width:)-(StyledText,_)``.
    public func maxContentWidth(of text: StyledText) throws(TypometerError) -> Double {
        try contentWidth(of: text, minimum: false)
    }

    /// Each run is a part of its own: Chromium makes each span an item.
    private func contentWidth(of text: StyledText, minimum: Bool) throws(TypometerError) -> Double {
        guard let (parts, measurers) = try styledParts(of: text, merging: false) else {
            return minimum ? minContentWidth(of: text.string) : maxContentWidth(of: text.string)
        }
        return points(TextMeasurer.withUTF16(of: text) { units in
            pass.styledContentWidth(of: units, parts: parts, measurers: measurers, minimum: minimum, in: self)
        })
    }

    /// The measurer of a run in `style` (this measurer's style with the
    /// run's changes): this one when they change nothing.
    func runMeasurer(for style: RunStyle) throws(TypometerError) -> TextMeasurer {
        if style.changesNothing { return self }
        if let measurer = runMeasurers.measurer(for: style) { return measurer }
        let full = style.applied(to: self.style)
        // A run style that changes nothing is this measurer's own (not kept:
        // it would keep itself alive).
        if full == self.style { return self }
        let measurer = try TextMeasurer(style: full, fontSet: fontSet, cacheLimits: cacheLimits)
        runMeasurers.insert(measurer, for: style)
        return measurer
    }

    /// The lines of `text`, or `nil` when every run is in the block's own
    /// style (the plain text's layout then holds).
    private func styledLayout(of text: StyledText, width: Double) throws(TypometerError) -> [StyledLine]? {
        guard let (parts, measurers) = try styledParts(of: text) else { return nil }
        return TextMeasurer.withUTF16(of: text) { units in
            pass.styledLines(of: units, parts: parts, measurers: measurers, width: width, in: self)
        }
    }

    /// `text`'s parts (UTF-16 ranges of runs in one style, neighbours in the
    /// same style merged unless `merging` is false or the renderer shapes
    /// them apart, ``LayoutPass/shapesApart(_:_:)``) and their styles'
    /// measurers, this one first; `nil` when there is nothing to part: a
    /// single part.
    private func styledParts(
        of text: StyledText, merging: Bool = true
    ) throws(TypometerError) -> (parts: [StyledPart], measurers: [TextMeasurer])? {
        // The runs are read in place. Each distinct style is looked up
        // once a text (the measurers' cache may have let it go since), and
        // each measurer is numbered once.
        var numbering = RunStyleNumbering(block: self)
        var parts: [StyledPart] = []
        parts.reserveCapacity(text.runs.count)
        var offset = 0
        var previousRun: Int?
        let runs = text.runs
        for runIndex in runs.indices {
            let count = runs[runIndex].text.utf16.count
            guard count > 0 else { continue }
            let index: Int
            if runs[runIndex].style.changesNothing {
                index = 0
            } else if let known = numbering.index(ofStyleOf: runIndex, in: runs) {
                index = known
            } else {
                guard numbering.styleCount < StyledText.maximumRunStyles else {
                    throw TypometerError.tooManyRunStyles(limit: StyledText.maximumRunStyles)
                }
                index = numbering.add(
                    styleOf: runIndex, in: runs, measurer: try runMeasurer(for: runs[runIndex].style))
            }
            if merging, let last = parts.last, last.measurer == index,
               let previousRun, !pass.shapesApart(runs[previousRun].style, runs[runIndex].style) {
                parts[parts.count - 1] = StyledPart(range: last.range.lowerBound..<offset + count, measurer: index)
            } else {
                parts.append(StyledPart(range: offset..<offset + count, measurer: index))
            }
            offset += count
            previousRun = runIndex
        }
        // Runs in the block's style still part the text when unmerged or
        // shaped apart.
        let measurers = numbering.measurers
        guard measurers.count > 1 || parts.count > 1 else { return nil }
        return (parts, measurers)
    }

    /// Calls `body` with the UTF-16 code units of every run of `text` in
    /// order, in temporary storage, transcoded from each run's UTF-8.
    static func withUTF16<Result>(of text: StyledText, _ body: (UTF16Text) -> Result) -> Result {
        let capacity = text.runs.reduce(0) { $0 + $1.text.utf8.count }
        return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: max(capacity, 1)) { buffer in
            var count = 0
            for run in text.runs {
                var piece = run.text
                count += piece.withUTF8 { bytes in
                    UTF16Transcoding.transcode(bytes, into: UnsafeMutableBufferPointer(rebasing: buffer[count...]))
                }
            }
            return body(UTF16Text(UnsafeBufferPointer(rebasing: buffer[0..<count])))
        }
    }
}
