import CHarfBuzz

/// What a renderer decides when its lines are drawn, not only measured:
/// where a line's baseline sits, how far a run moves off it, which OpenType
/// features a run is shaped with, and how a line's last character may trim.
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
    /// The features that set a line's last character `unit` (at `offset`)
    /// narrower, for a line measured with it so trimmed to fit; empty where
    /// the renderer never trims one.
    static func lineEndFeatures(forLast unit: UInt16, at offset: Int) -> [hb_feature_t]
    /// Resolves the scripts of the grapheme clusters of `piece` (a part of
    /// a chunk, inside `paragraph` of `units`) as the renderer's script runs
    /// do before shaping: `scripts` hold each cluster's own script (Common
    /// when it has none) and become its run's (Common while the run has
    /// none yet); `firstScalars` are the clusters' first characters.
    static func resolveScriptRuns(_ scripts: inout [hb_script_t], firstScalars: [UInt32], piece: Range<Int>,
                                  in units: UnsafeBufferPointer<UInt16>, paragraph: Range<Int>)
}
