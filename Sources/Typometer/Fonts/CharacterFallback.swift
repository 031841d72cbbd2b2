/// How a renderer finds a face for a character that the faces it tries
/// first lack (``FontSelector``): its fallback policy over a font set.
protocol CharacterFallback: Sendable {
    /// The face that draws `scalar` in text of `language` (`nil`: none
    /// given), or `nil` when no face of `fontSet` has it.
    func face(for scalar: UInt32, language: TextLanguage?, in fontSet: FontSet) -> FontFace?
}

/// The set's own fallback order for every character, whatever the text's
/// language (``FontSet/fallbackFace(for:)``).
struct SetOrderFallback: CharacterFallback {
    func face(for scalar: UInt32, language: TextLanguage?, in fontSet: FontSet) -> FontFace? {
        fontSet.fallbackFace(for: scalar)
    }
}
