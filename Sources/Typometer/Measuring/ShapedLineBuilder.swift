import CHarfBuzz

/// Builds the ``ShapedLine``s of one paragraph from the lines the layout
/// pass found: the face of each grapheme cluster as the measuring chose it
/// (each chunk of the line analysed with the context the layout pass gives
/// it), runs of one face, script and bidi level shaped with HarfBuzz chunk
/// by chunk as they were measured, then put in visual order by UAX #9.
struct ShapedLineBuilder<Rules: MeasuringRules> {
    let measurer: TextMeasurer
    let units: UTF16Text
    let paragraph: Range<Int>
    /// The paragraph's base bidi level.
    let base: UInt8
    /// The paragraph's bidi analysis, when it may hold right-to-left text
    /// (else every level is the base level, 0).
    private let bidi: ICU.BidiParagraph?

    /// How far (code units) the text around a piece reaches, as context for
    /// HarfBuzz, on each side, within the word.
    private static var contextReach: Int { 32 }

    init(measurer: TextMeasurer, units: UTF16Text, paragraph: Range<Int>) {
        self.measurer = measurer
        self.units = units
        self.paragraph = paragraph
        base = Rules.baseLevel(of: units, paragraph: paragraph)
        bidi = base != 0 || units[paragraph].contains(where: TextScanning.mayBeRightToLeft)
            ? ICU.BidiParagraph(units[paragraph], base: base) : nil
    }

    /// One grapheme cluster of a line.
    private struct Cluster {
        var start: Int
        var end: Int
        /// Its face's index in the measurer's ``FaceRegistry``.
        var face: Int
        var script: hb_script_t
        var level: UInt8
        /// The piece of the line (part of one chunk) it belongs to.
        var piece: Int
        /// Its advance as measured, in points.
        var advance: Double
        /// Whether it is a space or a tab, which may hang at the line's end.
        var isSpace: Bool
        var isTab: Bool
        var isInvisible: Bool
    }

    /// The part of one chunk on a line: the range analysed as the layout
    /// pass analyses it, and the text around it HarfBuzz sees.
    private struct Piece {
        var range: Range<Int>
        var context: Range<Int>
    }

    /// The shaped line `range` (inside the paragraph), `width` and `height`
    /// points as laid out, whose glyphs come from the faces in `faceMask`.
    func line(_ range: Range<Int>, width: Double, height: Double, faceMask: UInt64) -> ShapedLine {
        var runs: [LogicalRun] = []
        if !range.isEmpty {
            let levels = self.levels(of: range)
            let (clusters, pieces) = self.clusters(of: range, levels: levels)
            runs = shapeRuns(clusters, pieces: pieces, faceMask: faceMask)
            if clusters.contains(where: \.isTab) { placeTabs(clusters, in: &runs) }
            fit(&runs, clusters: clusters, pieces: pieces, line: range, width: width, levels: levels, faceMask: faceMask)
        }
        return ShapedLine(
            utf16Range: range, width: width, height: height,
            baseline: Rules.baseline(ofFaces: faceMask, in: measurer.registry), isRightToLeft: base & 1 == 1,
            runs: visualOrder(runs))
    }

    /// A run in logical order: its clusters (none for a hyphen drawn at a
    /// soft hyphen), its bidi level and its glyphs.
    private struct LogicalRun {
        var clusters: Range<Int>
        var level: UInt8
        var run: ShapedRun
    }

    /// The line's clusters in runs of one face, script and level, shaped.
    private func shapeRuns(_ clusters: [Cluster], pieces: [Piece], faceMask: UInt64) -> [LogicalRun] {
        var runs: [LogicalRun] = []
        var first = 0
        while first < clusters.count {
            var end = first + 1
            while end < clusters.count, clusters[end].face == clusters[first].face,
                  clusters[end].script == clusters[first].script, clusters[end].level == clusters[first].level {
                end += 1
            }
            runs.append(LogicalRun(
                clusters: first..<end, level: clusters[first].level,
                run: shapeRun(clusters, first..<end, pieces: pieces, faceMask: faceMask)))
            first = end
        }
        return runs
    }

    /// Makes the line's drawn part what was measured: a hyphen at a soft
    /// hyphen ending its content (unless the paragraph ends there), as many
    /// of its trailing spaces and tabs as the measured width counts (those
    /// that hang past the line's end are left out: all of them under
    /// `.chromium`, the last one under `.pango`, none before a hard break
    /// there), and its last character trimmed where it was measured so.
    private func fit(_ runs: inout [LogicalRun], clusters: [Cluster], pieces: [Piece], line: Range<Int>, width: Double,
                     levels: [UInt8], faceMask: UInt64) {
        var content = clusters.count
        while content > 0, clusters[content - 1].isSpace { content -= 1 }
        var advances = Self.advances(of: clusters, in: runs)
        var contentWidth = advances[0..<content].reduce(0, +)
        if content > 0 {
            let last = clusters[content - 1]
            if Rules.traits.drawsHyphensAtSoftHyphens, units[last.end - 1] == 0x00AD, line.upperBound < paragraph.upperBound {
                let hyphen = hyphenRun(at: last.end - 1)
                contentWidth += hyphen.width
                runs.append(LogicalRun(clusters: content..<content, level: levels[last.end - 1 - line.lowerBound],
                                       run: hyphen))
            }
            let trim = Rules.lineEndFeatures(forLast: units[last.end - 1], at: last.end - 1)
            if contentWidth > width + Self.tolerance, !trim.isEmpty,
               let index = runs.firstIndex(where: { $0.clusters.contains(content - 1) }) {
                let trimmed = shapeRun(clusters, runs[index].clusters, pieces: pieces, faceMask: faceMask, extra: trim)
                contentWidth += trimmed.width - runs[index].run.width
                runs[index].run = trimmed
                advances = Self.advances(of: clusters, in: runs)
            }
        }
        // Keep the trailing white space that brings the line nearest its
        // measured width (the least of it when that is a tie).
        var kept = content
        var best = abs(contentWidth - width)
        var total = contentWidth
        for cluster in content..<clusters.count {
            total += advances[cluster]
            if abs(total - width) < best - Self.tolerance / 10 {
                best = abs(total - width)
                kept = cluster + 1
            }
        }
        guard kept < clusters.count else { return }
        let cut = clusters[kept].start
        runs = runs.compactMap { logical in
            guard logical.run.utf16Range.lowerBound < cut else { return nil }
            var logical = logical
            logical.run.glyphs.removeAll { $0.cluster >= cut }
            logical.run.utf16Range = logical.run.utf16Range.lowerBound..<min(logical.run.utf16Range.upperBound, cut)
            return logical
        }
    }

    /// How far (points) a line's drawn advance may be from its measured
    /// width and count as equal.
    private static var tolerance: Double { 0.005 }

    /// The advance of each of `clusters` in `runs`' glyphs.
    private static func advances(of clusters: [Cluster], in runs: [LogicalRun]) -> [Double] {
        let starts = clusters.map(\.start)
        var advances = [Double](filled: 0, count: clusters.count)
        for logical in runs where !logical.clusters.isEmpty {
            for glyph in logical.run.glyphs {
                advances[cluster(containing: glyph.cluster, starts: starts)] += glyph.advance
            }
        }
        return advances
    }

    /// The bidi level of each code unit of the line `range`: the paragraph's
    /// levels, the white space at the line's end back at the base level.
    private func levels(of range: Range<Int>) -> [UInt8] {
        let shift = paragraph.lowerBound
        return bidi?.levels(of: range.lowerBound - shift..<range.upperBound - shift)
            ?? [UInt8](filled: base, count: range.count)
    }

    /// The grapheme clusters of `line`, each with the face and script the
    /// measuring chose for it and its level from `levels`, and the pieces they were
    /// analysed in: the parts of the line's chunks (text up to and with a
    /// run of spaces), analysed with the context the layout pass gives a
    /// segment.
    private func clusters(of line: Range<Int>, levels: [UInt8]) -> ([Cluster], [Piece]) {
        var clusters: [Cluster] = []
        var pieces: [Piece] = []
        var position = line.lowerBound
        while position < line.upperBound {
            let end = TextScanning.chunkEnd(in: units, from: position, before: line.upperBound)
            let piece = Piece(range: position..<end, context: context(of: position..<end))
            let graphemes = self.graphemes(of: piece)
            let count = graphemes.offsets.count
            for cluster in 0..<count {
                let start = position + graphemes.offsets[cluster]
                let clusterEnd = cluster + 1 < count ? position + graphemes.offsets[cluster + 1] : end
                clusters.append(Cluster(
                    start: start, end: clusterEnd, face: max(graphemes.faces[cluster], 0),
                    script: graphemes.scripts[cluster],
                    level: levels[start - line.lowerBound], piece: pieces.count,
                    advance: graphemes.advances[cluster], isSpace: graphemes.isSpace[cluster],
                    isTab: graphemes.isTab[cluster], isInvisible: graphemes.isInvisible[cluster]))
            }
            pieces.append(piece)
            position = end
        }
        return (clusters, pieces)
    }

    /// The text around `range` HarfBuzz sees: the rest of its word on each
    /// side, up to ``contextReach`` units.
    private func context(of range: Range<Int>) -> Range<Int> {
        func isSpace(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0x09 }
        var start = range.lowerBound
        while start > max(paragraph.lowerBound, range.lowerBound - Self.contextReach), !isSpace(units[start - 1]) {
            start -= 1
        }
        var end = range.upperBound
        if end > range.lowerBound, !isSpace(units[end - 1]) {
            while end < min(paragraph.upperBound, range.upperBound + Self.contextReach), !isSpace(units[end]) {
                end += 1
            }
        }
        return start..<end
    }

    /// The grapheme clusters of `piece` and their faces, as the layout pass
    /// analyses a segment of a chunk (with the fallback run or the
    /// paragraph context the renderer gives it).
    private func graphemes(of piece: Piece) -> SegmentGraphemes {
        measurer.interior(of: units, range: piece.range, paragraph: paragraph, base: base, rules: Rules.self).clusters
    }

    /// Clusters `run` (one face, script and level) shaped piece by piece,
    /// as they were measured, into one run on a line whose faces are
    /// `faceMask`; `extra` are more features, at offsets in the text.
    private func shapeRun(_ clusters: [Cluster], _ run: Range<Int>, pieces: [Piece], faceMask: UInt64,
                          extra: [hb_feature_t] = []) -> ShapedRun {
        let first = clusters[run.lowerBound]
        let font = measurer.registry.font(at: first.face)
        let shift = Rules.baselineShift(ofFaceAt: first.face, onLineOf: faceMask, in: measurer.registry)
        let rightToLeft = first.level & 1 == 1
        var shapedPieces: [[ShapedGlyph]] = []
        var start = run.lowerBound
        while start < run.upperBound {
            var end = start + 1
            while end < run.upperBound, clusters[end].piece == clusters[start].piece { end += 1 }
            let piece = pieces[clusters[start].piece]
            let text = units[piece.context]
            let origin = piece.context.lowerBound
            let range = clusters[start].start - origin..<clusters[end - 1].end - origin
            let limit = piece.range.lowerBound - origin..<piece.range.upperBound - origin
            var features = Rules.Faces.features(
                forRun: range, of: text, limit: limit, face: first.face, shaper: measurer.shaper).features
            for var feature in extra where Int(feature.start) >= origin + range.lowerBound
                && Int(feature.end) <= origin + range.upperBound {
                feature.start -= UInt32(origin)
                feature.end -= UInt32(origin)
                features.append(feature)
            }
            var glyphs = measurer.shaper.glyphs(
                of: text, range: range, font: font, script: first.script, rightToLeft: rightToLeft,
                features: features, language: Rules.language(for: first.script, content: measurer.shaper.selector.language),
                clusterShift: origin)
            matchMeasuredAdvances(&glyphs, clusters: clusters[start..<end])
            shapedPieces.append(glyphs)
            start = end
        }
        var glyphs = (rightToLeft ? shapedPieces.reversed() : shapedPieces).flatMap { $0 }
        if shift != 0 {
            for index in glyphs.indices { glyphs[index].yOffset += shift }
        }
        return ShapedRun(
            face: font.face, size: font.drawnSize, isRightToLeft: rightToLeft,
            utf16Range: first.start..<clusters[run.upperBound - 1].end, glyphs: glyphs)
    }

    /// Gives the glyphs the advances the measuring gave their clusters where
    /// it does not take HarfBuzz's: none for a cluster that draws nothing (a
    /// soft hyphen, a joiner), and the measured advance for one drawn only
    /// with `.notdef` (Pango draws a hex box there).
    private func matchMeasuredAdvances(_ glyphs: inout [ShapedGlyph], clusters: ArraySlice<Cluster>) {
        let starts = clusters.map(\.start)
        var notdefOnly = [Bool](filled: true, count: starts.count)
        var owners = [Int](filled: 0, count: glyphs.count)
        for (index, glyph) in glyphs.enumerated() {
            let owner = Self.cluster(containing: glyph.cluster, starts: starts)
            owners[index] = owner
            if glyph.id != 0 { notdefOnly[owner] = false }
        }
        var given = [Bool](filled: false, count: starts.count)
        for index in glyphs.indices {
            let cluster = clusters[clusters.startIndex + owners[index]]
            if cluster.isInvisible {
                glyphs[index].advance = 0
            } else if notdefOnly[owners[index]] {
                glyphs[index].advance = given[owners[index]] ? 0 : cluster.advance
                given[owners[index]] = true
            }
        }
    }

    /// The index in `starts` (increasing) of the last start at or before
    /// `offset` (0 when none is).
    private static func cluster(containing offset: Int, starts: [Int]) -> Int {
        var low = 0
        var high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle } else { high = middle }
        }
        return low
    }

    /// Sets each tab's advance to reach the next tab stop from where the pen
    /// stands before it, the line's clusters taken in logical order.
    private func placeTabs(_ clusters: [Cluster], in runs: inout [LogicalRun]) {
        var advances = Self.advances(of: clusters, in: runs)
        var tabAdvances: [Int: Double] = [:]
        var pen = 0.0
        for (index, cluster) in clusters.enumerated() {
            if cluster.isTab {
                advances[index] = measurer.shaper.tabAdvance(at: pen, rules: Rules.self)
                tabAdvances[cluster.start] = advances[index]
            }
            pen += advances[index]
        }
        for run in runs.indices {
            for glyph in runs[run].run.glyphs.indices {
                let cluster = runs[run].run.glyphs[glyph].cluster
                guard let advance = tabAdvances[cluster] else { continue }
                runs[run].run.glyphs[glyph].advance = advance
                tabAdvances[cluster] = 0
            }
        }
    }

    /// The hyphen Chromium draws at the soft hyphen at `offset`: U+2010 when
    /// the primary face has it, else U+002D, in the primary face.
    private func hyphenRun(at offset: Int) -> ShapedRun {
        let primary = measurer.registry.primary
        let hyphen: UInt16 = primary.face.covers(0x2010) ? 0x2010 : 0x2D
        let glyphs = withUnsafePointer(to: hyphen) { pointer in
            measurer.shaper.glyphs(
                of: UTF16Text(UnsafeBufferPointer(start: pointer, count: 1)), range: 0..<1, font: primary, script: HB_SCRIPT_COMMON,
                rightToLeft: false, language: nil, clusterShift: offset)
        }
        return ShapedRun(face: primary.face, size: primary.drawnSize, isRightToLeft: false, utf16Range: offset..<offset + 1,
                         glyphs: glyphs)
    }

    /// `runs` (in logical order) in visual order, by UAX #9 rule L2.
    private func visualOrder(_ runs: [LogicalRun]) -> [ShapedRun] {
        guard runs.count > 1, runs.contains(where: { $0.level != 0 }) else { return runs.map(\.run) }
        guard let order = ICU.visualOrder(ofLevels: runs.map(\.level)) else { return runs.map(\.run) }
        return order.map { runs[$0].run }
    }
}
