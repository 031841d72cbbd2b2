import CHarfBuzz
/// How Blink gives clusters their faces: each from the font set by its
/// characters, a stretch of clusters the primary face lacks by its first
/// character (when no face has that one, the whole stretch keeps the
/// primary face), and fallback runs that go on from segment to segment
/// (``BlinkFallbackRun``).
enum BlinkClusterFaces: ClusterFaceRules {
    /// The fallback run a segment goes on with, and the bidi level of the
    /// first strong character after it in its paragraph (0 when none).
    struct Context {
        var run = BlinkFallbackRun()
        var followingLevel: UInt8 = 0
    }

    /// The fallback run after the segment.
    typealias Carry = BlinkFallbackRun

    struct Choice {
        /// Whether the clusters since the last one the primary face has
        /// have no face (Blink shapes each script run apart, with fallback
        /// of its own), and the script of that stretch
        /// (`HB_SCRIPT_COMMON` until one is seen).
        var inStretchWithoutFace = false
        var stretchScript = HB_SCRIPT_COMMON
        /// Clusters drawn in a fallback face, and clusters no face has.
        var holes: [Int] = []
        var missing: [Int] = []
    }

    static var isolatedContext: Context { Context() }

    /// A fallback run with faces tried or a level other than 0; an empty
    /// one at level 0 tells the next chunk nothing (its script then no
    /// longer matters).
    static func kept(_ carry: BlinkFallbackRun) -> (any Sendable)? { carry.isEmpty ? nil : carry }

    static func levels(in context: Context, count: Int) -> [UInt8]? { nil }

    static func startChoosing(_ clusters: SegmentClusters, context: Context) -> Choice { Choice() }

    static func choose(
        cluster: Int, scalars: [UInt32], in clusters: inout SegmentClusters, choice: inout Choice,
        shaper: SegmentShaper
    ) {
        let selection = shaper.selector.choice(for: scalars, normalizing: true, emojiFromPrimary: true, fallback: ChromiumCharacterFallback())
        var face = selection.face
        let script = clusters.scripts[cluster]
        let isEmoji = clusters.isEmoji[cluster]
        if choice.inStretchWithoutFace, script != HB_SCRIPT_COMMON {
            if choice.stretchScript == HB_SCRIPT_COMMON {
                choice.stretchScript = script
            } else if script != choice.stretchScript {
                choice.inStretchWithoutFace = false
            }
        }
        if selection.isMissing {
            if !choice.inStretchWithoutFace { choice.stretchScript = script }
            choice.inStretchWithoutFace = true
            if !isEmoji { choice.missing.append(cluster) }
        } else if face === shaper.registry.primary.face || (selection.hint == nil && !isEmoji) {
            // The primary face or the page's default font: a font of the
            // list, tried for every hole before any fallback.
            choice.inStretchWithoutFace = false
        } else if choice.inStretchWithoutFace && !isEmoji {
            face = shaper.registry.primary.face
        } else if selection.hint != nil && !isEmoji {
            choice.holes.append(cluster)
        }
        clusters.setFace(face, ofCluster: cluster, registry: shaper.registry)
    }

    static func finishChoosing(
        _ clusters: inout SegmentClusters, choice: inout Choice, context: Context, shaper: SegmentShaper
    ) -> Carry {
        var run = context.run
        if !choice.holes.isEmpty || !choice.missing.isEmpty || !context.run.isEmpty || context.followingLevel != 0
            || clusters.levels.contains(where: { $0 != 0 }) {
            run = resolveFallback(
                &clusters, holes: choice.holes, missing: choice.missing, followingLevel: context.followingLevel,
                run: context.run, registry: shaper.registry)
        }
        // A closing bracket takes its opener's run (Blink pairs the bidi
        // paired brackets; all are in the Basic Multilingual Plane), and
        // punctuation that starts the segment the script of the run before
        // it (`», “good`: the “ stays out of the Latin run).
        let firstScalars = clusters.starts.map { UInt32(clusters.segment[$0]) }
        let preceding = context.run.script == 0 ? nil : Optional(hb_script_t(rawValue: context.run.script))
        ScriptRuns.resolve(
            &clusters.scripts, firstScalars: firstScalars, preceding: preceding, bracket: PairedBrackets.bidi,
            extensions: true)
        clusters.fillUnresolvedScripts()
        return run
    }

    /// Blink places a character inside a HarfBuzz cluster at the cluster's
    /// start (`ShapeResult::ComputePositionData`): left to right, a line may
    /// end before it at no width, and the cluster's advance falls to the
    /// last grapheme cluster that starts in it. Right to left, Blink's
    /// offset for a position inside the cluster is the cluster's first
    /// character, whose grapheme cluster keeps the advance.
    static var givesShapingClusterAdvanceToLastGrapheme: Bool { true }

    /// CSS `text-spacing-trim` on fullwidth punctuation (``HanKerning``).
    static func features(
        forRun range: Range<Int>, of text: UTF16Text, limit: Range<Int>, face: Int,
        shaper: SegmentShaper
    ) -> (features: [hb_feature_t], unsafeBefore: [Int]) {
        guard HanKerning.mayApply(text[range]) else { return ([], []) }
        let data = shaper.registry.hanKerning(at: face, language: shaper.selector.language)
        return HanKerning.features(for: text, range: range, limit: limit, face: data)
    }

    static func finishMeasuring(_ clusters: inout SegmentClusters, choice: Choice, shaper: SegmentShaper) {}

    /// `text-spacing-trim` (`allow-end`): how much `halt` takes off a
    /// fullwidth closing bracket at a line's end in the face of `faceBits`
    /// (0 unless the face trims it).
    static func lineEndTrim(ofLast unit: UInt16, faceBits: UInt64, shaper: SegmentShaper) -> Double {
        guard ChromiumBreaks.isClosingBracket(unit), faceBits != 0, faceBits & FaceRegistry.overflowBit == 0 else {
            return 0
        }
        let index = faceBits.trailingZeroBitCount
        guard shaper.registry.hanKerning(at: index, language: shaper.selector.language).hasAlternateSpacing else {
            return 0
        }
        let language = shaper.selector.language?.harfBuzz ?? contentLanguage
        var text = unit
        return withUnsafePointer(to: &text) { pointer in
            let buffer = UTF16Text(UnsafeBufferPointer(start: pointer, count: 1))
            let font = shaper.registry.font(at: index)
            let plain = shaper.shapeMarkingJoins(
                buffer, range: 0..<1, font: font, script: HB_SCRIPT_HAN, rightToLeft: false, language: language)
            let halt = hb_feature_t(tag: 0x68616C74, value: 1, start: 0, end: UInt32.max)
            let trimmed = shaper.shapeMarkingJoins(
                buffer, range: 0..<1, font: font, script: HB_SCRIPT_HAN, rightToLeft: false, features: [halt], language: language)
            return max(0, plain.advances.reduce(0, +) - trimmed.advances.reduce(0, +))
        }
    }

    /// The content language, `en-us` here, that Chromium shapes every run in.
    nonisolated(unsafe) static let contentLanguage = hb_language_from_string("en-us", -1)

    /// Blink reshapes a piece of a word with its own faces.
    static var piecesKeepSegmentFaces: Bool { false }

    static func context(ofPiece range: Range<Int>, of units: UTF16Text, in context: Context)
        -> Context { isolatedContext }
}
