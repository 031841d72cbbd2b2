/// A line of a styled text: where it starts and ends (UTF-16 offsets), its
/// content's advance (``MeasuredLine/width``) and that width as the
/// renderer reports it, and its height, in points; and when the renderer
/// revised it as the last line the limit keeps (Pango's ellipsized line),
/// the style its ellipsis is drawn in (an index into the layout's measurers).
struct StyledLine {
    let start: Int
    let end: Int
    let width: Double
    let reportedWidth: Double
    let height: Double
    var ellipsisStyle: Int?
}

extension TextMeasurer {
    /// Whether a styled text in the styles of `measurers` can be laid out
    /// by the plain pass (``StyledRunsAdjuster``): every style at the
    /// block's size, lines of normal height, and no clamp a renderer revises.
    func sharesPlainPass<Rules: MeasuringRules>(_ measurers: [TextMeasurer], rules: Rules.Type) -> Bool {
        registry.lineHeight == .normal && !(Rules.traits.revisesClampedLines && style.lineLimit != nil)
            && measurers.allSatisfy { $0.registry.size == registry.size }
    }

    /// The line count, height and widest line of the styled text `units`
    /// (as ``styledLines(of:parts:measurers:width:rules:)``).
    func styledTotals<Rules: MeasuringRules>(
        of units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer], width: Double, rules: Rules.Type
    ) -> LayoutTotals {
        if sharesPlainPass(measurers, rules: Rules.self) {
            var adjuster = StyledRunsAdjuster<Rules>(units: units, parts: parts, measurers: measurers, registry: registry)
            var totals = makeTotals(Rules.self)
            layOut(units, width: width, into: &totals, rules: Rules.self, adjusting: &adjuster)
            if !adjuster.insideWasAsked {
                return LayoutTotals(
                    count: totals.count, height: totals.height, widest: reportedWidth(totals.widest, rules: Rules.self))
            }
        }
        let lines = generalStyledLines(of: units, parts: parts, measurers: measurers, width: width, rules: Rules.self)
        return LayoutTotals(
            count: lines.count,
            height: lines.reduce(0) { $0 + $1.height } + Double(max(0, lines.count - 1)) * deviceStyle.lineSpacing,
            widest: lines.map(\.reportedWidth).max() ?? 0)
    }

    /// Lays out the styled text `units`, made of `parts`, whose styles'
    /// measurers are `measurers` (`self` first), at `width`: its lines up to
    /// the line limit. Runs all at the block's size go through the plain
    /// pass (``StyledRunsAdjuster``); the others, or a word of another style
    /// broken inside, the general way
    /// (``generalStyledLines(of:parts:measurers:width:rules:)``).
    func styledLines<Rules: MeasuringRules>(
        of units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer], width: Double, rules: Rules.Type
    ) -> [StyledLine] {
        // All runs at the block's size: the plain pass, its segments
        // measured in their styles.
        if sharesPlainPass(measurers, rules: Rules.self) {
            var adjuster = StyledRunsAdjuster<Rules>(units: units, parts: parts, measurers: measurers, registry: registry)
            var collector = LineCollector<Rules>(heights: lineHeights, limit: style.lineLimit)
            layOut(units, width: width, into: &collector, rules: Rules.self, adjusting: &adjuster)
            if !adjuster.insideWasAsked {
                var lines = collector.lines.map { line in
                    StyledLine(
                        start: line.start, end: line.end, width: line.width > 0 ? line.width - lineEdgeSpacing : line.width,
                        reportedWidth: reportedWidth(line.width, rules: Rules.self), height: line.height)
                }
                if collector.revisedLastLine { lines[lines.count - 1].ellipsisStyle = 0 }
                return lines
            }
        }
        return generalStyledLines(of: units, parts: parts, measurers: measurers, width: width, rules: Rules.self)
    }

    /// The lines of the styled text `units` (as
    /// ``styledLines(of:parts:measurers:width:rules:)``), laid out the
    /// general way, whatever the sizes of its styles.
    ///
    /// Break opportunities are the block's, found over the whole text (a
    /// run boundary inside a word is none). Each piece of a segment in one
    /// style is measured by that style's measurer on its own (both
    /// renderers shape apart runs whose font differs); a segment wider than
    /// a line is broken between grapheme clusters at their advances; a
    /// line's height unites the boxes of the styles on it
    /// (``LineHeightRules/lineHeight(ofRuns:block:ellipsis:)``).
    private func generalStyledLines<Rules: MeasuringRules>(
        of units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer], width: Double, rules: Rules.Type
    ) -> [StyledLine] {
        let available = LineFitter<Rules>(width: width).available
        let limit = style.lineLimit ?? Int.max
        let faces = StyledFaces()
        var lines: [StyledLine] = []
        lines.reserveCapacity(min(limit, units.count / 16 + 1))
        /// Where the text the line limit leaves out of the first paragraph
        /// starts, and where the pen stood on the last line kept (its
        /// trailing spaces included).
        var cut: (at: Int, pen: Double, paragraphEnd: Int)?

        /// Each style's box for its faces on a line and the line's first
        /// run, remembered: most lines of a text share them.
        var known: [(measurer: Int, mask: UInt64, leadBits: UInt64, leadMeasurer: Int,
                     box: (above: Double, below: Double))] = []
        func box(measurer: Int, mask: UInt64, lead: (bits: UInt64, measurer: Int)) -> (above: Double, below: Double) {
            let leadMeasurer = lead.bits == 0 ? -1 : lead.measurer
            for entry in known where entry.measurer == measurer && entry.mask == mask && entry.leadBits == lead.bits
                && entry.leadMeasurer == leadMeasurer {
                return entry.box
            }
            let box = Rules.runExtents(
                ofFaces: mask, in: measurers[measurer].registry,
                lead: (lead.bits, measurers[lead.measurer].registry))
            if known.count < 32 { known.append((measurer, mask, lead.bits, leadMeasurer, box)) }
            return box
        }
        /// The boxes of the styles on the line being ended (kept for the
        /// last line, where a renderer may add its ellipsis).
        var lastExtents: [(above: Double, below: Double)] = []
        /// The first part that ends after the line being ended starts (lines
        /// come in order), and the last line each measurer's box was taken
        /// for, so that a line takes each style once.
        var firstPartOnLine = 0
        var lineOfMeasurer = [Int](filled: -1, count: measurers.count)
        /// The boxes of the styles of the parts the line `start..<end` holds.
        func collectExtents(start: Int, end: Int, mask: UInt64, lead: (bits: UInt64, measurer: Int)) {
            lastExtents.removeAll(keepingCapacity: true)
            while firstPartOnLine < parts.count, parts[firstPartOnLine].range.upperBound <= start { firstPartOnLine += 1 }
            var index = firstPartOnLine
            while index < parts.count, parts[index].range.lowerBound < end {
                let measurer = parts[index].measurer
                index += 1
                guard lineOfMeasurer[measurer] != lines.count else { continue }
                lineOfMeasurer[measurer] = lines.count
                lastExtents.append(box(measurer: measurer, mask: faces.localMask(of: mask, measurer: measurer), lead: lead))
            }
        }

        var segments: [StyledSegment] = []
        var segmenter = StyledSegmenter<Rules, StyledFaces>(units: units, parts: parts, measurers: measurers, faces: faces)
        HardBreaks.forEachParagraph(in: units, rules: Rules.self, maximumLength: paragraphLimit) { paragraph in
            var lineStart = paragraph.lowerBound
            var advance = 0.0
            var contentWidth = 0.0
            var trailingHyphen = 0.0
            var mask: UInt64 = 0
            var hasContent = false
            var lead: (bits: UInt64, measurer: Int) = (0, 0)

            func emit(end: Int, width: Double, extentsEnd: Int? = nil) -> Bool {
                collectExtents(start: lineStart, end: extentsEnd ?? end, mask: mask, lead: lead)
                lines.append(StyledLine(
                    start: lineStart, end: end, width: width > 0 ? width - lineEdgeSpacing : width,
                    reportedWidth: reportedWidth(width, rules: Rules.self),
                    height: Rules.lineHeight(ofRuns: lastExtents, block: registry, ellipsis: false)))
                lineStart = end
                advance = 0
                contentWidth = 0
                trailingHyphen = 0
                mask = 0
                hasContent = false
                lead = (0, 0)
                return lines.count < limit
            }
            func append(_ segment: StyledSegment) {
                let metrics = segment.metrics
                if !hasContent { lead = segment.lead }
                contentWidth = advance + metrics.width + metrics.hyphenWidth + metrics.endExtra
                trailingHyphen = metrics.hyphenWidth
                advance += metrics.width + metrics.trailingWidth
                mask |= metrics.faceMask
                hasContent = true
            }
            func fits(_ width: Double) -> Bool { LineFitter<Rules>.fits(width, within: available) }

            segments.removeAll(keepingCapacity: true)
            segmenter.begin(paragraph: paragraph)
            forEachSegment(in: units, paragraph: paragraph, rules: Rules.self) { start, end, metrics in
                segments.append(segmenter.segment(start: start, end: end, metrics: metrics))
                return true
            }
            for segment in segments {
                let metrics = segment.metrics
                if hasContent, Rules.traits.whiteSegmentsHang, metrics.isWhite {
                    let width = contentWidth
                    append(segment)
                    contentWidth = width
                    continue
                }
                if hasContent {
                    if fits(advance + metrics.width + metrics.hyphenWidth + metrics.endExtra) {
                        append(segment)
                        continue
                    }
                    let pen = advance
                    guard emit(end: segment.start, width: contentWidth) else {
                        if paragraph.lowerBound == 0 { cut = (segment.start, pen, paragraph.upperBound) }
                        return false
                    }
                }
                if fits(metrics.startExtra + metrics.width + metrics.hyphenWidth + metrics.endExtra) {
                    advance = metrics.startExtra
                    append(segment)
                    continue
                }
                // Wider than a line: grapheme clusters, at least one a line.
                var partIndex = parts.firstPart(endingAfter: segment.start)
                while partIndex < parts.count, parts[partIndex].range.lowerBound < segment.end {
                    let part = parts[partIndex]
                    partIndex += 1
                    let range = max(part.range.lowerBound, segment.start)..<min(part.range.upperBound, segment.end)
                    let measurer = measurers[part.measurer]
                    let interior = measurer.interior(
                        of: units, range: range, paragraph: range,
                        base: Rules.baseLevel(of: units, paragraph: paragraph), rules: Rules.self)
                    let clusters = interior.clusters
                    // The line's piece of this part: its first cluster and
                    // the pen there. A piece cut off inside the word is
                    // measured shaped alone, as the renderers reshape it.
                    var pieceFirst = 0
                    var pieceAdvance = advance
                    var pieceHasContent = false
                    for index in clusters.offsets.indices {
                        let clusterStart = range.lowerBound + clusters.offsets[index]
                        let advanceWidth = clusters.advances[index]
                        let bits = faces.bits(for: clusters.faceBits[index], measurer: part.measurer)
                        if clusters.isSpace[index] {
                            advance += advanceWidth
                        } else {
                            if hasContent, !fits(advance + advanceWidth) {
                                let pen = advance
                                if pieceHasContent, contentWidth == advance, index > pieceFirst {
                                    contentWidth = pieceAdvance + interior.metrics(ofClusters: pieceFirst..<index).width
                                }
                                guard emit(end: clusterStart, width: contentWidth) else {
                                    if paragraph.lowerBound == 0 { cut = (clusterStart, pen, paragraph.upperBound) }
                                                return false
                                }
                                pieceFirst = index
                                pieceAdvance = 0
                                pieceHasContent = false
                            }
                            pieceHasContent = true
                            if !hasContent { lead = (clusters.lineStartBits(at: index), part.measurer) }
                            advance += advanceWidth
                            contentWidth = advance
                        }
                        mask |= bits
                        hasContent = true
                    }
                    // The rest of a part a line starts inside of.
                    if pieceFirst > 0, pieceHasContent {
                        let piece = interior.metrics(ofClusters: pieceFirst..<clusters.offsets.count)
                        contentWidth = pieceAdvance + piece.width
                        advance = contentWidth + piece.trailingWidth
                    }
                }
                trailingHyphen = 0
            }
            // The hard break that ends the paragraph (one code unit: `\n`,
            // or the `\r` of `\r\n`) may lend its run's box to the line.
            let breakEnd = Rules.traits.hardBreakLendsItsRunsBox && paragraph.upperBound < units.count
                ? paragraph.upperBound + 1 : paragraph.upperBound
            guard emit(end: paragraph.upperBound, width: contentWidth - trailingHyphen, extentsEnd: breakEnd)
            else { return false }
            return true
        }
        // A renderer that ends a line cut short by the limit with an
        // ellipsis (Pango, in the first paragraph) draws it in the style of
        // the first character it leaves out (`shape_ellipsis`: the
        // attributes at the gap's start), that style's primary face: the
        // last line takes in its box. Pango keeps the graphemes of the rest
        // of the paragraph that fit with the ellipsis, and the line's
        // trailing spaces when the ellipsis fits after them: the style after
        // the cut then, else the style before the spaces.
        if let cut, Rules.traits.revisesClampedLines, let last = lines.last,
           case let next = parts.firstPart(endingAfter: cut.at), next < parts.count {
            let nextMeasurer = measurers[parts[next].measurer]
            var kept = cut.at
            let isSpace = units[cut.at] == 0x20 || units[cut.at] == 0x09
            if isSpace || !LineFitter<Rules>.fits(cut.pen + Rules.clampEllipsisWidth(in: nextMeasurer), within: available) {
                kept = cut.at - 1
                while kept > last.start, units[kept] == 0x20 || units[kept] == 0x09 { kept -= 1 }
            }
            let style = parts.first { $0.range.contains(kept) }?.measurer ?? parts[next].measurer
            let ellipsis = Rules.runExtents(ofFaces: 0, in: measurers[style].registry, lead: nil)
            let height = Rules.lineHeight(ofRuns: lastExtents + [ellipsis], block: registry, ellipsis: false)
            lines[lines.count - 1] = StyledLine(
                start: last.start, end: last.end, width: last.width,
                reportedWidth: max(last.reportedWidth, Rules.ellipsizedLineWidth(layoutWidth: width)), height: height,
                ellipsisStyle: style)
        }
        return lines
    }
}
