import CHarfBuzz

/// The Unicode properties font selection and itemization look at.
struct ScalarProperties {
    let flags: UInt32

    init(_ scalar: UInt32) {
        flags = scalar < 0x80 ? ScalarProperties.asciiFlags(scalar) : ICU.characterFlags(of: scalar)
    }

    private static func asciiFlags(_ scalar: UInt32) -> UInt32 {
        var flags: UInt32 = 0
        if scalar < 0x20 || scalar == 0x7F { flags |= ICU.CharacterFlag.control }
        if scalar == 0x20 { flags |= ICU.CharacterFlag.spaceSeparator }
        if (scalar >= 0x41 && scalar <= 0x5A) || (scalar >= 0x61 && scalar <= 0x7A) {
            flags |= ICU.CharacterFlag.bidiStrong | ICU.CharacterFlag.lineBreakAlphabetic
        }
        switch scalar {
        case 0x23, 0x26, 0x2A, 0x3C, 0x3D, 0x3E, 0x40, 0x5E, 0x5F, 0x60, 0x7E:  // # & * < = > @ ^ _ ` ~
            flags |= ICU.CharacterFlag.lineBreakAlphabetic
        case 0x22, 0x27:  // " '
            flags |= ICU.CharacterFlag.lineBreakQuotation
        default: break
        }
        // Digits, '#' and '*' are Emoji (keycap bases) but never presented as
        // emoji on their own.
        if (scalar >= 0x30 && scalar <= 0x39) || scalar == 0x23 || scalar == 0x2A {
            flags |= ICU.CharacterFlag.emoji
        }
        return flags
    }

    private func has(_ flag: UInt32) -> Bool { flags & flag != 0 }
    var isEmojiPresentation: Bool { has(ICU.CharacterFlag.emojiPresentation) }
    var isEmoji: Bool { has(ICU.CharacterFlag.emoji) }
    var isEmojiModifier: Bool { has(ICU.CharacterFlag.emojiModifier) }
    var isRegionalIndicator: Bool { has(ICU.CharacterFlag.regionalIndicator) }
    var isDefaultIgnorable: Bool { has(ICU.CharacterFlag.defaultIgnorable) }
    var isMark: Bool { has(ICU.CharacterFlag.mark) }
    var isExtendedPictographic: Bool { has(ICU.CharacterFlag.extendedPictographic) }
    var isSpaceSeparator: Bool { has(ICU.CharacterFlag.spaceSeparator) }
    var isControl: Bool { has(ICU.CharacterFlag.control) }
    /// Whether the bidi class is strong (L, R or AL).
    var isBidiStrong: Bool { has(ICU.CharacterFlag.bidiStrong) }
    /// Whether the line-break class is AL (UAX #14 alphabetic).
    var isLineBreakAlphabetic: Bool { has(ICU.CharacterFlag.lineBreakAlphabetic) }
    /// Whether the line-break class is QU (quotation).
    var isLineBreakQuotation: Bool { has(ICU.CharacterFlag.lineBreakQuotation) }
    /// East Asian Width wide or fullwidth (`g_unichar_iswide`).
    var isEastAsianWide: Bool { has(ICU.CharacterFlag.eastAsianWide) }
    /// Script_Extensions other than its own script (Unicode 17.0's).
    var hasScriptExtensions: Bool { has(ICU.CharacterFlag.scriptExtensions) }

    /// HarfBuzz's script for `scalar` (Common and Inherited included).
    static func script(of scalar: UInt32) -> hb_script_t {
        hb_unicode_script(hb_unicode_funcs_get_default(), scalar)
    }

    static func isVariationSelector(_ scalar: UInt32) -> Bool {
        (0xFE00...0xFE0F).contains(scalar) || (0xE0100...0xE01EF).contains(scalar)
    }
}
