import CHarfBuzz

/// What a renderer decides when its lines are drawn, not only measured:
/// where a line's baseline sits, how far a run moves off it, and how a
/// line's last character may be trimmed to fit.
protocol ShapedLineRules {
    /// The distance in points from the top of a line box down to its
    /// baseline, for a line whose glyphs come from the faces in `mask`
    /// (``FaceRegistry`` bits, as ``LineHeightRules/lineHeight(ofFaces:in:)``
    /// takes them).
    static func baseline(ofFaces mask: UInt64, in registry: FaceRegistry) -> Double
    /// How far in points a run drawn in face `index` sits above the baseline
    /// of a line whose faces are `mask`.
    static func baselineShift(ofFaceAt index: Int, onLineOf mask: UInt64, in registry: FaceRegistry) -> Double
    /// The features that set a line's last character `unit` (at `offset`)
    /// narrower, for a line measured with it so trimmed to fit; empty where
    /// the renderer never trims one.
    static func lineEndFeatures(forLast unit: UInt16, at offset: Int) -> [hb_feature_t]
}
