import CHarfBuzz

/// Chooses the face for each grapheme cluster: the primary face when it has
/// every visible character of the cluster, the color emoji face for emoji
/// presented as emoji, and otherwise the font set's fallback for the first
/// character the primary face lacks (Blink's per-cluster fallback).
/// Pango's order differs by language (`FontSelector+Pango.swift`).
struct FontSelector: Sendable {
    let primary: FontFace
    let fontSet: FontSet
    /// The text's language; `nil` for the default, English.
    let language: TextLanguage?

    /// The face for the cluster made of `scalars`.
    func face(for scalars: [UInt32]) -> FontFace { choice(for: scalars).face }

    /// The face for the cluster made of `scalars`, whether no face of the
    /// set has a character the primary face lacks (the cluster is then drawn
    /// with the primary face's `.notdef`), and that character (the fallback
    /// hint) when the face is a fallback one.
    func choice(for scalars: [UInt32]) -> (face: FontFace, isMissing: Bool, hint: UInt32?) {
        guard let first = scalars.first else { return (primary, false, nil) }
        if FontSelector.isPresentedAsEmoji(scalars), let emoji = fontSet.emojiFace(for: first) {
            return (emoji, false, nil)
        }
        var hint: UInt32?
        for scalar in scalars where !FontSelector.isInvisible(scalar) {
            if !primary.covers(scalar) { hint = scalar; break }
        }
        guard let hint else { return (primary, false, nil) }
        guard let fallback = fontSet.fallbackFace(for: hint) else { return (primary, true, nil) }
        return (fallback, false, hint)
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
