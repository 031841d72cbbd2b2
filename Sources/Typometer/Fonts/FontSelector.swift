import CHarfBuzz

/// Chooses the face for each grapheme cluster: the primary face when it has
/// every visible character of the cluster, the color emoji face for emoji
/// presented as emoji, and otherwise the font set's fallback for the first
/// character the primary face lacks (Blink's per-cluster fallback).
/// Pango's order differs by language (`FontSelector+Pango.swift`).
struct FontSelector: Sendable {
    let primary: FontFace
    let fontSet: FontSet
    /// The text's language; `nil` for none (Chromium: the font set's locale,
    /// a block without `lang`; Pango: English).
    let language: TextLanguage?
    /// The face tried right after the primary face, before character
    /// fallback (Chromium: the page's default font,
    /// ``ChromiumRules/defaultFace(in:language:)``); `nil` for none (Pango).
    let defaultFace: FontFace?
    /// The weight and slant asked for: Pango's fallback order depends on
    /// them; Chromium takes the face its order finds, then that family's
    /// face for them (``FontSet/styledFace(of:weight:italic:covering:)``).
    let weight: FontWeight
    let italic: Bool
    /// Choices made for clusters of a few characters.
    private let memo = FaceChoiceMemo()

    init(
        primary: FontFace, fontSet: FontSet, language: TextLanguage?, defaultFace: FontFace? = nil,
        weight: FontWeight = .regular, italic: Bool = false
    ) {
        self.primary = primary
        self.fontSet = fontSet
        self.language = language
        self.defaultFace = defaultFace
        self.weight = weight
        self.italic = italic
    }

    /// The face for the cluster made of `scalars`.
    func face(for scalars: [UInt32]) -> FontFace { choice(for: scalars, fallback: SetOrderFallback()).face }

    /// The face for the cluster made of `scalars`, whether no face of the
    /// set has a character the primary face lacks (the cluster is then drawn
    /// with the primary face's `.notdef`), and that character (the fallback
    /// hint) when the face is a fallback one. With `normalizing`, a cluster
    /// whose characters HarfBuzz can all draw with the primary face once it
    /// has normalized them stays in the primary face, as in Blink, which
    /// falls back only for clusters shaped to `.notdef`
    /// (``primaryCoversNormalized(_:)``); Pango picks faces by character
    /// before shaping and has no such step. With `emojiFromPrimary`, an
    /// emoji the primary face has is drawn in it unless an emoji variation
    /// selector asks for the emoji face, as Blink tries the CSS family
    /// before its emoji fallback (Chromium 156, DejaVu Sans 28 px: `😋` is
    /// DejaVu's 29.203125 px glyph, `😋` + U+FE0F Noto Color Emoji's
    /// 34.9375); Pango takes the emoji face.
    func choice<Fallback: CharacterFallback>(
        for scalars: [UInt32], normalizing: Bool = false, emojiFromPrimary: Bool = false, fallback: Fallback
    ) -> (face: FontFace, isMissing: Bool, hint: UInt32?) {
        guard !scalars.isEmpty else { return (primary, false, nil) }
        // The choice for a cluster depends on its characters alone.
        let key = FaceChoiceMemo.Key(scalars, flags: (normalizing ? 1 : 0) | (emojiFromPrimary ? 2 : 0))
        if let key, let known = memo.choice(for: key) { return known }
        let made = uncachedChoice(
            for: scalars, normalizing: normalizing, emojiFromPrimary: emojiFromPrimary, fallback: fallback)
        if let key { memo.remember(made, for: key) }
        return made
    }

    private func uncachedChoice<Fallback: CharacterFallback>(
        for scalars: [UInt32], normalizing: Bool, emojiFromPrimary: Bool, fallback: Fallback
    ) -> (face: FontFace, isMissing: Bool, hint: UInt32?) {
        guard let first = scalars.first else { return (primary, false, nil) }
        if FontSelector.isPresentedAsEmoji(scalars) {
            let fromFontList = emojiFromPrimary && !scalars.contains(0xFE0F)
            if !fromFontList || !primaryDraws(scalars) {
                if fromFontList, let defaultFace = defaultFace(drawing: scalars, hint: first) {
                    return (defaultFace, false, nil)
                }
                if let emoji = fontSet.emojiFace(for: first) { return (emoji, false, nil) }
            }
        }
        var hint: UInt32?
        for scalar in scalars where !FontSelector.isInvisible(scalar) {
            if !primary.covers(scalar) { hint = scalar; break }
        }
        guard let hint else { return (primary, false, nil) }
        if normalizing, mayNormalize(hint), primaryCoversNormalized(scalars) { return (primary, false, nil) }
        if let defaultFace = defaultFace(drawing: scalars, hint: hint) { return (defaultFace, false, nil) }
        // A fallback face is the file Fontconfig's order gives the character,
        // whatever the weight and slant asked for: Blink draws it with
        // synthetic bold or oblique when that file is not bold or italic
        // (`FontCache::PlatformFallbackFontForCharacter` in
        // `platform/fonts/linux/font_cache_linux.cc`: `is_bold` false and a
        // bold weight → `SetSyntheticBold`, the weight set back to normal,
        // the face made from the file), so the family's Bold file is not
        // taken (Chromium 156: bold Devanagari, Thai, Arabic and Hebrew in
        // Inter drawn from their Regular files with Noto Sans Devanagari Bold
        // and the others in the set). Pango picks its own faces for them
        // (``pangoFallback(for:script:)``).
        guard let fallback = fallback.face(for: hint, language: language, in: fontSet) else {
            return (primary, true, nil)
        }
        return (fallback, false, hint)
    }

    /// The default face (in the family's face for the weight and slant
    /// asked for) when it has every visible character of `scalars`: Blink
    /// shapes a hole with each font of its list in turn and keeps the
    /// clusters that come out without `.notdef`.
    private func defaultFace(drawing scalars: [UInt32], hint: UInt32) -> FontFace? {
        guard let defaultFace, scalars.allSatisfy({ FontSelector.isInvisible($0) || defaultFace.covers($0) }) else {
            return nil
        }
        if weight != .regular || italic {
            return fontSet.styledFace(of: defaultFace, weight: weight, italic: italic, covering: hint)
        }
        return defaultFace
    }

    /// Whether the primary face has every visible character of `scalars`.
    private func primaryDraws(_ scalars: [UInt32]) -> Bool {
        scalars.allSatisfy { FontSelector.isInvisible($0) || primary.covers($0) }
    }

    /// Whether HarfBuzz, shaping the cluster with the primary face, gives
    /// it a glyph for every visible character once it has normalized the
    /// cluster as it does for a face that lacks one of them
    /// (`hb-ot-shape-normalize.cc`): a character the face lacks is
    /// decomposed canonically when the face has all of its parts, and a
    /// mark is composed with the character before it when the face has the
    /// composition (`e` + U+0301 drawn as `é` in a face without U+0301),
    /// and a space character the face lacks is drawn with its space glyph
    /// (`hb_ot_shape_fallback_spaces`, U+2000–U+200A, U+202F, U+205F,
    /// U+3000). Blink falls back only for clusters left with `.notdef`
    /// glyphs, so such a cluster stays in the primary face (Chromium 156
    /// draws decomposed accents and U+202F in Liberation Serif and Sans,
    /// which have neither U+0301 nor U+202F).
    func primaryCoversNormalized(_ scalars: [UInt32]) -> Bool {
        let functions = hb_unicode_funcs_get_default()
        // A character the face lacks whose decomposition ends with another
        // it lacks (a Hangul syllable of three jamo) stays as it is: told
        // without building the arrays below.
        if scalars.count == 1, let scalar = scalars.first, !FontSelector.isInvisible(scalar), !primary.covers(scalar),
           !FontSelector.hasSpaceFallback(scalar) {
            var a: hb_codepoint_t = 0, b: hb_codepoint_t = 0
            if hb_unicode_decompose(functions, scalar, &a, &b) != 0, b != 0, !primary.covers(b) { return false }
        }
        func decomposed(_ scalar: UInt32) -> [UInt32]? {
            if FontSelector.isInvisible(scalar) || primary.covers(scalar) { return [scalar] }
            if FontSelector.hasSpaceFallback(scalar) && primary.covers(0x20) { return [0x20] }
            var a: hb_codepoint_t = 0, b: hb_codepoint_t = 0
            guard hb_unicode_decompose(functions, scalar, &a, &b) != 0 else { return nil }
            if b == 0 { return decomposed(a) }
            guard primary.covers(b), let first = decomposed(a) else { return nil }
            return first + [b]
        }
        var output: [UInt32] = []
        for scalar in scalars { output += decomposed(scalar) ?? [scalar] }
        guard var starter = output.first else { return true }
        var rest: [UInt32] = []
        for scalar in output.dropFirst() {
            var composed: hb_codepoint_t = 0
            if rest.isEmpty, hb_unicode_compose(functions, starter, scalar, &composed) != 0, primary.covers(composed) {
                starter = composed
            } else {
                rest.append(scalar)
            }
        }
        return ([starter] + rest).allSatisfy { FontSelector.isInvisible($0) || primary.covers($0) }
    }

    /// Whether HarfBuzz's normalization could bring `scalar`, a character
    /// the primary face lacks, into that face: a space it draws with the
    /// space glyph, a mark or Hangul jamo composed with what precedes it, or
    /// a character whose canonical decomposition starts with one the face
    /// has (or decomposes further). Most such characters are letters of a
    /// script the face lacks (ideographs first of all), told apart here
    /// before any cluster is rebuilt.
    func mayNormalize(_ scalar: UInt32) -> Bool {
        if (0x3400...0x9FFF).contains(scalar) { return false }
        if FontSelector.hasSpaceFallback(scalar) { return true }
        if (0x1100...0x11FF).contains(scalar) || (0xA960...0xA97F).contains(scalar) || (0xD7B0...0xD7FF).contains(scalar) {
            return true
        }
        let functions = hb_unicode_funcs_get_default()
        var a: hb_codepoint_t = 0, b: hb_codepoint_t = 0
        if hb_unicode_decompose(functions, scalar, &a, &b) != 0 {
            var c: hb_codepoint_t = 0, d: hb_codepoint_t = 0
            return primary.covers(a) || hb_unicode_decompose(functions, a, &c, &d) != 0
        }
        return ScalarProperties(scalar).isMark
    }

    /// The space characters HarfBuzz draws with the face's space glyph (of
    /// an adjusted width) when the face lacks them
    /// (`hb_unicode_funcs_t::space_fallback_type`).
    static func hasSpaceFallback(_ scalar: UInt32) -> Bool {
        (0x2000...0x200A).contains(scalar) || scalar == 0x202F || scalar == 0x205F || scalar == 0x3000
            || scalar == 0xA0
    }

    /// Control characters Chromium and Pango draw as a box (Chromium: the
    /// `.notdef` glyph of the face, when none has the character; Pango: a
    /// hex box): C0 controls but tab, line feed, form feed and carriage
    /// return, delete and the C1 controls (measured in Chromium 156, and
    /// against Pango 1.50).
    static func isDrawnControl(_ scalar: UInt32) -> Bool {
        (scalar < 0x20 && scalar != 0x09 && scalar != 0x0A && scalar != 0x0C && scalar != 0x0D)
            || (0x7F...0x9F).contains(scalar)
    }

    /// Characters that never need a glyph of their own: HarfBuzz draws
    /// default ignorables (ZWJ, ZWSP, variation selectors, soft hyphen) as
    /// nothing, and the renderers draw the line and paragraph separators and
    /// the control characters `isDrawnControl` leaves out as nothing, so they
    /// never trigger fallback.
    static func isInvisible(_ scalar: UInt32) -> Bool {
        if scalar < 0xA0 { return (scalar < 0x20 || scalar >= 0x7F) && !isDrawnControl(scalar) }
        if scalar == 0x2028 || scalar == 0x2029 { return true }
        return ScalarProperties(scalar).isDefaultIgnorable
    }

    /// Whether a cluster is drawn as a color emoji (UTS #51): an explicit
    /// emoji variation selector, a keycap, a flag, a modifier sequence, a
    /// ZWJ sequence of pictographs, or a character whose default
    /// presentation is emoji and that carries no text variation selector.
    static func isPresentedAsEmoji(_ scalars: [UInt32]) -> Bool {
        guard let first = scalars.first, first >= 0x23 else { return false }
        if scalars.contains(0xFE0E) { return false }
        if scalars.contains(0xFE0F) || scalars.contains(0x20E3) { return true }
        if first < 0x80 { return false }
        let properties = ScalarProperties(first)
        if properties.isEmojiPresentation || properties.isRegionalIndicator { return true }
        if scalars.count > 1 {
            if scalars.dropFirst().contains(where: { ScalarProperties($0).isEmojiModifier }) {
                return properties.isEmoji
            }
            if scalars.contains(0x200D), properties.isExtendedPictographic { return true }
        }
        return false
    }
}
