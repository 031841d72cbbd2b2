/// How a renderer makes a line's height from the faces on it and the
/// style's ``LineHeight`` (``FaceRegistry/lineHeight``).
protocol LineHeightRules {
    /// The height of a line drawn only in the primary face, in points.
    static func primaryLineHeight(in registry: FaceRegistry) -> Double
    /// The height of an empty line (a blank line between hard breaks), in
    /// points.
    static func emptyLineHeight(in registry: FaceRegistry) -> Double
    /// The height of a line whose glyphs come from the faces in `mask`
    /// (``FaceRegistry`` bits, with any bits the renderer's shaping adds),
    /// the primary face among them or not, in points.
    static func lineHeight(ofFaces mask: UInt64, in registry: FaceRegistry) -> Double
}
