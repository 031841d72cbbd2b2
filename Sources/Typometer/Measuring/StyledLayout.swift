/// One style's part of a styled text: its UTF-16 range in the whole text
/// and the measurer of its style (index into the layout's measurers, 0 for
/// the block's own).
struct StyledPart {
    let range: Range<Int>
    let measurer: Int
}

/// A line of a styled text: where it starts and ends (UTF-16 offsets), its
/// content's advance (``MeasuredLine/width``) and that width as the
/// renderer reports it, and its height, in points.
struct StyledLine {
    let start: Int
    let end: Int
    let width: Double
    let reportedWidth: Double
    let height: Double
}

/// The faces seen on the lines of one styled layout, numbered across the
/// measurers of its styles, so one mask names a line's faces whatever
/// style each came from (past 55 faces, the overflow bit: every face).
private struct StyledFaces {
    private(set) var entries: [(measurer: Int, local: Int)] = []

    /// `mask`'s faces (bits of measurer `measurer`'s registry) as bits of
    /// this table.
    mutating func bits(for mask: UInt64, measurer: Int) -> UInt64 {
        let faces = mask & FaceRegistry.faceBits
        if faces & FaceRegistry.overflowBit != 0 { return FaceRegistry.overflowBit }
        var result: UInt64 = 0
        var rest = faces
        while rest != 0 {
            let local = rest.trailingZeroBitCount
            rest &= rest - 1
            let index = entries.firstIndex { $0.measurer == measurer && $0.local == local } ?? {
                entries.append((measurer, local))
                return entries.count - 1
            }()
            result |= FaceRegistry.bit(for: index)
        }
        return result
    }

    /// The faces of `mask`, grouped by measurer: each measurer's local mask.
    func localMasks(of mask: UInt64, measurerCount: Int) -> [Int: UInt64] {
        if mask & FaceRegistry.overflowBit != 0 {
            return Dictionary(uniqueKeysWithValues: (0..<measurerCount).map { ($0, FaceRegistry.overflowBit) })
        }
        var result: [Int: UInt64] = [:]
        var rest = mask & FaceRegistry.faceBits
        while rest != 0 {
            let index = rest.trailingZeroBitCount
            rest &= rest - 1
            let entry = entries[index]
            result[entry.measurer, default: 0] |= FaceRegistry.bit(for: entry.local)
        }
        return result
    }
}

/// A segment of a styled text (a piece between two break opportunities of
/// the whole text), measured part by part in each part's style.
private struct StyledSegment {
    var start: Int
    var end: Int
    var metrics: SegmentMetrics
    /// The measurers of the parts it spans (each part's own), for lines
    /// that hold any of it.
    var measurers: Set<Int>
    /// The renderer's bits a line starting with this segment gets (beyond
    /// its faces), and the measurer whose registry they refer to.
    var lead: (bits: UInt64, measurer: Int)
}

extension TextMeasurer {
    /// Lays out the styled text `units`, made of `parts`, whose styles'
    /// measurers are `measurers` (`self` first), at `width`: its lines up to
    /// the line limit.
    ///
    /// Break opportunities are the block's, found over the whole text (a
    /// run boundary inside a word is none). Each piece of a segment in one
    /// style is measured by that style's measurer on its own (both
    /// renderers shape apart runs whose font differs); a segment wider than
    /// a line is broken between grapheme clusters at their advances; a
    /// line's height unites the boxes of the styles on it
    /// (``LineHeightRules/lineHeight(ofRuns:block:ellipsis:)``).
    func styledLines<Rules: MeasuringRules>(
        of units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer], width: Double, rules: Rules.Type
    ) -> [StyledLine] {
        let available = LineFitter<Rules>(width: width).available
        let limit = style.lineLimit ?? Int.max
        var faces = StyledFaces()
        var lines: [StyledLine] = []
        /// Where the text the line limit leaves out of the first paragraph
        /// starts, and where the pen stood on the last line kept (its
        /// trailing spaces included).
        var cut: (at: Int, pen: Double, paragraphEnd: Int)?

        /// The boxes of the styles on a line.
        func extents(
            mask: UInt64, styles: Set<Int>, lead: (bits: UInt64, measurer: Int)
        ) -> [(above: Double, below: Double)] {
            let local = faces.localMasks(of: mask, measurerCount: measurers.count)
            let first = (bits: lead.bits, registry: measurers[lead.measurer].registry)
            return styles.sorted().map { index in
                Rules.runExtents(ofFaces: local[index] ?? 0, in: measurers[index].registry, lead: first)
            }
        }
        /// The last line's boxes, for a renderer that adds its ellipsis.
        var lastExtents: [(above: Double, below: Double)] = []

        HardBreaks.forEachParagraph(in: units, rules: Rules.self, maximumLength: paragraphLimit) { paragraph in
            let segments = styledSegments(
                of: units, paragraph: paragraph, parts: parts, measurers: measurers, faces: &faces, rules: Rules.self)
            var lineStart = paragraph.lowerBound
            var advance = 0.0
            var contentWidth = 0.0
            var trailingHyphen = 0.0
            var mask: UInt64 = 0
            var styles = Set<Int>()
            var hasContent = false
            var lead: (bits: UInt64, measurer: Int) = (0, 0)

            func emit(end: Int, width: Double) -> Bool {
                lastExtents = extents(mask: mask, styles: styles, lead: lead)
                lines.append(StyledLine(
                    start: lineStart, end: end, width: width > 0 ? width - lineEdgeSpacing : width,
                    reportedWidth: reportedWidth(width, rules: Rules.self),
                    height: Rules.lineHeight(ofRuns: lastExtents, block: registry, ellipsis: false)))
                lineStart = end
                advance = 0
                contentWidth = 0
                trailingHyphen = 0
                mask = 0
                styles = []
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
                styles.formUnion(segment.measurers)
                hasContent = true
            }
            func fits(_ width: Double) -> Bool { LineFitter<Rules>.fits(width, within: available) }

            for segment in segments {
                let metrics = segment.metrics
                if hasContent, Rules.whiteSegmentsHang, metrics.isWhite {
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
                for part in parts where part.range.overlaps(segment.start..<segment.end) {
                    let range = max(part.range.lowerBound, segment.start)..<min(part.range.upperBound, segment.end)
                    let measurer = measurers[part.measurer]
                    let interior = measurer.interior(
                        of: units, range: range, paragraph: range,
                        base: Rules.baseLevel(of: units, paragraph: paragraph), rules: Rules.self)
                    let clusters = interior.clusters
                    for index in clusters.offsets.indices {
                        let clusterStart = range.lowerBound + clusters.offsets[index]
                        let advanceWidth = clusters.advances[index]
                        let bits = faces.bits(for: clusters.faceBits[index], measurer: part.measurer)
                        if clusters.isSpace[index] {
                            advance += advanceWidth
                        } else {
                            if hasContent, !fits(advance + advanceWidth) {
                                let pen = advance
                                guard emit(end: clusterStart, width: contentWidth) else {
                                    if paragraph.lowerBound == 0 { cut = (clusterStart, pen, paragraph.upperBound) }
                                    return false
                                }
                            }
                            if !hasContent { lead = (clusters.lineStartBits(at: index), part.measurer) }
                            advance += advanceWidth
                            contentWidth = advance
                        }
                        mask |= bits
                        styles.insert(part.measurer)
                        hasContent = true
                    }
                }
                trailingHyphen = 0
            }
            guard emit(end: paragraph.upperBound, width: contentWidth - trailingHyphen) else { return false }
            return true
        }
        // A renderer that ends a line cut short by the limit with an
        // ellipsis (Pango, in the first paragraph) draws it in the style of
        // the last grapheme it keeps, that style's primary face: the last
        // line takes in its box. Pango keeps the graphemes of the rest of
        // the paragraph that fit with the ellipsis: the style after the cut
        // when its first grapheme does, else the style before it.
        if let cut, Rules.revisesClampedLines, let last = lines.last,
           let next = parts.firstIndex(where: { $0.range.contains(cut.at) }) {
            let nextMeasurer = measurers[parts[next].measurer]
            let first = nextMeasurer.interior(
                of: units, range: cut.at..<min(cut.paragraphEnd, cut.at + 32), paragraph: cut.at..<cut.paragraphEnd,
                base: Rules.baseLevel(of: units, paragraph: 0..<cut.paragraphEnd), rules: Rules.self
            ).clusters.advances.first ?? 0
            // The ellipsis takes the attributes of the last character kept:
            // the first one cut when it fits, else the last one before the
            // spaces that end the line (Pango drops them for the ellipsis).
            var kept = cut.at
            let isSpace = units[cut.at] == 0x20 || units[cut.at] == 0x09
            if isSpace || !LineFitter<Rules>.fits(
                cut.pen + first + Rules.clampEllipsisWidth(in: nextMeasurer), within: available) {
                kept = cut.at - 1
                while kept > last.start, units[kept] == 0x20 || units[kept] == 0x09 { kept -= 1 }
            }
            let style = parts.first { $0.range.contains(kept) }?.measurer ?? parts[next].measurer
            let ellipsis = Rules.runExtents(ofFaces: 0, in: measurers[style].registry, lead: nil)
            let height = Rules.lineHeight(ofRuns: lastExtents + [ellipsis], block: registry, ellipsis: false)
            lines[lines.count - 1] = StyledLine(
                start: last.start, end: last.end, width: last.width, reportedWidth: last.reportedWidth, height: height)
        }
        return lines
    }

    /// The segments of `paragraph`: the block's break opportunities, each
    /// segment measured part by part by its parts' measurers.
    private func styledSegments<Rules: MeasuringRules>(
        of units: UTF16Text, paragraph: Range<Int>, parts: [StyledPart], measurers: [TextMeasurer],
        faces: inout StyledFaces, rules: Rules.Type
    ) -> [StyledSegment] {
        var segments: [StyledSegment] = []
        var firstPart = 0
        forEachSegment(in: units, paragraph: paragraph, rules: Rules.self) { start, end, metrics in
            while firstPart < parts.count, parts[firstPart].range.upperBound <= start { firstPart += 1 }
            var overlapping = firstPart
            var pieces: [(range: Range<Int>, measurer: Int)] = []
            while overlapping < parts.count, parts[overlapping].range.lowerBound < end {
                let part = parts[overlapping]
                pieces.append((max(part.range.lowerBound, start)..<min(part.range.upperBound, end), part.measurer))
                overlapping += 1
            }
            if pieces.count == 1, pieces[0].measurer == 0 {
                var own = metrics
                own.faceMask = faces.bits(for: metrics.faceMask, measurer: 0)
                segments.append(StyledSegment(
                    start: start, end: end, metrics: own, measurers: [0],
                    lead: (metrics.faceMask & ~FaceRegistry.faceBits, 0)))
                return true
            }
            // The content, then the spaces after it (which hang): each
            // measured piece by piece in its style.
            var contentEnd = end
            if metrics.trailingWidth > 0 {
                while contentEnd > start, units[contentEnd - 1] == 0x20 || units[contentEnd - 1] == 0x09 { contentEnd -= 1 }
            }
            var combined: SegmentMetrics?
            var lead: (bits: UInt64, measurer: Int) = (0, 0)
            var lastContentMeasurer: Int?
            for piece in pieces {
                let content = piece.range.clamped(to: start..<contentEnd)
                let white = piece.range.clamped(to: contentEnd..<end)
                if !content.isEmpty {
                    measurers[piece.measurer].forEachSegment(in: units, paragraph: content, rules: Rules.self) {
                        _, _, part in
                        let bits = faces.bits(for: part.faceMask, measurer: piece.measurer)
                        guard var total = combined else {
                            var first = part
                            first.faceMask = bits
                            combined = first
                            lead = (part.faceMask & ~FaceRegistry.faceBits, piece.measurer)
                            return true
                        }
                        total.width += total.trailingWidth + total.hyphenWidth + part.width
                        total.trailingWidth = part.trailingWidth
                        total.hyphenWidth = part.hyphenWidth
                        total.endExtra = part.endExtra
                        total.endTrim = part.endTrim
                        total.faceMask |= bits
                        total.hasTab = total.hasTab || part.hasTab
                        total.isWhite = false
                        combined = total
                        return true
                    }
                    lastContentMeasurer = piece.measurer
                }
                if !white.isEmpty {
                    measurers[piece.measurer].forEachSegment(in: units, paragraph: white, rules: Rules.self) {
                        _, _, part in
                        let bits = faces.bits(for: part.faceMask, measurer: piece.measurer)
                        guard var total = combined else {
                            var first = part
                            first.faceMask = bits
                            first.isWhite = true
                            first.trailingWidth = part.width + part.trailingWidth
                            first.width = 0
                            combined = first
                            lead = (part.faceMask & ~FaceRegistry.faceBits, piece.measurer)
                            return true
                        }
                        total.trailingWidth += part.width + part.trailingWidth
                        // Spaces in the style of the word before them are
                        // drawn in its faces; measured alone they would
                        // name the style's primary face.
                        if piece.measurer != lastContentMeasurer { total.faceMask |= bits }
                        total.hasTab = total.hasTab || part.hasTab
                        combined = total
                        return true
                    }
                }
            }
            // The baseline a line starting here sets comes from the script
            // of the whole paragraph's text (Pango itemizes scripts across
            // attributes), in the face the first piece starts with.
            let baseLead = metrics.faceMask & ~FaceRegistry.faceBits
            if baseLead != 0, let first = pieces.first {
                let face = measurers[first.measurer].interior(
                    of: units, range: first.range, paragraph: first.range,
                    base: Rules.baseLevel(of: units, paragraph: paragraph), rules: Rules.self
                ).clusters.faces.first ?? 0
                lead = (Rules.lineStartBits(baseLead, inFace: max(face, 0)), first.measurer)
            }
            if let combined {
                segments.append(StyledSegment(
                    start: start, end: end, metrics: combined, measurers: Set(pieces.map(\.measurer)), lead: lead))
            }
            return true
        }
        return segments
    }
}
