import CHarfBuzz

extension FontSelector {
    /// The face Pango falls back to for `hint` in a run of `script`, and its
    /// position in Pango's fallback list: the first face with it in Pango's
    /// order for the primary face's family and the script's language (see
    /// ``PangoLanguage``).
    func pangoFallback(for hint: UInt32, script: hb_script_t) -> (face: FontFace, position: Int) {
        fontSet.pangoFallback(
            for: hint, family: primary.family, language: PangoLanguage.derived(for: script, context: language),
            weight: weight, italic: italic)
            ?? (primary, 0)
    }
}
