/// Measures the segments of a styled text's paragraph, each between two of
/// the block's break opportunities, part by part in each part's style:
/// most words by table lookup, others by the style's own segments where
/// they tile the piece, else by its measurer on the piece alone. Spaces
/// after a word hang in whichever style they are in. Face bits go into
/// `faces` (numbered across the styles).
///
/// Lives only while a layout runs: it holds the text's buffer.
struct StyledSegmenter<Rules: MeasuringRules, Faces: StyledFaceNumbering> {
    let units: UTF16Text
    let parts: [StyledPart]
    let measurers: [TextMeasurer]
    let faces: Faces
    private var paragraph = 0..<0
    private var firstPart = 0
    /// Each part's segments as its measurer finds them (the part as a
    /// paragraph of its own), how far the pieces taken from them have come,
    /// and whether the part is Latin text its primary face draws whole (no
    /// fallback or script taken from the text around, so its pieces measure
    /// alike alone and inside it); made on first use in a paragraph.
    private var partSegments: [[(start: Int, end: Int, metrics: SegmentMetrics)]?] = []
    private var cursors: [Int] = []
    private var isPlainLatin: [Bool?] = []

    init(units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer], faces: Faces) {
        self.units = units
        self.parts = parts
        self.measurers = measurers
        self.faces = faces
    }

    /// Starts `paragraph`: segments come in order from its start.
    mutating func begin(paragraph: Range<Int>) {
        self.paragraph = paragraph
        firstPart = min(parts.firstPart(endingAfter: paragraph.lowerBound), max(0, parts.count - 1))
        // Made again on first use (most paragraphs never use them).
        if !isPlainLatin.isEmpty {
            partSegments = []
            cursors = []
            isPlainLatin = []
        }
    }

    private static func isSpace(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0x09 }

    /// The segment `start..<end` of the paragraph, which the block's
    /// measurer measured as `metrics`, in the styles of its parts.
    mutating func segment(start: Int, end: Int, metrics: SegmentMetrics) -> StyledSegment {
        if parts[firstPart].range.upperBound <= start || parts[firstPart].range.lowerBound > start {
            firstPart = min(parts.firstPart(endingAfter: start), max(0, parts.count - 1))
        }
        let endsWithSpace = Self.isSpace(units[end - 1])
        let baseLead = metrics.faceMask & ~FaceRegistry.faceBits
        if parts[firstPart].range.upperBound >= end {
            let measurer = parts[firstPart].measurer
            if measurer == 0 {
                var own = metrics
                own.faceMask = faces.bits(for: metrics.faceMask, measurer: 0)
                return StyledSegment(start: start, end: end, metrics: own, parts: firstPart..<firstPart + 1, lead: (baseLead, 0))
            }
            // A segment in one other style: that style's own segment, its
            // spaces hanging; most words by table lookup.
            if let found = simpleSegment(units[start..<end], measurer: measurer) {
                var own = found
                own.faceMask = faces.bits(for: found.faceMask, measurer: measurer)
                return StyledSegment(
                    start: start, end: end, metrics: own, parts: firstPart..<firstPart + 1,
                    lead: (baseLead == 0 ? 0 : Rules.lineStartBits(baseLead, inFace: 0), measurer))
            }
            if let own = ownSegments(of: firstPart, piece: start..<end), own.count == 1,
               !endsWithSpace || own.first!.metrics.trailingWidth > 0 {
                var found = own.first!.metrics
                let face = FaceRegistry.faceIndex(ofLowest: found.faceMask)
                found.faceMask = faces.bits(for: found.faceMask, measurer: measurer)
                return StyledSegment(
                    start: start, end: end, metrics: found, parts: firstPart..<firstPart + 1,
                    lead: (baseLead == 0 ? 0 : Rules.lineStartBits(baseLead, inFace: face), measurer))
            }
        }
        return combinedSegment(start: start, end: end, metrics: metrics)
    }

    /// A segment over several parts (or one no shortcut measures): the
    /// content, then the spaces after it (which hang), piece by piece.
    private mutating func combinedSegment(start: Int, end: Int, metrics: SegmentMetrics) -> StyledSegment {
        var contentEnd = end
        if metrics.trailingWidth > 0 {
            while contentEnd > start, Self.isSpace(units[contentEnd - 1]) { contentEnd -= 1 }
        }
        var total = Combined(faces: faces)
        var firstPiece: (range: Range<Int>, measurer: Int)?
        var index = firstPart
        while index < parts.count, parts[index].range.lowerBound < end {
            let measurer = parts[index].measurer
            let piece = parts[index].range.clamped(to: start..<end)
            if firstPiece == nil { firstPiece = (piece, measurer) }
            let content = piece.clamped(to: start..<contentEnd)
            let white = piece.clamped(to: contentEnd..<end)
            if !content.isEmpty {
                if let found = simpleSegment(units[content], measurer: measurer) {
                    total.addContent(found, measurer: measurer)
                } else if let own = ownSegments(of: index, piece: content), !Self.isSpace(units[content.upperBound - 1]) {
                    for segment in own { total.addContent(segment.metrics, measurer: measurer) }
                } else {
                    measurers[measurer].forEachSegment(in: units, paragraph: content, rules: Rules.self) {
                        total.addContent($2, measurer: measurer)
                        return true
                    }
                }
                total.lastContentMeasurer = measurer
            }
            if !white.isEmpty {
                if white == contentEnd..<end, measurer == 0, total.lastContentMeasurer == 0 {
                    if content.isEmpty, units[white].allSatisfy({ $0 == 0x20 }),
                       let found = spaces(white, after: content, inPart: index) {
                        // Spaces that start a run of their own, where the
                        // renderer takes their face from their run.
                        total.addWhite(found, measurer: 0)
                    } else {
                        // The block's own spaces after its own text, as the
                        // block measured them.
                        total.addWhite(SegmentMetrics(
                            width: 0, trailingWidth: metrics.trailingWidth, hyphenWidth: 0,
                            faceMask: FaceRegistry.bit(for: 0), hasTab: false), measurer: 0)
                    }
                } else if units[white].allSatisfy({ $0 == 0x20 }),
                          let found = spaces(white, after: content, inPart: index) {
                    total.addWhite(found, measurer: measurer)
                } else if units[white].allSatisfy({ $0 == 0x20 }) {
                    total.addWhite(SegmentMetrics(
                        width: 0, trailingWidth: Double(white.count) * measurers[measurer].spacedSpaceAdvance,
                        hyphenWidth: 0,
                        faceMask: FaceRegistry.bit(for: 0), hasTab: false), measurer: measurer)
                } else if let own = ownSegments(of: index, piece: white) {
                    for segment in own { total.addWhite(segment.metrics, measurer: measurer) }
                } else {
                    measurers[measurer].forEachSegment(in: units, paragraph: white, rules: Rules.self) {
                        total.addWhite($2, measurer: measurer)
                        return true
                    }
                }
            }
            index += 1
        }
        // The baseline a line starting here sets comes from the script of
        // the whole paragraph's text (Pango itemizes scripts across
        // attributes), in the face the first piece starts with.
        let baseLead = metrics.faceMask & ~FaceRegistry.faceBits
        if baseLead != 0, let first = firstPiece {
            let face = measurers[first.measurer].interior(
                of: units, range: first.range, paragraph: first.range,
                base: Rules.baseLevel(of: units, paragraph: paragraph), rules: Rules.self
            ).clusters.faces.first ?? 0
            total.lead = (Rules.lineStartBits(baseLead, inFace: max(face, 0)), first.measurer)
        }
        return StyledSegment(
            start: start, end: end,
            metrics: total.metrics ?? SegmentMetrics(width: 0, trailingWidth: 0, hyphenWidth: 0, faceMask: 0, hasTab: false),
            parts: firstPart..<index, lead: total.lead)
    }

    /// The spaces `white` of part `index`, after its `content` in the
    /// segment (empty when the segment's content is in other parts),
    /// measured in the faces the part's text around them gives them; `nil`
    /// where the renderer does not (``RendererTraits/spacesTakeTheirRunsFaces``).
    private func spaces(_ white: Range<Int>, after content: Range<Int>, inPart index: Int) -> SegmentMetrics? {
        guard Rules.traits.spacesTakeTheirRunsFaces else { return nil }
        let run = parts[index].range.clamped(to: paragraph)
        // After Latin letters the style's primary face draws, or at the
        // part's start, and before such letters, or at the part's end, the
        // spaces are in that face: no need to shape them.
        let measurer = measurers[parts[index].measurer]
        func isPlainLatin(_ offset: Int) -> Bool { units[offset] < 0x300 && measurer.primaryCoverage.covers(units[offset]) }
        if content.isEmpty || isPlainLatin(white.lowerBound - 1),
           white.upperBound == run.upperBound || isPlainLatin(white.upperBound) {
            return SegmentMetrics(
                width: 0, trailingWidth: Double(white.count) * measurer.spacedSpaceAdvance, hyphenWidth: 0,
                faceMask: FaceRegistry.bit(for: 0), hasTab: false)
        }
        let range = content.isEmpty ? white : content.lowerBound..<white.upperBound
        guard let context = Rules.spaceContext(
            of: range, in: units, run: run, paragraph: paragraph,
            base: Rules.baseLevel(of: units, paragraph: paragraph)) else { return nil }
        let clusters = SegmentInterior<Rules>(segment: units[range], context: context, shaper: measurer.shaper).clusters
        var width = 0.0
        var faceMask: UInt64 = 0
        let firstWhite = white.lowerBound - range.lowerBound
        for cluster in clusters.offsets.indices where clusters.offsets[cluster] >= firstWhite {
            width += clusters.advances[cluster]
            faceMask |= clusters.faceBits[cluster]
        }
        return SegmentMetrics(width: 0, trailingWidth: width, hyphenWidth: 0, faceMask: faceMask, hasTab: false)
    }

    /// A segment's metrics summed piece by piece.
    private struct Combined {
        let faces: Faces
        var metrics: SegmentMetrics?
        var lead: (bits: UInt64, measurer: Int) = (0, 0)
        var lastContentMeasurer: Int?

        mutating func addContent(_ part: SegmentMetrics, measurer: Int) {
            let bits = faces.bits(for: part.faceMask, measurer: measurer)
            guard var total = metrics else {
                var first = part
                first.faceMask = bits
                metrics = first
                lead = (part.faceMask & ~FaceRegistry.faceBits, measurer)
                return
            }
            total.width += total.trailingWidth + total.hyphenWidth + part.width
            total.trailingWidth = part.trailingWidth
            total.hyphenWidth = part.hyphenWidth
            total.endExtra = part.endExtra
            total.endTrim = part.endTrim
            total.faceMask |= bits
            total.hasTab = total.hasTab || part.hasTab
            total.isWhite = false
            metrics = total
        }

        mutating func addWhite(_ part: SegmentMetrics, measurer: Int) {
            let bits = faces.bits(for: part.faceMask, measurer: measurer)
            guard var total = metrics else {
                var first = part
                first.faceMask = bits
                first.isWhite = true
                first.trailingWidth = part.width + part.trailingWidth
                first.width = 0
                metrics = first
                lead = (part.faceMask & ~FaceRegistry.faceBits, measurer)
                return
            }
            total.trailingWidth += part.width + part.trailingWidth
            // Spaces in the style of the word before them are drawn in its
            // faces; measured alone they would name the style's primary face.
            if measurer != lastContentMeasurer { total.faceMask |= bits }
            total.hasTab = total.hasTab || part.hasTab
            metrics = total
        }
    }

    /// `piece` measured by `measurer`'s table lookup as one segment, when
    /// its characters are simple for it.
    private func simpleSegment(_ piece: UTF16Text, measurer: Int) -> SegmentMetrics? {
        measurers[measurer].simpleWords?.segment(of: piece, contentEnd: TextScanning.contentEnd(of: piece), runScript: nil)
    }

    /// The segments part `index`'s measurer found that tile `piece` exactly,
    /// or `nil` when its own breaks fall elsewhere or the part is not plain
    /// Latin text.
    private mutating func ownSegments(
        of index: Int, piece: Range<Int>
    ) -> ArraySlice<(start: Int, end: Int, metrics: SegmentMetrics)>? {
        if isPlainLatin.isEmpty {
            isPlainLatin = [Bool?](filled: nil, count: parts.count)
            partSegments = [[(start: Int, end: Int, metrics: SegmentMetrics)]?](filled: nil, count: parts.count)
            cursors = [Int](filled: 0, count: parts.count)
        }
        if isPlainLatin[index] == nil {
            let coverage = measurers[parts[index].measurer].primaryCoverage
            isPlainLatin[index] = units[parts[index].range.clamped(to: paragraph)].allSatisfy {
                $0 < 0x300 && ($0 == 0x09 || coverage.covers($0))
            }
        }
        guard isPlainLatin[index]! else { return nil }
        if partSegments[index] == nil {
            var found: [(start: Int, end: Int, metrics: SegmentMetrics)] = []
            measurers[parts[index].measurer].forEachSegment(
                in: units, paragraph: parts[index].range.clamped(to: paragraph), rules: Rules.self
            ) { start, end, metrics in
                found.append((start, end, metrics))
                return true
            }
            partSegments[index] = found
        }
        let own = partSegments[index]!
        var first = cursors[index]
        while first < own.count, own[first].start < piece.lowerBound { first += 1 }
        guard first < own.count, own[first].start == piece.lowerBound else { return nil }
        var last = first
        while last < own.count, own[last].end < piece.upperBound { last += 1 }
        guard last < own.count, own[last].end == piece.upperBound else { return nil }
        cursors[index] = last + 1
        return own[first...last]
    }
}
