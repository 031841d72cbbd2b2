/// How a renderer makes a line's height from the faces on it.
protocol LineHeightRules {
    /// The height of a line drawn only in `font`, in points.
    static func lineHeight(ofOnly font: SizedFont) -> Double
    /// The height of a line whose glyphs come from the faces in `mask`
    /// (``FaceRegistry`` bits, with any bits the renderer's shaping adds),
    /// the primary face among them or not, in points.
    static func lineHeight(ofFaces mask: UInt64, in registry: FaceRegistry) -> Double
}
