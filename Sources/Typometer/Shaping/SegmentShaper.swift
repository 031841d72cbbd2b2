import CHarfBuzz
import CICUShim

/// Itemizes a segment into runs of one face, script and direction and
/// shapes each run with HarfBuzz; safe from any thread.
struct SegmentShaper: Sendable {
    let selector: FontSelector
    let registry: FaceRegistry
    let profile: RenderingProfile
    /// The renderer's shaping rules, as ``profile`` names them.
    let rules: any ShapingRules.Type
    /// The primary face's space and soft-hyphen hyphen, shaped once.
    private let spaceWidth: Double
    private let hyphenWidth: Double

    init(selector: FontSelector, registry: FaceRegistry, profile: RenderingProfile, rules: any ShapingRules.Type) {
        self.selector = selector
        self.registry = registry
        self.profile = profile
        self.rules = rules
        let primary = registry.primary
        let hyphen: UInt16 = primary.face.covers(0x2010) ? 0x2010 : 0x2D
        spaceWidth = SegmentShaper.advance(of: 0x20, in: primary)
        hyphenWidth = SegmentShaper.advance(of: hyphen, in: primary)
    }

    private static func advance(of unit: UInt16, in font: SizedFont) -> Double {
        HarfBuzzBuffer().withPointer { buffer in
            var unit = unit
            hb_buffer_add_utf16(buffer, &unit, 1, 0, 1)
            hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
            hb_buffer_set_script(buffer, HB_SCRIPT_COMMON)
            hb_shape(font.hbFont, buffer, nil, 0)
            var count: UInt32 = 0
            guard let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return 0 }
            return (0..<Int(count)).reduce(0) { $0 + Double(positions[$1].x_advance) } / font.unitsPerPoint
        }
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

    /// The width of the hyphen Chromium draws at a soft hyphen: U+2010 when
    /// the primary face has it, else U+002D.
    func hyphenAdvance() -> Double { hyphenWidth }

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
            let found = boundaries.withUnsafeMutableBufferPointer {
                rules.graphemeBoundaries(in: segment, into: $0)
            }
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
