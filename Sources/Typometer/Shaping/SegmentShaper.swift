import CHarfBuzz
import CICUShim

/// A segment measured grapheme by grapheme, for breaking inside a word
/// that is wider than the line.
struct SegmentGraphemes {
    /// Start offset of each grapheme cluster, relative to the segment.
    var offsets: [Int]
    var advances: [Double]
    var faceBits: [UInt64]
    /// Whether each cluster is a breakable space (hangs at a line end).
    var isSpace: [Bool]
    /// Whether each cluster is a tab (its advance then is one space's).
    var isTab: [Bool]
    /// Whether each cluster draws nothing (a soft hyphen, a joiner).
    var isInvisible: [Bool]
    /// Whether breaking before each cluster would change the shaping
    /// (kerning or contextual forms across the break).
    var unsafeBefore: [Bool]
    /// Under `.chromium`, the clusters that start inside a HarfBuzz cluster
    /// (at a character without a glyph of its own), in increasing order.
    var insideShapingClusters: [Int] = []
    /// Under `.pango`, the lead bits (``PangoBaseline``) a line starting at
    /// each cluster gets; empty under `.chromium`.
    var leads: [UInt64] = []
    /// Under `.chromium`, Blink's fallback run after the segment.
    var blinkRunAfter = BlinkFallbackRun()

    /// Whether `cluster` starts inside a HarfBuzz cluster (`.chromium`).
    func startsInsideShapingCluster(_ cluster: Int) -> Bool {
        !insideShapingClusters.isEmpty && insideShapingClusters.contains(cluster)
    }

    /// The lead bits of a line starting at `cluster`.
    func lead(at cluster: Int) -> UInt64 { cluster < leads.count ? leads[cluster] : 0 }
}

/// Itemizes a segment into runs of one face, script and direction and
/// shapes each run with HarfBuzz; safe from any thread.
struct SegmentShaper: Sendable {
    let selector: FontSelector
    let registry: FaceRegistry
    let profile: RenderingProfile
    /// The primary face's space and soft-hyphen hyphen, shaped once.
    private let spaceWidth: Double
    private let hyphenWidth: Double

    init(selector: FontSelector, registry: FaceRegistry, profile: RenderingProfile) {
        self.selector = selector
        self.registry = registry
        self.profile = profile
        let primary = registry.primary
        let hyphen: UInt16 = primary.face.covers(0x2010) ? 0x2010 : 0x2D
        spaceWidth = SegmentShaper.advance(of: 0x20, in: primary)
        hyphenWidth = SegmentShaper.advance(of: hyphen, in: primary)
    }

    private static func advance(of unit: UInt16, in font: SizedFont) -> Double {
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        var unit = unit
        hb_buffer_add_utf16(buffer, &unit, 1, 0, 1)
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, HB_SCRIPT_COMMON)
        hb_shape(font.hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return 0 }
        return (0..<Int(count)).reduce(0) { $0 + Double(positions[$1].x_advance) } / font.unitsPerPoint
    }

    /// Tab stops are this many spaces of the primary face apart (CSS
    /// `tab-size: 8`, Pango's default).
    static let tabSize = 8.0

    /// The advances of `segment` shaped on its own.
    func metrics(of segment: UnsafeBufferPointer<UInt16>) -> SegmentMetrics {
        metrics(of: segment, range: 0..<segment.count)
    }

    /// The advances of `range` of `text`, shaped with the rest of `text` as
    /// context (so a piece of an Arabic word keeps its joining forms);
    /// `context` is what the paragraph tells Pango about the range.
    /// `hanKerningContext` (default: `range`) is the text whose fullwidth
    /// punctuation trims that of the range.
    func metrics(of text: UnsafeBufferPointer<UInt16>, range: Range<Int>, context: PangoContext? = nil,
                 hanKerningContext: Range<Int>? = nil) -> SegmentMetrics
    {
        let clusters = graphemes(of: text, range: range, context: context, hanKerningContext: hanKerningContext)
        return summary(of: clusters, clusters: 0..<clusters.advances.count,
                       text: UnsafeBufferPointer(rebasing: text[range]))
    }

    /// The segments of a chunk (`ends` relative to it, the last one its
    /// length), shaped together.
    func chunkMetrics(of chunk: UnsafeBufferPointer<UInt16>, ends: [Int32], context: PangoContext?,
                      blinkRun: BlinkFallbackRun = BlinkFallbackRun()) -> ChunkMetrics {
        chunkMetrics(from: graphemes(of: chunk, range: 0..<chunk.count, context: context, blinkRun: blinkRun,
                                     splitAt: ends),
                     chunk: chunk, ends: ends)
    }

    /// The segments of a chunk of Latin text drawn entirely in the primary
    /// face (one cluster per code unit), from advances and join flags already
    /// shaped as part of a longer run: the same figures `chunkMetrics(of:)`
    /// gives, without building clusters.
    func simpleChunkMetrics(of chunk: UnsafeBufferPointer<UInt16>, advances: UnsafeBufferPointer<Double>,
                            unsafe: UnsafeBufferPointer<Bool>) -> ChunkMetrics {
        guard SegmentShaper.mayBreakInside(chunk) else {
            return ChunkMetrics(
                single: simpleSegment(chunk, advances: advances, range: 0..<chunk.count), length: Int32(chunk.count))
        }
        let ends = ChromiumBreaks.find(in: chunk)
        var segments: [SegmentMetrics] = []
        var start = 0
        for end in ends {
            segments.append(simpleSegment(chunk, advances: advances, range: start..<Int(end)))
            start = Int(end)
        }
        if segments.count == 1 { return ChunkMetrics(single: segments[0], length: Int32(chunk.count)) }
        // Joins across breaks inside the chunk, as in `chunkMetrics(from:)`.
        start = 0
        for index in segments.indices {
            let end = Int(ends[index])
            defer { start = end }
            let endsUnsafely = index + 1 < segments.count && unsafe[end]
            let startsUnsafely = index > 0 && unsafe[start]
            guard endsUnsafely || startsUnsafely else { continue }
            (segments[index].startExtra, segments[index].endExtra) = joinExtras(
                chunk, range: start..<end, width: segments[index].width,
                startsUnsafely: startsUnsafely, endsUnsafely: endsUnsafely)
            segments[index].startsJoined = startsUnsafely
        }
        return ChunkMetrics(ends: ends, segments: segments)
    }

    /// One segment of a simple chunk, as `summary(of:)` measures it.
    private func simpleSegment(_ chunk: UnsafeBufferPointer<UInt16>, advances: UnsafeBufferPointer<Double>,
                               range: Range<Int>) -> SegmentMetrics {
        var content = range.upperBound
        var trailing = 0.0
        var hasTab = false
        while content > range.lowerBound, chunk[content - 1] == 0x20 || chunk[content - 1] == 0x09 {
            content -= 1
            if chunk[content] == 0x09 {
                hasTab = true
                trailing += spaceAdvance()
            } else {
                trailing += advances[content]
            }
        }
        var width = 0.0
        for index in range.lowerBound..<content {
            let unit = chunk[index]
            if unit == 0x09 { hasTab = true }
            if unit >= 0x20 && unit < 0x7F || unit >= 0xA0 && unit != 0xAD {
                width += advances[index]
            } else if unit == 0x09 {
                width += spaceAdvance()
            }
        }
        // A soft hyphen ending the content draws its hyphen, spaces after it
        // included, as `summary(of:)` has it.
        let hyphen = content > range.lowerBound && chunk[content - 1] == 0x00AD ? hyphenAdvance() : 0
        return SegmentMetrics(width: width, trailingWidth: trailing, hyphenWidth: hyphen, faceMask: 1, hasTab: hasTab)
    }

    /// Whether Chromium may break inside this ASCII-or-Latin chunk other
    /// than after its spaces: only non-ASCII text, or a `-`, `?` or opening
    /// bracket, can make a break there.
    static func mayBreakInside(_ chunk: UnsafeBufferPointer<UInt16>) -> Bool {
        chunk.contains { unit in
            unit > 0x7F || unit == 0x2D || unit == 0x3F || unit == 0x28 || unit == 0x3C || unit == 0x5B
                || unit == 0x7B
        }
    }

    /// The segments of a chunk from its measured clusters.
    func chunkMetrics(from clusters: SegmentGraphemes, chunk: UnsafeBufferPointer<UInt16>, ends: [Int32]) -> ChunkMetrics {
        let clusterCount = clusters.advances.count
        var segments: [SegmentMetrics] = []
        segments.reserveCapacity(ends.count)
        var firstCluster = 0
        var start = 0
        var boundaries: [Int] = []
        for end in ends {
            var lastCluster = firstCluster
            while lastCluster < clusterCount, clusters.offsets[lastCluster] < Int(end) { lastCluster += 1 }
            segments.append(summary(of: clusters, clusters: firstCluster..<lastCluster,
                                    text: UnsafeBufferPointer(rebasing: chunk[start..<Int(end)])))
            boundaries.append(lastCluster)
            firstCluster = lastCluster
            start = Int(end)
        }
        // Where shaping joins two segments, a line broken between them is
        // reshaped at both ends: keep what that would add.
        var segmentStart = 0
        for index in segments.indices {
            let segmentEnd = Int(ends[index])
            defer { segmentStart = segmentEnd }
            let endsUnsafely = index + 1 < segments.count && boundaries[index] < clusterCount
                && clusters.unsafeBefore[boundaries[index]]
            let startsUnsafely = index > 0 && boundaries[index - 1] < clusterCount
                && clusters.unsafeBefore[boundaries[index - 1]]
            guard endsUnsafely || startsUnsafely else { continue }
            (segments[index].startExtra, segments[index].endExtra) = joinExtras(
                chunk, range: segmentStart..<segmentEnd, width: segments[index].width,
                startsUnsafely: startsUnsafely, endsUnsafely: endsUnsafely)
            segments[index].startsJoined = startsUnsafely
            // A segment that starts inside a HarfBuzz cluster ends a line
            // with the segments before it back to the cluster's start, which
            // Blink reshapes together (a line starting inside the cluster is
            // laid out anew anyway).
            if endsUnsafely, startsUnsafely, clusters.startsInsideShapingCluster(boundaries[index - 1]) {
                var first = boundaries[index - 1]
                while first > 0, clusters.startsInsideShapingCluster(first) { first -= 1 }
                let before = clusters.advances[first..<boundaries[index - 1]].reduce(0, +)
                let reshaped = metrics(of: chunk, range: clusters.offsets[first]..<segmentEnd).width
                segments[index].endExtra = max(0, reshaped - before - segments[index].width)
            }
        }
        return ChunkMetrics(ends: ends, segments: segments, blinkRunAfter: clusters.blinkRunAfter)
    }

    /// What a segment (`range` of `chunk`, `width` wide there) adds when a
    /// line starts or ends at an edge where shaping joins it to its
    /// neighbour: it is reshaped without the text across that edge. When
    /// both edges are joined, each edge's share is measured with the other
    /// side's text kept (a `、` trims the `「` after it, not itself: a line
    /// ending there gives nothing back).
    private func joinExtras(_ chunk: UnsafeBufferPointer<UInt16>, range: Range<Int>, width: Double,
                            startsUnsafely: Bool, endsUnsafely: Bool) -> (start: Double, end: Double) {
        guard startsUnsafely && endsUnsafely else {
            let extra = max(0, metrics(of: chunk, range: range).width - width)
            return (startsUnsafely ? extra : 0, endsUnsafely ? extra : 0)
        }
        let keepingAfter = metrics(of: chunk, range: range, hanKerningContext: range.lowerBound..<chunk.count).width
        let keepingBefore = metrics(of: chunk, range: range, hanKerningContext: 0..<range.upperBound).width
        return (max(0, keepingAfter - width), max(0, keepingBefore - width))
    }

    /// Width, hanging spaces, hyphen and faces of clusters `range`, whose
    /// text is `text`.
    func summary(of clusters: SegmentGraphemes, clusters range: Range<Int>,
                         text: UnsafeBufferPointer<UInt16>) -> SegmentMetrics {
        var width = 0.0
        var trailing = 0.0
        var mask: UInt64 = range.isEmpty ? 0 : clusters.lead(at: range.lowerBound)
        // Trailing spaces hang: all of them in Chromium, only the last one in
        // Pango, which counts the others as part of the line.
        var end = range.upperBound
        while end > range.lowerBound, clusters.isSpace[end - 1] {
            end -= 1
            trailing += clusters.advances[end]
            if profile == .pango { break }
        }
        for index in range {
            if index < end { width += clusters.advances[index] }
            mask |= clusters.faceBits[index]
        }
        // Pango is asked not to insert hyphens.
        // Chromium draws a hyphen where a soft hyphen ends the line's content,
        // spaces after it included.
        let lastContent = end > range.lowerBound
            ? text[clusters.offsets[end - 1] - clusters.offsets[range.lowerBound]] : text.last
        let hyphen = lastContent == 0x00AD && profile == .chromium ? hyphenAdvance() : 0
        var metrics = SegmentMetrics(
            width: width, trailingWidth: trailing, hyphenWidth: hyphen, faceMask: mask,
            hasTab: text.contains(0x09))
        metrics.isWhite = !range.isEmpty && range.allSatisfy { clusters.isSpace[$0] }
        if profile == .chromium, trailing == 0, end > range.lowerBound, let last = text.last,
           ChromiumBreaks.isClosingBracket(last) {
            metrics.endTrim = lineEndTrim(of: last, faceBits: clusters.faceBits[end - 1])
        }
        return metrics
    }

    /// How much `halt` takes off closing bracket `unit` at a line's end in
    /// the face of `faceBits` (0 unless the face trims it).
    private func lineEndTrim(of unit: UInt16, faceBits: UInt64) -> Double {
        guard faceBits != 0, faceBits & FaceRegistry.overflowBit == 0 else { return 0 }
        let index = faceBits.trailingZeroBitCount
        guard registry.hanKerning(at: index).hasAlternateSpacing else { return 0 }
        var text = unit
        return withUnsafePointer(to: &text) { pointer in
            let buffer = UnsafeBufferPointer(start: pointer, count: 1)
            let font = registry.font(at: index)
            let plain = shapeMarkingJoins(buffer, range: 0..<1, font: font, script: HB_SCRIPT_HAN, rightToLeft: false)
            let halt = hb_feature_t(tag: 0x68616C74, value: 1, start: 0, end: UInt32.max)
            let trimmed = shapeMarkingJoins(
                buffer, range: 0..<1, font: font, script: HB_SCRIPT_HAN, rightToLeft: false, features: [halt])
            return max(0, plain.advances.reduce(0, +) - trimmed.advances.reduce(0, +))
        }
    }

    /// The width of the hyphen Chromium draws at a soft hyphen: U+2010 when
    /// the primary face has it, else U+002D.
    func hyphenAdvance() -> Double { hyphenWidth }

    /// Pango picks no face for spaces and invisible characters (`-1` in
    /// `faces`); its itemizer gives them one as it builds items, which this
    /// follows. A run (one script, bidi level and emoji-ness) is cut into
    /// items where the face changes. A neutral cluster joins the item it is
    /// in; one that starts an item takes the face of the first cluster with
    /// a face after it in its run, else the primary face. When the face
    /// changes after neutral clusters and the new face is higher in Pango's
    /// fallback list than the item's (`positions`), those clusters move to
    /// the new item.
    private func resolvePangoNeutralFaces(
        _ faces: inout [Int], positions: [Int], preceding: (face: Int, position: Int)?, scripts: [hb_script_t], scriptIsKnown: Bool, levels: [UInt8], isEmoji: [Bool],
        following: UInt32?, followingLevel: UInt8?
    ) {
        let count = faces.count
        guard count > 0 else { return }
        // The cluster after the segment: its face, and whether it continues
        // the segment's last run.
        var followingFace = -1
        var followingPosition = 0
        var followingInRun = false
        if let following {
            let neutral = FontSelector.isInvisible(following) || following == 0x20 || following == 0x09
                || SegmentShaper.isPangoNeutral(following)
            let script = ScalarProperties.script(of: following)
            if !neutral {
                let runScript = script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED ? scripts[count - 1] : script
                (followingFace, followingPosition) = pangoItemFace(of: following, script: runScript)
            }
            // Only its first character is known: a pictograph is taken to
            // start an emoji (most are followed by U+FE0F or a joiner).
            let emoji = FontSelector.isPresentedAsEmoji([following])
                || (following >= 0x80 && ScalarProperties(following).isExtendedPictographic)
            followingInRun = (followingLevel ?? levels[count - 1]) == levels[count - 1]
                && emoji == isEmoji[count - 1]
                && (!scriptIsKnown || script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED
                    || script == scripts[count - 1])
        }
        func startsRun(_ cluster: Int) -> Bool {
            cluster == 0 || levels[cluster] != levels[cluster - 1] || scripts[cluster] != scripts[cluster - 1]
                || isEmoji[cluster] != isEmoji[cluster - 1]
        }
        var itemStart = 0
        var itemFace = -1
        var itemPosition = 0
        var firstNeutral: Int?
        func closeItem(at end: Int, nextFace: Int) {
            guard itemFace == -1 else { return }
            for cluster in itemStart..<end { faces[cluster] = nextFace >= 0 ? nextFace : 0 }
        }
        // Leading neutral clusters go on with the item before the segment;
        // that item holds more than spaces, so they may move on.
        var itemStartedBefore = false
        for cluster in 0..<count {
            let face = faces[cluster]
            if cluster == 0, face == -1, let preceding {
                faces[0] = preceding.face
                itemFace = preceding.face
                itemPosition = preceding.position
                itemStartedBefore = true
                firstNeutral = 0
                continue
            }
            if startsRun(cluster) {
                closeItem(at: cluster, nextFace: -1)
                itemStart = cluster
                itemStartedBefore = false
                itemFace = face
                itemPosition = face == -1 ? 0 : positions[cluster]
                firstNeutral = face == -1 ? cluster : nil
                continue
            }
            if face == -1 {
                if itemFace != -1 { faces[cluster] = itemFace }
                if firstNeutral == nil { firstNeutral = cluster }
                continue
            }
            defer { firstNeutral = nil }
            if itemFace == -1 {
                for earlier in itemStart..<cluster { faces[earlier] = face }
                itemFace = face
                itemPosition = positions[cluster]
                continue
            }
            guard face != itemFace else { continue }
            if let neutral = firstNeutral, neutral > itemStart || itemStartedBefore, positions[cluster] < itemPosition {
                for moved in neutral..<cluster { faces[moved] = face }
                itemStart = neutral
            } else {
                itemStart = cluster
            }
            itemStartedBefore = false
            itemFace = face
            itemPosition = positions[cluster]
        }
        guard followingInRun, followingFace >= 0 else {
            closeItem(at: count, nextFace: -1)
            return
        }
        if itemFace == -1 {
            closeItem(at: count, nextFace: followingFace)
        } else if let neutral = firstNeutral, neutral > itemStart || itemStartedBefore, followingFace != itemFace,
                  followingPosition < itemPosition {
            for moved in neutral..<count { faces[moved] = followingFace }
        }
    }

    /// The face and fallback position of the item a segment's leading
    /// neutral clusters go on with: that of the last character before the
    /// segment Pango picks a face for (see ``PangoContext/precedingScalar``),
    /// unless it is an emoji, which ends its run.
    private func pangoPrecedingItem(_ context: PangoContext?) -> (face: Int, position: Int)? {
        guard let scalar = context?.precedingScalar, !FontSelector.isPresentedAsEmoji([scalar]) else { return nil }
        let script = context?.precedingScript.map { hb_script_t(rawValue: $0) } ?? ScalarProperties.script(of: scalar)
        return pangoItemFace(of: scalar, script: script)
    }

    /// The face (registry index) Pango picks for `scalar` alone in a run of
    /// `script`, and its position in the fallback list (past the end for a
    /// hex box).
    private func pangoItemFace(of scalar: UInt32, script: hb_script_t) -> (face: Int, position: Int) {
        let choice = selector.choice(for: [scalar])
        if let hint = choice.hint {
            let fallback = selector.pangoFallback(for: hint, script: script)
            return (registry.index(of: fallback.face), fallback.position)
        }
        return (registry.index(of: choice.face), choice.isMissing ? Int.max : 0)
    }

    /// The advance and face bits of a cluster with characters no face has,
    /// under `.pango`: Pango draws each such character as a hex box in the
    /// cluster's face, and the others with the face's own glyphs.
    private func hexBoxMetrics(of scalars: [UInt32], inFaceAt index: Int) -> (advance: Double, faceBits: UInt64) {
        let font = registry.font(at: index)
        let hexBox = registry.hexBox(inFaceAt: index, fontSet: selector.fontSet)
        var advance = 0.0
        var bits = FaceRegistry.bit(for: hexBox.index)
        for scalar in scalars {
            // An invisible character still has a glyph in the run (its own or
            // HarfBuzz's blank), so the face's extents count.
            guard !FontSelector.isInvisible(scalar) else {
                bits |= FaceRegistry.bit(for: index)
                continue
            }
            var glyph: hb_codepoint_t = 0
            if hb_font_get_nominal_glyph(font.hbFont, scalar, &glyph) != 0 {
                advance += Double(hb_font_get_glyph_h_advance(font.hbFont, glyph)) / font.unitsPerPoint
                bits |= FaceRegistry.bit(for: index)
            } else {
                advance += hexBox.box.advance(for: scalar)
            }
        }
        return (advance, bits)
    }

    /// The advance of a space in the primary face, in points.
    func spaceAdvance() -> Double { spaceWidth }

    /// The distance from `position` (points from the line's start) to the
    /// next tab stop; a stop closer than half a space is skipped, as Blink
    /// does (`Font::TabWidth`).
    func tabAdvance(at position: Double) -> Double {
        let space = spaceAdvance()
        let interval = SegmentShaper.tabSize * space
        guard interval > 0 else { return 0 }
        var distance = interval - position.truncatingRemainder(dividingBy: interval)
        if distance < space / 2 { distance += interval }
        return distance
    }

    /// `segment` measured cluster by cluster, shaped on its own.
    func graphemes(of segment: UnsafeBufferPointer<UInt16>) -> SegmentGraphemes {
        graphemes(of: segment, range: 0..<segment.count)
    }

    /// `range` of `text` measured cluster by cluster (offsets relative to
    /// the range), shaped with the rest of `text` as context. Under
    /// `.pango`, `context` tells what the paragraph around the range
    /// decides (without it, bidi levels are resolved over the range alone);
    /// under `.chromium`, `blinkRun` is the fallback run the range goes on
    /// with and `blinkFollowingLevel` the bidi level of the first strong
    /// character after the range in its paragraph (0 when none). Clusters
    /// also end at the offsets `splitAt` (increasing; a line may break
    /// inside a grapheme cluster, as after a Myanmar virama).
    func graphemes(of text: UnsafeBufferPointer<UInt16>, range: Range<Int>, context: PangoContext? = nil,
                   blinkRun: BlinkFallbackRun = BlinkFallbackRun(), blinkFollowingLevel: UInt8 = 0,
                   hanKerningContext: Range<Int>? = nil, splitAt: [Int32] = [])
        -> SegmentGraphemes
    {
        let segment = UnsafeBufferPointer(rebasing: text[range])
        let count = segment.count
        var starts: [Int] = []
        starts.reserveCapacity(count)
        let isASCII = !segment.contains { $0 >= 0x80 }
        if isASCII {
            starts.append(contentsOf: 0..<count)
        } else {
            starts.append(0)
            var boundaries = [Int32](repeating: 0, count: count + 1)
            // Pango has grapheme rules of its own (see the shim).
            let found = profile == .pango
                ? Int(tm_grapheme_breaks_pango(
                    segment.baseAddress, Int32(count), &boundaries, Int32(count + 1)))
                : Int(tm_grapheme_breaks(segment.baseAddress, Int32(count), &boundaries, Int32(count + 1)))
            if found > 0 {
                var split = splitAt.makeIterator()
                var nextSplit = split.next().map(Int.init)
                for boundary in boundaries[0..<found].lazy.map(Int.init) {
                    while let at = nextSplit, at <= boundary {
                        if at < boundary, at > 0 { starts.append(at) }
                        nextSplit = split.next().map(Int.init)
                    }
                    if boundary < count { starts.append(boundary) }
                }
            } else {
                starts = Array(0..<count)
            }
        }
        let clusterCount = starts.count
        var faces = [Int](repeating: 0, count: clusterCount)
        var scripts = [hb_script_t](repeating: HB_SCRIPT_COMMON, count: clusterCount)
        var isSpace = [Bool](repeating: false, count: clusterCount)
        var isTab = [Bool](repeating: false, count: clusterCount)
        var isInvisible = [Bool](repeating: false, count: clusterCount)
        var isEmoji = [Bool](repeating: false, count: clusterCount)
        var levels = [UInt8](repeating: 0, count: count)
        var followingLevel: UInt8?
        if let paragraphLevels = context?.levels {
            levels = Array(paragraphLevels.prefix(count))
            followingLevel = paragraphLevels.count > count ? paragraphLevels[count] : nil
        } else if !isASCII, segment.contains(where: TextScanning.mayBeRightToLeft) {
            if tm_bidi_levels(segment.baseAddress, Int32(count), 0, &levels) != 0 {
                levels = [UInt8](repeating: 0, count: count)
            }
        }

        var scalars: [UInt32] = []
        var firstScalars = profile == .pango ? [UInt32](repeating: 0, count: clusterCount) : []
        var inStretchWithoutFace = false
        // The script of that stretch (Blink shapes each script run apart,
        // with fallback of its own): `HB_SCRIPT_COMMON` until one is seen.
        var stretchScript = HB_SCRIPT_COMMON
        var hexBoxClusters: [Int] = []
        var pangoFallbacks: [(cluster: Int, hint: UInt32)] = []
        var blinkHoles: [Int] = []
        var blinkMissing: [Int] = []
        // Under `.pango`, how far down Pango's fallback list each cluster's
        // face is: 0 for the primary face, past the end for a hex box.
        var fallbackPositions = [Int](repeating: 0, count: profile == .pango ? clusterCount : 0)
        var lastFace: FontFace?
        var lastFaceIndex = 0
        for cluster in 0..<clusterCount {
            let start = starts[cluster]
            let end = cluster + 1 < clusterCount ? starts[cluster + 1] : count
            scalars.removeAll(keepingCapacity: true)
            TextScanning.decode(segment, start..<end, into: &scalars)
            let first = scalars.first ?? 0
            if profile == .pango { firstScalars[cluster] = first }
            isSpace[cluster] = scalars.count == 1 && (first == 0x20 || first == 0x09)
            isTab[cluster] = first == 0x09
            isInvisible[cluster] = scalars.allSatisfy(FontSelector.isInvisible)
            isEmoji[cluster] = !isASCII && FontSelector.isPresentedAsEmoji(scalars)
            for scalar in scalars {
                let script = ScalarProperties.script(of: scalar)
                if script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN {
                    scripts[cluster] = script
                    break
                }
            }
            if profile == .pango && (isSpace[cluster] || isInvisible[cluster] || SegmentShaper.isPangoNeutral(scalars)) {
                faces[cluster] = -1
            } else {
                let choice = selector.choice(for: scalars)
                var face = choice.face
                // Blink picks a fallback face for a stretch of clusters the
                // primary face lacks by its first character: when none has
                // that one, the whole stretch keeps the primary face.
                if profile == .pango {
                    if choice.isMissing {
                        hexBoxClusters.append(cluster)
                        fallbackPositions[cluster] = Int.max
                    }
                    if let hint = choice.hint { pangoFallbacks.append((cluster, hint)) }
                }
                if profile == .chromium {
                    let script = scripts[cluster]
                    if inStretchWithoutFace, script != HB_SCRIPT_COMMON {
                        if stretchScript == HB_SCRIPT_COMMON {
                            stretchScript = script
                        } else if script != stretchScript {
                            inStretchWithoutFace = false
                        }
                    }
                    if choice.isMissing {
                        if !inStretchWithoutFace { stretchScript = script }
                        inStretchWithoutFace = true
                        if !isEmoji[cluster] { blinkMissing.append(cluster) }
                    } else if face === registry.primary.face {
                        inStretchWithoutFace = false
                    } else if inStretchWithoutFace && !isEmoji[cluster] {
                        face = registry.primary.face
                    } else if choice.hint != nil && !isEmoji[cluster] {
                        blinkHoles.append(cluster)
                    }
                }
                // Neighbouring clusters mostly share a face: its index once.
                if face !== lastFace {
                    lastFace = face
                    lastFaceIndex = registry.index(of: face)
                }
                faces[cluster] = lastFaceIndex
            }
        }
        // Common and Inherited clusters take the script before them, or the
        // first real script after them at the start; text with no script of
        // its own (digits, punctuation) is shaped as Latin.
        // Under `.pango` the script run before the range goes on through
        // its leading ones, and brackets take their opener's run (Pango's
        // script iterator).
        if profile == .pango {
            PangoScriptRuns.resolve(
                &scripts, firstScalars: firstScalars, preceding: context?.precedingScript.map { hb_script_t(rawValue: $0) })
        }
        var blinkRunAfter = blinkRun
        if profile == .chromium,
           !blinkHoles.isEmpty || !blinkMissing.isEmpty || !blinkRun.isEmpty || blinkFollowingLevel != 0
            || levels.contains(where: { $0 != 0 }) {
            blinkRunAfter = resolveBlinkFallback(
                &faces, holes: blinkHoles, missing: blinkMissing, scripts: scripts, levels: levels, followingLevel: blinkFollowingLevel,
                isEmoji: isEmoji, starts: starts, segment: segment, run: blinkRun)
        }
        // Text with no script of its own before or in it takes, in Pango, the
        // script of the first character after it that has one.
        let scriptIsKnown = scripts.contains { $0 != HB_SCRIPT_COMMON }
        SegmentShaper.fillForward(&scripts, unset: HB_SCRIPT_COMMON, fallback: HB_SCRIPT_LATIN)
        let precedingItem = profile == .pango ? pangoPrecedingItem(context) : nil
        if profile == .pango {
            // Pango's fallback order depends on the language of the run.
            for (cluster, hint) in pangoFallbacks {
                let fallback = selector.pangoFallback(for: hint, script: scripts[cluster])
                faces[cluster] = registry.index(of: fallback.face)
                fallbackPositions[cluster] = fallback.position
            }
            resolvePangoNeutralFaces(
                &faces, positions: fallbackPositions, preceding: precedingItem, scripts: scripts, scriptIsKnown: scriptIsKnown, levels: starts.map { levels[$0] },
                isEmoji: isEmoji,
                following: context?.following, followingLevel: followingLevel)
        }

        var advances = [Double](repeating: 0, count: clusterCount)
        var unsafeBefore = [Bool](repeating: false, count: clusterCount)
        var insideShapingClusters: [Int] = []
        var clusterOfUnit = [Int](repeating: 0, count: count)
        for cluster in 0..<clusterCount {
            let end = cluster + 1 < clusterCount ? starts[cluster + 1] : count
            for unit in starts[cluster]..<end { clusterOfUnit[unit] = cluster }
        }
        var runStart = 0
        while runStart < clusterCount {
            var runEnd = runStart + 1
            let rtl = levels[starts[runStart]] & 1 == 1
            while runEnd < clusterCount, faces[runEnd] == faces[runStart], scripts[runEnd] == scripts[runStart],
                  (levels[starts[runEnd]] & 1 == 1) == rtl {
                runEnd += 1
            }
            let unitStart = starts[runStart]
            let unitEnd = runEnd < clusterCount ? starts[runEnd] : count
            let font = registry.font(at: faces[runStart])
            let runRange = range.lowerBound + unitStart..<range.lowerBound + unitEnd
            let trims = profile == .chromium && HanKerning.mayApply(UnsafeBufferPointer(rebasing: text[runRange]))
                ? HanKerning.features(
                    for: text, range: runRange, limit: hanKerningContext ?? range,
                    face: registry.hanKerning(at: faces[runStart]))
                : (features: [], unsafeBefore: [])
            let shaped = shapeMarkingJoins(
                text, range: runRange, font: font, script: scripts[runStart], rightToLeft: rtl, features: trims.features,
                findingClusterStarts: profile == .chromium)
            if profile == .chromium {
                // Blink places a character inside a HarfBuzz cluster at the
                // cluster's start (ShapeResult::ComputePositionData): left to
                // right, a line may end before it at no width, and the
                // cluster's advance falls to the last grapheme cluster that
                // starts in it. Right to left, Blink's offset for a position
                // inside the cluster is the cluster's first character, whose
                // grapheme cluster keeps the advance.
                var offset = 0
                while offset < shaped.advances.count {
                    var end = offset + 1
                    while end < shaped.advances.count, !shaped.hasGlyph[end] { end += 1 }
                    var cluster = clusterOfUnit[unitStart + (rtl ? offset : end - 1)]
                    if isInvisible[cluster] { cluster = clusterOfUnit[unitStart + offset] }
                    advances[cluster] += shaped.advances[offset]
                    offset = end
                }
                for cluster in runStart + 1..<runEnd where !shaped.hasGlyph[starts[cluster] - unitStart] {
                    unsafeBefore[cluster] = true
                    insideShapingClusters.append(cluster)
                }
            } else {
                for (offset, advance) in shaped.advances.enumerated() where advance != 0 {
                    advances[clusterOfUnit[unitStart + offset]] += advance
                }
            }
            // A line broken where a mark was trimmed for its neighbour is
            // reshaped without it.
            for offset in trims.unsafeBefore {
                let unit = offset - range.lowerBound
                if unit > 0, unit < count, starts[clusterOfUnit[unit]] == unit { unsafeBefore[clusterOfUnit[unit]] = true }
            }
            for cluster in runStart + 1..<runEnd where shaped.unsafe[starts[cluster] - unitStart] {
                unsafeBefore[cluster] = true
            }
            runStart = runEnd
        }
        var faceBits = [UInt64](repeating: 0, count: clusterCount)
        for cluster in 0..<clusterCount {
            if isTab[cluster] {
                advances[cluster] = spaceAdvance()
            } else if isInvisible[cluster] {
                advances[cluster] = 0
            }
            faceBits[cluster] = FaceRegistry.bit(for: max(faces[cluster], 0))
        }
        // Pango picks faces character by character: invisible characters
        // that start the first cluster (a bidi embedding before a bracket)
        // stay in the item before the segment, whose face counts on the line.
        if let precedingItem, clusterCount > 0, let first = firstScalars.first,
           FontSelector.isInvisible(first) || SegmentShaper.isPangoNeutral(first) {
            faceBits[0] |= FaceRegistry.bit(for: precedingItem.face)
        }
        for cluster in hexBoxClusters {
            let end = cluster + 1 < clusterCount ? starts[cluster + 1] : count
            scalars.removeAll(keepingCapacity: true)
            TextScanning.decode(segment, starts[cluster]..<end, into: &scalars)
            (advances[cluster], faceBits[cluster]) = hexBoxMetrics(of: scalars, inFaceAt: faces[cluster])
        }
        var leads: [UInt64] = []
        if profile == .pango {
            leads = (0..<clusterCount).map { cluster in
                PangoBaseline.lead(face: max(faces[cluster], 0), kind: PangoBaseline.kind(for: scripts[cluster]))
            }
        }
        return SegmentGraphemes(
            offsets: starts, advances: advances, faceBits: faceBits, isSpace: isSpace, isTab: isTab, isInvisible: isInvisible,
            unsafeBefore: unsafeBefore, insideShapingClusters: insideShapingClusters, leads: leads,
            blinkRunAfter: blinkRunAfter)
    }

    /// Whether Blink keeps `scalars` in a run of `script` (an `hb_script_t`
    /// raw value, 0 for none yet): characters of that script, and those of
    /// no script of their own whose Script_Extensions include it. Any other
    /// starts a run of its own, which asks for faces afresh.
    private func staysInRun(_ scalars: [UInt32], script: UInt32) -> Bool {
        guard script != 0 else { return false }
        return scalars.allSatisfy { scalar in
            let own = ScalarProperties.script(of: scalar)
            if own.rawValue == script { return true }
            guard own == HB_SCRIPT_COMMON || own == HB_SCRIPT_INHERITED else { return false }
            return tm_script_extensions_include(scalar, script) == 1
        }
    }

    /// Gives each hole (a cluster with a fallback face, in order) the first
    /// face Blink tried in its run that has the characters the primary face
    /// lacks, or else its own fallback face, which the run then tries next,
    /// unless a cluster no face has (in `missing`) came first in the run: then
    /// the primary face (see ``BlinkFallbackRun``). `scripts` are the clusters' own scripts,
    /// `levels` the units' bidi levels (resolved over the segment alone) and
    /// `followingLevel` the level of the first strong character after it;
    /// returns the run after the segment.
    private func resolveBlinkFallback(
        _ faces: inout [Int], holes: [Int], missing: [Int], scripts: [hb_script_t], levels: [UInt8], followingLevel: UInt8,
        isEmoji: [Bool], starts: [Int], segment: UnsafeBufferPointer<UInt16>, run start: BlinkFallbackRun
    ) -> BlinkFallbackRun {
        var run = start
        var nextHole = 0
        var nextMissing = 0
        var scalars: [UInt32] = []
        scalars.reserveCapacity(8)
        // Each cluster's bidi level: a strong character's own; a neutral
        // one's is the run's between strong characters of that level, else
        // the paragraph's (0), as the paragraph's bidi pass would give it.
        let clusterCount = faces.count
        var strongLevel = [Int16](repeating: -1, count: clusterCount)
        var nextStrong = [UInt8](repeating: followingLevel, count: clusterCount)
        let bidi = run.level != 0 || followingLevel != 0 || levels.contains { $0 != 0 }
        if bidi {
            var following = followingLevel
            for cluster in (0..<clusterCount).reversed() {
                nextStrong[cluster] = following
                let end = cluster + 1 < clusterCount ? starts[cluster + 1] : segment.count
                scalars.removeAll(keepingCapacity: true)
                TextScanning.decode(segment, starts[cluster]..<end, into: &scalars)
                if scalars.contains(where: { ScalarProperties($0).isBidiStrong }) {
                    strongLevel[cluster] = Int16(levels[starts[cluster]])
                    following = levels[starts[cluster]]
                }
            }
        }
        for cluster in faces.indices {
            if bidi {
                let level = strongLevel[cluster] >= 0
                    ? UInt8(strongLevel[cluster]) : (nextStrong[cluster] == run.level ? run.level : 0)
                if level != run.level { run = BlinkFallbackRun(level: level) }
            }
            if isEmoji[cluster] {
                run = BlinkFallbackRun(level: run.level)
                continue
            }
            let script = scripts[cluster]
            if script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN {
                run.continue(first: script.rawValue, last: script.rawValue)
            }
            if nextMissing < missing.count, missing[nextMissing] == cluster {
                nextMissing += 1
                run.outOfLuck = true
            }
            let isHole = nextHole < holes.count && holes[nextHole] == cluster
            guard isHole || run.outOfLuck else { continue }
            scalars.removeAll(keepingCapacity: true)
            TextScanning.decode(
                segment, starts[cluster]..<(cluster + 1 < starts.count ? starts[cluster + 1] : segment.count),
                into: &scalars)
            // A closing bracket takes its opener's script in Blink's runs,
            // which may start a new run: assume it does (errs tall).
            if let first = scalars.first, PangoScriptRuns.isClosingBracket(first) { run.outOfLuck = false }
            guard isHole else { continue }
            nextHole += 1
            // The first face tried that has every visible character the
            // primary face lacks.
            let primary = registry.primary.face
            if let tried = run.faces.first(where: { index in
                let face = registry.font(at: Int(index)).face
                return scalars.allSatisfy { FontSelector.isInvisible($0) || primary.covers($0) || face.covers($0) }
            }) {
                faces[cluster] = Int(tried)
            } else if run.outOfLuck, staysInRun(scalars, script: run.script) {
                faces[cluster] = registry.index(of: registry.primary.face)
            } else if let own = UInt16(exactly: faces[cluster]), !run.faces.contains(own) {
                run.faces.append(own)
            }
        }
        return run
    }

    /// Shapes `range` of `text` (the rest is context) and returns each code
    /// unit's share of the advance: a cluster's advance sits on its first
    /// unit. Points.
    func shape(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, font: SizedFont,
               script: hb_script_t, rightToLeft: Bool) -> [Double] {
        shapeMarkingJoins(text, range: range, font: font, script: script, rightToLeft: rightToLeft).advances
    }

    /// Shapes like `shape`, and also tells for each unit whether breaking the
    /// text before it would change the shaping (`HB_GLYPH_FLAG_UNSAFE_TO_BREAK`)
    /// and, with `findingClusterStarts`, whether a glyph starts at it (else
    /// `hasGlyph` is empty).
    func shapeMarkingJoins(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, font: SizedFont,
                           script: hb_script_t, rightToLeft: Bool, features: [hb_feature_t] = [],
                           findingClusterStarts: Bool = false)
        -> (advances: [Double], unsafe: [Bool], hasGlyph: [Bool])
    {
        var result = [Double](repeating: 0, count: range.count)
        var unsafe = [Bool](repeating: false, count: range.count)
        var hasGlyph = [Bool](repeating: false, count: findingClusterStarts ? range.count : 0)
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        // HarfBuzz keeps 5 characters of context on each side: pass it a
        // window of the text around the range, so offsets stay in 32 bits
        // however long the text is. Clusters count from the window's start.
        let window = max(0, range.lowerBound - 16)..<min(text.count, range.upperBound + 16)
        hb_buffer_add_utf16(buffer, text.baseAddress! + window.lowerBound, Int32(window.count),
                            UInt32(range.lowerBound - window.lowerBound), Int32(range.count))
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, script)
        hb_buffer_set_language(buffer, language(for: script))
        // Features of a range of the text (`start`, `end` offsets in it)
        // count from the window's start too; whole-text ones stay whole.
        let shift = UInt32(window.lowerBound)
        let features = shift == 0 ? features : features.map { feature in
            var feature = feature
            if feature.start != 0 { feature.start = feature.start >= shift ? feature.start - shift : 0 }
            if feature.end != UInt32.max { feature.end = feature.end >= shift ? feature.end - shift : 0 }
            return feature
        }
        features.withUnsafeBufferPointer { features in
            hb_shape(font.hbFont, buffer, features.baseAddress, UInt32(features.count))
        }
        var glyphCount: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &glyphCount),
              let positions = hb_buffer_get_glyph_positions(buffer, &glyphCount) else { return (result, unsafe, hasGlyph) }
        for glyph in 0..<Int(glyphCount) {
            let unit = Int(infos[glyph].cluster) - (range.lowerBound - window.lowerBound)
            if unit >= 0 && unit < result.count {
                result[unit] += Double(positions[glyph].x_advance) / font.unitsPerPoint
                if findingClusterStarts { hasGlyph[unit] = true }
                if hb_glyph_info_get_glyph_flags(&infos[glyph]).rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0 {
                    unsafe[unit] = true
                }
            }
        }
        return (result, unsafe, hasGlyph)
    }

    /// The language text is shaped in (it selects `locl` forms). Chromium
    /// uses the content language, `en-us` here; Pango derives one from each
    /// run's script when the context language (`en`) does not use it.
    private func language(for script: hb_script_t) -> hb_language_t? {
        guard profile == .pango else { return SegmentShaper.english }
        switch script {
        case HB_SCRIPT_HANGUL: return SegmentShaper.sampleLanguages.korean
        case HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA: return SegmentShaper.sampleLanguages.japanese
        case HB_SCRIPT_HAN: return SegmentShaper.sampleLanguages.chinese
        default: return SegmentShaper.english
        }
    }

    static let latin = HB_SCRIPT_LATIN
    nonisolated(unsafe) private static let english = hb_language_from_string("en-us", -1)
    nonisolated(unsafe) private static let sampleLanguages = (
        korean: hb_language_from_string("ko", -1), japanese: hb_language_from_string("ja", -1),
        chinese: hb_language_from_string("zh-cn", -1))

    /// Characters Pango never picks a font for (its itemizer's rule): format
    /// and control characters, space separators, variation selectors.
    static func isPangoNeutral(_ scalars: [UInt32]) -> Bool {
        scalars.allSatisfy(isPangoNeutral)
    }

    static func isPangoNeutral(_ scalar: UInt32) -> Bool {
        let properties = ScalarProperties(scalar)
        return properties.isControl || properties.isDefaultIgnorable
            || (properties.isSpaceSeparator && scalar != 0x1680)
            || ScalarProperties.isVariationSelector(scalar)
    }

    /// Replaces each `unset` value with the value before it, and leading ones
    /// with the first set value (or `fallback`).
    private static func fillForward<Value: Equatable>(_ values: inout [Value], unset: Value, fallback: Value? = nil) {
        guard let firstSet = values.firstIndex(where: { $0 != unset }) else {
            if let fallback { values = values.map { _ in fallback } }
            return
        }
        for index in 0..<firstSet { values[index] = values[firstSet] }
        for index in firstSet..<values.count where values[index] == unset { values[index] = values[index - 1] }
    }
}
