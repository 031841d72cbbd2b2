import CHarfBuzz

/// What a renderer decides when its lines are drawn, not only measured:
/// where a line's baseline sits, how far a run moves off it, which OpenType
/// features a run is shaped with, and which spaces at a line's end hang.
protocol ShapedLineRules {
    /// The distance in points from the top of a line box down to its
    /// baseline, for a line whose glyphs come from the faces in `mask`
    /// (``FaceRegistry`` bits, as ``LineHeightRules/lineHeight(ofFaces:in:)``
    /// takes them).
    static func baseline(ofFaces mask: UInt64, in registry: FaceRegistry) -> Double
    /// How far in points a run drawn in face `index` sits above the baseline
    /// of a line whose faces are `mask`.
    static func baselineShift(ofFaceAt index: Int, onLineOf mask: UInt64, in registry: FaceRegistry) -> Double
    /// The features a run at `range` of `text`, drawn in face `index`, is
    /// shaped with as the renderer measured it; characters next to the run
    /// inside `limit` may count.
    static func features(forRun range: Range<Int>, of text: UnsafeBufferPointer<UInt16>, limit: Range<Int>,
                         faceAt index: Int, in registry: FaceRegistry) -> [hb_feature_t]
    /// Whether the spaces before a hard break hang past the line's end as
    /// they do elsewhere (else all of them count in the line's width).
    static var spacesHangBeforeHardBreaks: Bool { get }
}
