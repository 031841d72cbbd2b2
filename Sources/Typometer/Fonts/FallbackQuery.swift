/// What a renderer asks Fontconfig to sort a set's faces by when it builds
/// a fallback list (``FontconfigCatalog/sortedEntries(for:)``): a pattern of
/// these properties, sorted with `FcFontSort` after the substitutions of the
/// renderer's process.
struct FallbackQuery: Hashable, Sendable {
    /// The family asked for (`FC_FAMILY`), whose own faces then come first.
    var family: String?
    /// The language (`FC_LANG`).
    var language: String
    /// The weight (OpenType scale) and slant asked for; `nil` asks none.
    var style: Style?
    /// Whether only scalable faces are asked for (`FC_SCALABLE`).
    var scalableOnly = false
    /// Whether variable and static faces rank alike (`FC_VARIABLE` as
    /// `FcDontCare`).
    var anyVariable = false

    struct Style: Hashable, Sendable {
        let weight: Int
        let italic: Bool
    }
}
