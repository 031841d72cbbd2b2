/// A measurer's line heights: the height of a line of only the primary
/// face, kept, and the renderer's rules for the others.
struct LineHeights: Sendable {
    let registry: FaceRegistry
    /// The height of a line drawn only in the primary face.
    let primaryHeight: Double

    init(rules: any LineHeightRules.Type, registry: FaceRegistry) {
        self.registry = registry
        primaryHeight = rules.lineHeight(ofOnly: registry.primary)
    }

    /// The height of a line whose glyphs come from the faces in `mask`.
    @inline(__always)
    func height<Rules: LineHeightRules>(of mask: UInt64, rules: Rules.Type) -> Double {
        mask <= 1 ? primaryHeight : Rules.lineHeight(ofFaces: mask, in: registry)
    }
}
