/// A measurer's line heights: the height of a line of only the primary
/// face, kept, and the renderer's rules for the others.
struct LineHeights: Sendable {
    let registry: FaceRegistry
    /// The height of a line drawn only in the primary face, and of an empty
    /// line.
    let primaryHeight: Double
    let emptyHeight: Double

    init(rules: any LineHeightRules.Type, registry: FaceRegistry) {
        self.registry = registry
        primaryHeight = rules.primaryLineHeight(in: registry)
        emptyHeight = rules.emptyLineHeight(in: registry)
    }

    /// The height of a line whose glyphs come from the faces in `mask`.
    @inline(__always)
    func height<Rules: LineHeightRules>(of mask: UInt64, rules: Rules.Type) -> Double {
        mask == 1 ? primaryHeight : mask == 0 ? emptyHeight : Rules.lineHeight(ofFaces: mask, in: registry)
    }
}
