import CHarfBuzz

/// How Pango gives clusters their faces: its itemizer picks a face for each
/// character from the paragraph's fallback list for the run's language,
/// none for spaces and invisible characters (they join the item around
/// them), and a hex box in the cluster's face for characters no face has.
enum PangoClusterFaces: ClusterFaceRules {
    /// What the paragraph tells about the segment; `nil` for a segment on
    /// its own (bidi levels resolved over it alone).
    typealias Context = PangoContext?
    typealias Carry = Void

    struct Choice {
        /// Each cluster's first character.
        var firstScalars: [UInt32]
        /// How far down Pango's fallback list each cluster's face is: 0 for
        /// the primary face, past the end for a hex box.
        var positions: [Int]
        /// Clusters drawn as hex boxes, and clusters whose face depends on
        /// the run's language (with the character to look up).
        var hexBoxes: [Int] = []
        var fallbacks: [(cluster: Int, hint: UInt32)] = []
        /// Clusters whose base the primary face draws and some of whose
        /// marks it lacks: Pango draws those marks from another face.
        var marksApart: [Int] = []
        /// The item the segment's leading neutral clusters go on with.
        var precedingItem: (face: Int, position: Int)?
        /// The bidi level of the unit after the segment, when known.
        var followingLevel: UInt8?
    }

    static var isolatedContext: Context { nil }

    /// Pango's chunks leave nothing: the paragraph's context is in the key.
    static func kept(_ carry: Void) -> (any Sendable)? { nil }

    static func levels(in context: Context, count: Int) -> [UInt8]? {
        context?.levels.map { Array($0.prefix(count)) }
    }

    static func startChoosing(_ clusters: SegmentClusters, context: Context) -> Choice {
        let count = clusters.count
        var choice = Choice(
            firstScalars: [UInt32](filled: 0, count: count), positions: [Int](filled: 0, count: count))
        if let levels = context?.levels, levels.count > clusters.segment.count {
            choice.followingLevel = levels[clusters.segment.count]
        }
        return choice
    }

    static func choose(
        cluster: Int, scalars: [UInt32], in clusters: inout SegmentClusters, choice: inout Choice,
        shaper: SegmentShaper
    ) {
        choice.firstScalars[cluster] = scalars.first ?? 0
        if clusters.isSpace[cluster] || clusters.isInvisible[cluster] || isNeutral(scalars) {
            clusters.faces[cluster] = -1
            // A control character Pango draws is shaped in the face of the
            // item around it, which has no glyph for it: Pango's shaper
            // gives it the hex box of that face, not the face's `.notdef`
            // (`pango_hb_font_get_nominal_glyph`; ESC in Inter 20 pt is
            // 12.27 pt, its `.notdef` 19.89).
            if let first = scalars.first, FontSelector.isDrawnControl(first) { choice.hexBoxes.append(cluster) }
            return
        }
        if scalars.count > 1, drawsMarksApart(scalars, primary: shaper.selector.primary) {
            clusters.setFace(shaper.selector.primary, ofCluster: cluster, registry: shaper.registry)
            choice.marksApart.append(cluster)
            return
        }
        // A fallback face from the set's own order is a stand-in until
        // Pango's own fallback for the run's script replaces it
        // (`finishChoosing`); the choice tells whether any face has the
        // character, and which one it is.
        let selection = shaper.selector.choice(for: scalars, fallback: SetOrderFallback())
        if selection.isMissing {
            choice.hexBoxes.append(cluster)
            choice.positions[cluster] = Int.max
        }
        if let hint = selection.hint { choice.fallbacks.append((cluster, hint)) }
        clusters.setFace(selection.face, ofCluster: cluster, registry: shaper.registry)
    }

    static func finishChoosing(
        _ clusters: inout SegmentClusters, choice: inout Choice, context: Context, shaper: SegmentShaper
    ) -> Carry {
        // The script run before the segment goes on through its leading
        // Common clusters, and brackets take their opener's run (Pango's
        // script iterator); text with no script of its own before or in it
        // takes the script of the first character after it that has one.
        ScriptRuns.resolve(
            &clusters.scripts, firstScalars: choice.firstScalars,
            preceding: context?.precedingScript.map { hb_script_t(rawValue: $0) }, bracket: PairedBrackets.pairedCharacter)
        let scriptIsKnown = clusters.scripts.contains { $0 != HB_SCRIPT_COMMON }
        clusters.fillUnresolvedScripts()
        choice.precedingItem = precedingItem(context, shaper: shaper)
        // Pango's fallback order depends on the language of the run.
        if !choice.fallbacks.isEmpty {
            let memo = PangoFallbackMemo.of(shaper)
            for (cluster, hint) in choice.fallbacks {
                let fallback = memo.fallback(for: hint, script: clusters.scripts[cluster], shaper: shaper)
                clusters.faces[cluster] = fallback.face
                choice.positions[cluster] = fallback.position
            }
        }
        resolveNeutralFaces(
            &clusters, positions: choice.positions, preceding: choice.precedingItem, scriptIsKnown: scriptIsKnown,
            following: context?.following, followingLevel: choice.followingLevel, shaper: shaper)
    }

    static var givesShapingClusterAdvanceToLastGrapheme: Bool { false }

    static func features(
        forRun range: Range<Int>, of text: UTF16Text, limit: Range<Int>, face: Int,
        shaper: SegmentShaper
    ) -> (features: [hb_feature_t], unsafeBefore: [Int]) { ([], []) }

    static func finishMeasuring(_ clusters: inout SegmentClusters, choice: Choice, shaper: SegmentShaper) {
        // Pango picks faces character by character: invisible characters
        // that start the first cluster (a bidi embedding before a bracket)
        // stay in the item before the segment, whose face counts on the line.
        if let precedingItem = choice.precedingItem, clusters.count > 0, let first = choice.firstScalars.first,
           FontSelector.isInvisible(first) || isNeutral(first) {
            clusters.faceBits[0] |= FaceRegistry.bit(for: precedingItem.face)
        }
        var scalars: [UInt32] = []
        for cluster in choice.hexBoxes {
            clusters.decode(cluster, into: &scalars)
            (clusters.advances[cluster], clusters.faceBits[cluster]) = hexBoxMetrics(
                of: scalars, inFaceAt: max(clusters.faces[cluster], 0), shaper: shaper)
        }
        for cluster in choice.marksApart {
            clusters.decode(cluster, into: &scalars)
            (clusters.advances[cluster], clusters.faceBits[cluster]) = marksApartMetrics(
                of: scalars, script: clusters.scripts[cluster], shaper: shaper)
        }
        clusters.lineStartBits = (0..<clusters.count).map { cluster in
            PangoBaseline.lead(face: max(clusters.faces[cluster], 0), kind: PangoBaseline.kind(for: clusters.scripts[cluster]))
        }
    }

    /// Whether Pango draws some marks of the cluster `scalars` from another
    /// face than its base: it picks a face for each character
    /// (`itemize_state_process_run`), so a mark the primary face lacks after
    /// a base it has is an item of its own in the first face that has it.
    private static func drawsMarksApart(_ scalars: [UInt32], primary: FontFace) -> Bool {
        guard primary.covers(scalars[0]), !FontSelector.isPresentedAsEmoji(scalars) else { return false }
        return scalars.dropFirst().contains { scalar in
            !FontSelector.isInvisible(scalar) && !primary.covers(scalar) && ScalarProperties(scalar).isMark
        }
    }

    /// The advance and faces of a cluster whose marks Pango draws apart
    /// (``drawsMarksApart(_:primary:)``): the characters the primary face
    /// has shaped together in it, and each mark it lacks shaped alone in
    /// the face Pango falls back to for it (`e` + U+0301 in Liberation
    /// Serif 32 pt: the `e`, 14.20 pt, and the accent from Inter, 0 pt).
    private static func marksApartMetrics(of scalars: [UInt32], script: hb_script_t, shaper: SegmentShaper)
        -> (advance: Double, faceBits: UInt64)
    {
        let primary = shaper.selector.primary
        func advance(of scalars: [UInt32], inFaceAt index: Int) -> Double {
            var units: [UInt16] = []
            for scalar in scalars { units.append(contentsOf: Unicode.Scalar(scalar).map { Array(String($0).utf16) } ?? []) }
            guard !units.isEmpty else { return 0 }
            return units.withUTF16Text { text in
                shaper.shapeMarkingJoins(
                    text, range: 0..<text.count, font: shaper.registry.font(at: index), script: script,
                    rightToLeft: false, language: PangoLanguage.shaping(for: script, content: shaper.selector.language)
                ).advances.reduce(0, +)
            }
        }
        var bits = FaceRegistry.bit(for: 0)
        var total = advance(of: scalars.filter { FontSelector.isInvisible($0) || primary.covers($0) }, inFaceAt: 0)
        for scalar in scalars where !FontSelector.isInvisible(scalar) && !primary.covers(scalar) {
            let fallback = shaper.selector.pangoFallback(for: scalar, script: script)
            let index = shaper.registry.index(of: fallback.face)
            bits |= FaceRegistry.bit(for: index)
            total += advance(of: [scalar], inFaceAt: index)
        }
        return (total, bits)
    }

    /// Pango trims no closing bracket.
    static func lineEndTrim(ofLast unit: UInt16, faceBits: UInt64, shaper: SegmentShaper) -> Double { 0 }

    /// Pango picks faces for the paragraph before it breaks lines.
    static var piecesKeepSegmentFaces: Bool { true }

    static func context(ofPiece range: Range<Int>, of units: UTF16Text, in context: Context)
        -> Context { context?.piece(range, of: units) }
}
