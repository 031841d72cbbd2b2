extension FontSet {
    /// Where one face of a family is stored and the weight and slant it
    /// declares: what a web page's `@font-face` rule for it says, so that a
    /// browser matches faces among them as the `.chromium` profile does.
    public struct FaceDescriptor: Hashable, Sendable {
        /// The font file.
        public var path: String
        /// The face's index inside a collection (`.ttc`); 0 for plain files.
        public var index: Int
        /// The family name, as Fontconfig reports it.
        public var family: String
        /// The face's weight on the CSS scale (its OpenType weight class).
        public var weight: FontWeight
        /// Whether the face is italic or oblique.
        public var isItalic: Bool
    }

    /// Every face of `family` (its own name, matched without regard to
    /// case) in the set, lightest first, upright before italic; empty when
    /// the set has no such family.
    /// - Complexity: O(*n*) in the faces of the set; cheap, but not cached.
    public func faceDescriptors(family: String) -> [FaceDescriptor] {
        catalog.faces(family: family)
            .map { FaceDescriptor(path: $0.path, index: $0.index, family: $0.family,
                                  weight: FontWeight($0.weight), isItalic: $0.isItalic) }
            .sorted { ($0.weight.value, $0.isItalic ? 1 : 0, $0.path, $0.index)
                < ($1.weight.value, $1.isItalic ? 1 : 0, $1.path, $1.index) }
    }
}
