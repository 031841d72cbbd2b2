import CHarfBuzz

/// How a renderer gives each grapheme cluster of a segment its face, and
/// what that changes in the segment's measure: the hooks
/// ``SegmentShaper/graphemes(of:range:context:rules:hanKerningContext:splitAt:)``
/// calls, in this order. Each renderer answers with a type of its own in
/// its folder (`Renderers/<Name>/Shaping/`).
protocol ClusterFaceRules {
    /// What the text around a segment tells about its faces and bidi
    /// levels.
    associatedtype Context
    /// What a segment leaves for the next one to go on with.
    associatedtype Carry
    /// The renderer's state while it chooses one segment's faces.
    associatedtype Choice

    /// What a chunk whose segments leave `carry` keeps for the chunk after it
    /// (in the word cache), or `nil` when the next needs nothing from it.
    static func kept(_ carry: Carry) -> (any Sendable)?

    /// The context of a segment shaped on its own.
    static var isolatedContext: Context { get }

    /// The bidi levels of the segment's code units, when the context
    /// knows them (else they are resolved over the segment alone).
    static func levels(in context: Context, count: Int) -> [UInt8]?

    /// Starts choosing the faces of `clusters`.
    static func startChoosing(_ clusters: SegmentClusters, context: Context) -> Choice

    /// Sets `clusters.faces[cluster]` (or leaves it -1) for a cluster made
    /// of `scalars`, which `selector` would draw in `choice.face`.
    static func choose(
        cluster: Int, scalars: [UInt32], in clusters: inout SegmentClusters, choice: inout Choice,
        shaper: SegmentShaper)

    /// Resolves the faces left open and the clusters' scripts (ending with
    /// ``SegmentClusters/fillUnresolvedScripts()``); returns what the
    /// segment leaves for the next.
    static func finishChoosing(
        _ clusters: inout SegmentClusters, choice: inout Choice, context: Context, shaper: SegmentShaper) -> Carry

    /// Whether a HarfBuzz cluster's advance goes to the last grapheme
    /// cluster that starts in it (a cluster then may draw with no advance
    /// of its own); else each unit's advance goes to its own cluster.
    static var givesShapingClusterAdvanceToLastGrapheme: Bool { get }

    /// The OpenType features `range` of `text` (one run of one face) is
    /// shaped with, and the offsets where a break becomes unsafe because of
    /// them; `limit` is the text whose neighbours may change them.
    static func features(
        forRun range: Range<Int>, of text: UTF16Text, limit: Range<Int>, face: Int,
        shaper: SegmentShaper) -> (features: [hb_feature_t], unsafeBefore: [Int])

    /// Last changes to the shaped clusters' advances and face bits.
    static func finishMeasuring(_ clusters: inout SegmentClusters, choice: Choice, shaper: SegmentShaper)

    /// How much narrower a segment whose content ends with `unit`, drawn
    /// in the face of `faceBits`, is when a line ends right after it and
    /// would not fit otherwise (``SegmentMetrics/endTrim``).
    static func lineEndTrim(ofLast unit: UInt16, faceBits: UInt64, shaper: SegmentShaper) -> Double

    /// Whether a piece of a segment broken between clusters is measured
    /// with the faces the whole segment gave it (else with its own).
    static var piecesKeepSegmentFaces: Bool { get }

    /// The context of `range` of a segment whose context is `context`
    /// (offsets relative to the segment's `units`).
    static func context(ofPiece range: Range<Int>, of units: UTF16Text, in context: Context) -> Context
}
