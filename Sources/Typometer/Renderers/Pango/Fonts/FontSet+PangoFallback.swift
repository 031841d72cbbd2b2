extension FontSet {
    /// The face Pango would fall back to for `scalar` in a run of text in
    /// `language` set in `family` at `weight` and slant, and its position in
    /// Pango's order (how far down the fallback list it is); `nil` when no
    /// face in the set has the character. Pango's order is
    /// `pango_fc_make_pattern`'s pattern (family, language, style, variable
    /// faces alike) sorted by `FcFontSetSort` over the TrueType and CFF
    /// faces: the family's own faces first, then the rest as Fontconfig
    /// ranks them for the language. Fontconfig's trimming is left out: it
    /// drops only faces that are never the first to map a character, so it
    /// changes neither which face wins nor how two winners compare.
    func pangoFallback(
        for scalar: UInt32, family: String, language: String, weight: FontWeight = .regular, italic: Bool = false
    ) -> (face: FontFace, position: Int)? {
        firstFace(covering: scalar, in: FallbackQuery(
            family: family, language: language, style: FallbackQuery.Style(weight: weight.value, italic: italic),
            anyVariable: true))
    }
}
