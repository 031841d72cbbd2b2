import CHarfBuzz

/// How Chromium draws the lines it lays out.
extension ChromiumRules {
    /// The tallest face box above the baseline among the line's faces and
    /// the primary face's strut (see ``extents(_:lineHeight:)``): the line
    /// box's top is there, half the leading above the tallest ascent.
    static func baseline(ofFaces mask: UInt64, in registry: FaceRegistry) -> Double {
        var above = extents(registry.primary, lineHeight: registry.lineHeight).above
        for (_, font) in registry.fonts(in: mask & FaceRegistry.faceBits) {
            above = max(above, extents(font, lineHeight: registry.lineHeight).above)
        }
        return above
    }

    /// Every run sits on the line's alphabetic baseline.
    static func baselineShift(ofFaceAt index: Int, onLineOf mask: UInt64, in registry: FaceRegistry) -> Double { 0 }

    /// A closing CJK bracket ending a line may be set half-width to fit
    /// (`text-spacing-trim: normal`, `allow-end`): `halt` on it.
    static func lineEndFeatures(forLast unit: UInt16, at offset: Int) -> [hb_feature_t] {
        guard ChromiumBreaks.isClosingBracket(unit) else { return [] }
        return [hb_feature_t(tag: 0x68616C74, value: 1, start: UInt32(offset), end: UInt32(offset + 1))]
    }
}
