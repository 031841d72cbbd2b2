/// How a renderer makes a line's height from the faces on it and the
/// style's ``LineHeight`` (``FaceRegistry/lineHeight``).
protocol LineHeightRules: TraitsRules {
    /// The height of a line drawn only in the primary face, in points.
    static func primaryLineHeight(in registry: FaceRegistry) -> Double
    /// The height of an empty line (a blank line between hard breaks), in
    /// points.
    static func emptyLineHeight(in registry: FaceRegistry) -> Double
    /// The height of a line whose glyphs come from the faces in `mask`
    /// (``FaceRegistry`` bits, with any bits the renderer's shaping adds),
    /// the primary face among them or not, in points.
    static func lineHeight(ofFaces mask: UInt64, in registry: FaceRegistry) -> Double
    /// The box above and below the baseline, in points, that the part of a
    /// line set in one style (a run of a ``StyledText``) brings: the faces
    /// in `mask` of that style's `registry` (and what the renderer adds for
    /// the style itself). `lead` is the line's first run: the renderer's
    /// bits of the mask it started the line with, and its style's registry.
    static func runExtents(
        ofFaces mask: UInt64, in registry: FaceRegistry, lead: (bits: UInt64, registry: FaceRegistry)?
    ) -> (above: Double, below: Double)
    /// The height of a line holding runs with `extents` (none for an empty
    /// line) in a block whose registry is `block`; with `ellipsis` the line
    /// also holds the renderer's ellipsis in the block's primary face.
    static func lineHeight(
        ofRuns extents: [(above: Double, below: Double)], block: FaceRegistry, ellipsis: Bool) -> Double
    /// The renderer's bits for a line starting with a run in face `face`
    /// (of any registry) of the kind `bits` tell (bits a line start adds to
    /// its mask beyond its faces; 0 for none).
    static func lineStartBits(_ bits: UInt64, inFace face: Int) -> UInt64
    /// The face index a line's start bits name (``lineStartBits(_:inFace:)``),
    /// if any.
    static func leadFace(in bits: UInt64) -> Int?
    /// The family whose faces, as fallback faces of a text in `language`
    /// (its primary face aside), the renderer draws with subpixel
    /// positioning on a screen of `devicePixelRatio` when the page loads
    /// the faces `webFonts` names, which changes how their metrics round
    /// (``SizedFont/positionsSubpixel``); `nil` for none.
    static func subpixelPositionedFamily(
        in fontSet: FontSet, language: TextLanguage?, devicePixelRatio: Double, webFonts: WebFonts) -> String?
}

extension LineHeightRules {
    static func subpixelPositionedFamily(
        in fontSet: FontSet, language: TextLanguage?, devicePixelRatio: Double, webFonts: WebFonts
    ) -> String? { nil }
}
