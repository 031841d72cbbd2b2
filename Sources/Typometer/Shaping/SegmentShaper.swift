import CHarfBuzz
/// Itemizes a segment into runs of one face, script and direction and
/// shapes each run with HarfBuzz; safe from any thread.
struct SegmentShaper: Sendable {
    let selector: FontSelector
    let registry: FaceRegistry
    /// The features every run is shaped with (the style's, and those the
    /// renderer sets for it), before a run's own.
    let styleFeatures: [hb_feature_t]
    /// The letter and word spacing added to shaped advances.
    let spacing: TextSpacing
    /// How HarfBuzz merges clusters (``RendererTraits/clusterLevel``).
    let clusterLevel: hb_buffer_cluster_level_t
    /// The primary face's space and soft-hyphen hyphen, shaped once.
    private let spaceWidth: Double
    private let hyphenWidth: Double
    /// Whether the primary face may kern its space with what follows
    /// (``SizedFont/mayKernSpace``, ``SpaceKerning``), found once
    /// where the renderer counts that kerning (`countsSpaceKerning`).
    let primaryKernsSpace: Bool
    /// Spaces shaped in runs of their own.
    private let loneSpaces = LoneSpaceMemo()

    init(selector: FontSelector, registry: FaceRegistry, styleFeatures: [hb_feature_t] = [],
         spacing: TextSpacing = TextSpacing(),
         clusterLevel: hb_buffer_cluster_level_t = HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES,
         countsSpaceKerning: Bool = false) {
        self.selector = selector
        self.registry = registry
        self.styleFeatures = styleFeatures
        self.spacing = spacing
        self.clusterLevel = clusterLevel
        let primary = registry.primary
        let hyphen: UInt16 = primary.face.covers(0x2010) ? 0x2010 : 0x2D
        spaceWidth = SegmentShaper.advance(of: 0x20, in: primary, features: styleFeatures)
        hyphenWidth = SegmentShaper.advance(of: hyphen, in: primary, features: styleFeatures)
        primaryKernsSpace = countsSpaceKerning && primary.mayKernSpace
    }

    /// Whether the style changes what HarfBuzz gives a plain word (features,
    /// spacing): the shortcuts that measure words without shaping them
    /// (``SimpleWordShaper``, Chromium's simple Latin runs) are then off.
    var altersPlainWords: Bool { !styleFeatures.isEmpty || !spacing.isZero }

    private static func advance(of unit: UInt16, in font: SizedFont, features: [hb_feature_t]) -> Double {
        HarfBuzzBuffer().withPointer { buffer in
            var unit = unit
            hb_buffer_add_utf16(buffer, &unit, 1, 0, 1)
            hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
            hb_buffer_set_script(buffer, HB_SCRIPT_COMMON)
            features.withUnsafeBufferPointer { hb_shape(font.hbFont, buffer, $0.baseAddress, UInt32($0.count)) }
            var count: UInt32 = 0
            guard let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return 0 }
            return (0..<Int(count)).reduce(0) { $0 + Double(positions[$1].x_advance) } / font.unitsPerPoint
        }
    }

    /// Tab stops are this many spaces of the primary face apart (CSS
    /// `tab-size: 8`, Pango's default).
    static let tabSize = 8.0

    /// The advances of `segment` shaped on its own.
    func metrics<Rules: ShapingRules>(of segment: UTF16Text, rules: Rules.Type) -> SegmentMetrics {
        metrics(of: segment, range: 0..<segment.count, context: Rules.Faces.isolatedContext, rules: rules)
    }

    /// The advances of `range` of `text`, shaped with the rest of `text` as
    /// context (so a piece of an Arabic word keeps its joining forms);
    /// `context` is what the text around the range tells the renderer.
    /// `hanKerningContext` (default: `range`) is the text whose fullwidth
    /// punctuation trims that of the range.
    func metrics<Rules: ShapingRules>(
        of text: UTF16Text, range: Range<Int>, context: Rules.Faces.Context, rules: Rules.Type,
        hanKerningContext: Range<Int>? = nil
    ) -> SegmentMetrics {
        let clusters = graphemes(
            of: text, range: range, context: context, rules: rules, hanKerningContext: hanKerningContext).clusters
        return summary(of: clusters, clusters: 0..<clusters.advances.count,
                       text: text[range], rules: rules)
    }

    /// The segments of a chunk (`ends` relative to it, the last one its
    /// length), shaped together on their own.
    func chunkMetrics<Rules: ShapingRules>(
        of chunk: UTF16Text, ends: [Int32], context: Rules.Faces.Context, rules: Rules.Type
    ) -> ChunkMetrics {
        let (clusters, carry) = graphemes(of: chunk, range: 0..<chunk.count, context: context, rules: rules, splitAt: ends)
        return chunkMetrics(from: clusters, chunk: chunk, ends: ends, leaving: carry, rules: rules)
    }

    /// The width of the hyphen Chromium draws at a soft hyphen: U+2010 when
    /// the primary face has it, else U+002D.
    func hyphenAdvance() -> Double { hyphenWidth }

    /// The advance of a space in the primary face, in points.
    func spaceAdvance() -> Double { spaceWidth }

    /// The distance from `position` (points from the line's start) to the
    /// next tab stop, stops being eight spaces apart (with their letter and
    /// word spacing where the renderer counts them,
    /// ``RendererTraits/tabStopsCountSpacing``); a stop closer than the
    /// renderer's minimum gap is skipped (``RendererTraits/tabStopMinimumGap``).
    func tabAdvance<Rules: ShapingRules>(at position: Double, rules: Rules.Type) -> Double {
        let space = spaceAdvance()
        let interval = SegmentShaper.tabSize * (Rules.traits.tabStopsCountSpacing ? space + spacing.letter + spacing.word : space)
        guard interval > 0 else { return 0 }
        var distance = interval - position.truncatingRemainder(dividingBy: interval)
        if distance < space * Rules.traits.tabStopMinimumGap { distance += interval }
        return distance
    }

    /// `segment` measured cluster by cluster, shaped on its own.
    func graphemes<Rules: ShapingRules>(of segment: UTF16Text, rules: Rules.Type) -> SegmentGraphemes {
        graphemes(of: segment, range: 0..<segment.count, context: Rules.Faces.isolatedContext, rules: rules).clusters
    }

    /// `range` of `text` measured cluster by cluster (offsets relative to
    /// the range), shaped with the rest of `text` as context; `context` is
    /// what the text around the range tells the renderer's face choice.
    /// Clusters also end at the offsets `splitAt` (increasing; a line may
    /// break inside a grapheme cluster, as after a Myanmar virama).
    /// `hanKerningContext` (default: `range`) is the text whose fullwidth
    /// punctuation trims that of the range. Returns the clusters and what
    /// the range leaves for the text after it.
    func graphemes<Rules: ShapingRules>(
        of text: UTF16Text, range: Range<Int>, context: Rules.Faces.Context, rules: Rules.Type,
        hanKerningContext: Range<Int>? = nil, splitAt: [Int32] = []
    ) -> (clusters: SegmentGraphemes, carry: Rules.Faces.Carry) {
        let segment = text[range]
        let isASCII = !segment.contains { $0 >= 0x80 }
        var clusters = SegmentClusters(
            segment: segment, isASCII: isASCII,
            starts: clusterStarts(of: segment, isASCII: isASCII, splitAt: splitAt, rules: rules))
        if let levels = Rules.Faces.levels(in: context, count: segment.count) {
            clusters.levels = levels
        } else if !isASCII, segment.contains(where: TextScanning.mayBeRightToLeft),
                  !ICU.bidiLevels(of: segment, base: 0, into: &clusters.levels) {
            clusters.levels = [UInt8](filled: 0, count: segment.count)
        }
        var choice = Rules.Faces.startChoosing(clusters, context: context)
        var scalars: [UInt32] = []
        for cluster in 0..<clusters.count {
            clusters.decode(cluster, into: &scalars)
            SegmentShaper.classify(cluster, of: scalars, in: &clusters)
            Rules.Faces.choose(cluster: cluster, scalars: scalars, in: &clusters, choice: &choice, shaper: self)
        }
        let carry = Rules.Faces.finishChoosing(&clusters, choice: &choice, context: context, shaper: self)
        let shaped = shapeRuns(of: clusters, in: text, range: range, hanKerningContext: hanKerningContext ?? range,
                               rules: rules)
        clusters.advances = shaped.advances
        clusters.faceBits = [UInt64](filled: 0, count: clusters.count)
        for cluster in 0..<clusters.count {
            if clusters.isTab[cluster] {
                clusters.advances[cluster] = spaceAdvance()
            } else if Rules.traits.drawsSeparatorsAsSpaces, clusters.isInvisible[cluster],
                      segment[clusters.starts[cluster]] == 0x2028 || segment[clusters.starts[cluster]] == 0x2029 {
                clusters.advances[cluster] = spaceAdvance()
            } else if clusters.isInvisible[cluster] {
                clusters.advances[cluster] = 0
            }
            clusters.faceBits[cluster] = FaceRegistry.bit(for: max(clusters.faces[cluster], 0))
        }
        if !spacing.isZero {
            addSpacing(to: &clusters, shapingClusters: shaped.shapingClusters, rules: rules)
        }
        Rules.Faces.finishMeasuring(&clusters, choice: choice, shaper: self)
        let graphemes = SegmentGraphemes(
            offsets: clusters.starts, advances: clusters.advances, faceBits: clusters.faceBits,
            isSpace: clusters.isSpace, isTab: clusters.isTab, isInvisible: clusters.isInvisible,
            unsafeBefore: shaped.unsafeBefore, insideShapingClusters: shaped.insideShapingClusters,
            lineStartBits: clusters.lineStartBits, faces: clusters.faces, scripts: clusters.scripts)
        return (graphemes, carry)
    }

    /// Where the grapheme clusters of `segment` start, by the renderer's
    /// grapheme rules, also cut at `splitAt`.
    private func clusterStarts<Rules: ShapingRules>(
        of segment: UTF16Text, isASCII: Bool, splitAt: [Int32], rules: Rules.Type
    ) -> [Int] {
        let count = segment.count
        guard !isASCII else { return Array(0..<count) }
        var starts = [0]
        starts.reserveCapacity(count)
        var boundaries = [Int32](filled: 0, count: count + 1)
        let found = boundaries.withUnsafeMutableBufferPointer { Rules.graphemeBoundaries(in: segment, into: $0) }
        guard found > 0 else { return Array(0..<count) }
        var split = splitAt.makeIterator()
        var nextSplit = split.next().map(Int.init)
        for boundary in boundaries[0..<found].lazy.map(Int.init) {
            while let at = nextSplit, at <= boundary {
                if at < boundary, at > 0 { starts.append(at) }
                nextSplit = split.next().map(Int.init)
            }
            if boundary < count { starts.append(boundary) }
        }
        return starts
    }

    /// What every renderer tells of a cluster from its `scalars`: a space, a
    /// tab, drawn as nothing, an emoji; its script (its first character's
    /// of a script of its own).
    private static func classify(_ cluster: Int, of scalars: [UInt32], in clusters: inout SegmentClusters) {
        let first = scalars.first ?? 0
        clusters.isSpace[cluster] = scalars.count == 1 && (first == 0x20 || first == 0x09)
        clusters.isTab[cluster] = first == 0x09
        clusters.isInvisible[cluster] = scalars.allSatisfy(FontSelector.isInvisible)
        clusters.isEmoji[cluster] = !clusters.isASCII && FontSelector.isPresentedAsEmoji(scalars)
        for scalar in scalars {
            let script = ScalarProperties.script(of: scalar)
            if script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN {
                clusters.scripts[cluster] = script
                break
            }
        }
    }

    /// Adds the letter spacing once for each HarfBuzz cluster whose advance
    /// a grapheme takes (`shapingClusters`: Blink's `ShapeResult::ApplySpacing`
    /// spaces every HarfBuzz cluster, so a grapheme of two clusters gets it
    /// twice; Pango's `pango_glyph_item_letter_space` every cluster that
    /// starts a grapheme), tabs excepted (both shape them apart), invisible
    /// characters and the runs whose script the renderer does not space
    /// (their spaces excepted), and the word spacing to each space where the
    /// renderer adds it.
    private func addSpacing<Rules: ShapingRules>(
        to clusters: inout SegmentClusters, shapingClusters: [Int], rules: Rules.Type
    ) {
        for cluster in 0..<clusters.count where !clusters.isTab[cluster] {
            let first = clusters.segment[clusters.starts[cluster]]
            let isSpace = first == 0x20 || first == 0xA0
            if !clusters.isInvisible[cluster] || Rules.traits.lettersSpaceInvisibleCharacters,
               isSpace || Rules.lettersSpace(script: clusters.scripts[cluster]) {
                clusters.advances[cluster] += Double(shapingClusters[cluster]) * spacing.letter
            }
            if Rules.traits.addsWordSpacing, isSpace { clusters.advances[cluster] += spacing.word }
        }
    }

    /// Shapes `clusters` (`range` of `text`) run by run (one face, script
    /// and direction each) and gives each cluster its advance.
    private func shapeRuns<Rules: ShapingRules>(
        of clusters: SegmentClusters, in text: UTF16Text, range: Range<Int>,
        hanKerningContext: Range<Int>, rules: Rules.Type
    ) -> (advances: [Double], unsafeBefore: [Bool], insideShapingClusters: [Int], shapingClusters: [Int]) {
        let count = clusters.segment.count
        let starts = clusters.starts
        var advances = [Double](filled: 0, count: clusters.count)
        var unsafeBefore = [Bool](filled: false, count: clusters.count)
        var insideShapingClusters: [Int] = []
        // How many HarfBuzz clusters each grapheme takes the advance of, for
        // letter spacing only.
        var shapingClusters = spacing.isZero ? [] : [Int](filled: 0, count: clusters.count)
        var clusterOfUnit = [Int](filled: 0, count: count)
        for cluster in 0..<clusters.count {
            for unit in starts[cluster]..<clusters.end(of: cluster) { clusterOfUnit[unit] = cluster }
        }
        let lastGraphemeTakesAdvance = Rules.Faces.givesShapingClusterAdvanceToLastGrapheme
        var runStart = 0
        while runStart < clusters.count {
            let run = self.run(startingAt: runStart, in: clusters)
            let unitStart = starts[runStart]
            let runRange = range.lowerBound + unitStart..<range.lowerBound + clusters.end(of: run.end - 1)
            let trims = Rules.Faces.features(
                forRun: runRange, of: text, limit: hanKerningContext, face: clusters.faces[runStart], shaper: self)
            let language = Rules.language(for: clusters.scripts[runStart], content: selector.language)
            func shapeRun() -> LoneSpaceMemo.Shaped {
                shapeMarkingJoins(
                    text, range: runRange, font: registry.font(at: clusters.faces[runStart]),
                    script: clusters.scripts[runStart], rightToLeft: run.rightToLeft, features: trims.features,
                    findingClusterStarts: true, language: language)
            }
            let shaped = runRange.count == 1 && text[runRange.lowerBound] == 0x20 && trims.features.isEmpty
                ? loneSpaces.shaped(
                    for: LoneSpaceMemo.Key(
                        face: clusters.faces[runStart], script: clusters.scripts[runStart].rawValue,
                        rightToLeft: run.rightToLeft, language: UInt(bitPattern: language)),
                    shape: shapeRun)
                : shapeRun()
            if lastGraphemeTakesAdvance {
                var offset = 0
                while offset < shaped.advances.count {
                    var end = offset + 1
                    while end < shaped.advances.count, !shaped.hasGlyph[end] { end += 1 }
                    var cluster = clusterOfUnit[unitStart + (run.rightToLeft ? offset : end - 1)]
                    if clusters.isInvisible[cluster] { cluster = clusterOfUnit[unitStart + offset] }
                    advances[cluster] += shaped.advances[offset]
                    // Blink spaces no HarfBuzz cluster that starts with a
                    // character drawn as nothing (`a` + ZWNJ gets one spacing).
                    if !shapingClusters.isEmpty, Rules.traits.lettersSpaceInvisibleCharacters
                        || !FontSelector.isInvisible(UInt32(text[runRange.lowerBound + offset])) {
                        shapingClusters[cluster] += 1
                    }
                    offset = end
                }
                for cluster in runStart + 1..<run.end where !shaped.hasGlyph[starts[cluster] - unitStart] {
                    unsafeBefore[cluster] = true
                    insideShapingClusters.append(cluster)
                }
            } else {
                shareClusterAdvances(
                    shaped, clusterOfUnit: clusterOfUnit, text: text, runStart: runRange.lowerBound, unitStart: unitStart,
                    unitsPerPoint: registry.font(at: clusters.faces[runStart]).unitsPerPoint,
                    into: &advances, insideShapingClusters: &insideShapingClusters)
                if !shapingClusters.isEmpty {
                    for cluster in runStart..<run.end { shapingClusters[cluster] = 1 }
                    for cluster in insideShapingClusters where cluster >= runStart { shapingClusters[cluster] = 0 }
                }
            }
            // A line broken where a mark was trimmed for its neighbour is
            // reshaped without it.
            for offset in trims.unsafeBefore {
                let unit = offset - range.lowerBound
                if unit > 0, unit < count, starts[clusterOfUnit[unit]] == unit { unsafeBefore[clusterOfUnit[unit]] = true }
            }
            for cluster in runStart + 1..<run.end where shaped.unsafe[starts[cluster] - unitStart] {
                unsafeBefore[cluster] = true
            }
            runStart = run.end
        }
        return (advances, unsafeBefore, insideShapingClusters, shapingClusters)
    }

    /// Gives each character of a HarfBuzz cluster an even share of the
    /// cluster's advance in whole units (the first character the rest), and
    /// each grapheme the shares of its characters, as Pango measures the
    /// places it may break a word at (`pango_glyph_item_get_logical_widths`);
    /// lists the graphemes that start inside a HarfBuzz cluster.
    private func shareClusterAdvances(
        _ shaped: (advances: [Double], unsafe: [Bool], hasGlyph: [Bool]), clusterOfUnit: [Int], text: UTF16Text,
        runStart: Int, unitStart: Int, unitsPerPoint: Double, into advances: inout [Double],
        insideShapingClusters: inout [Int]
    ) {
        var offset = 0
        while offset < shaped.advances.count {
            guard shaped.hasGlyph[offset] else {
                offset += 1
                continue
            }
            var end = offset + 1
            while end < shaped.advances.count, !shaped.hasGlyph[end] { end += 1 }
            let first = clusterOfUnit[unitStart + offset]
            if clusterOfUnit[unitStart + end - 1] == first {
                advances[first] += shaped.advances[offset]
            } else {
                // Characters: the units that are not trailing surrogates.
                let characters = (offset..<end).filter { !(0xDC00..<0xE000).contains(text[runStart + $0]) }
                let total = Int((shaped.advances[offset] * unitsPerPoint).rounded())
                let share = total / characters.count
                for (index, unit) in characters.enumerated() {
                    let width = index == 0 ? total - share * (characters.count - 1) : share
                    advances[clusterOfUnit[unitStart + unit]] += Double(width) / unitsPerPoint
                }
                for cluster in first + 1...clusterOfUnit[unitStart + end - 1] { insideShapingClusters.append(cluster) }
            }
            offset = end
        }
    }

    /// The run of clusters from `start` that share its face, script and
    /// direction: its end and whether it is right to left.
    private func run(startingAt start: Int, in clusters: SegmentClusters) -> (end: Int, rightToLeft: Bool) {
        let rightToLeft = clusters.levels[clusters.starts[start]] & 1 == 1
        var end = start + 1
        while end < clusters.count, clusters.faces[end] == clusters.faces[start],
              clusters.scripts[end] == clusters.scripts[start],
              (clusters.levels[clusters.starts[end]] & 1 == 1) == rightToLeft {
            end += 1
        }
        return (end, rightToLeft)
    }
}
