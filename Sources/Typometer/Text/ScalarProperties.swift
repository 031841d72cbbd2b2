import CHarfBuzz
import CICUShim

/// The Unicode properties font selection and itemization look at.
struct ScalarProperties {
    let flags: UInt32

    init(_ scalar: UInt32) {
        flags = scalar < 0x80 ? ScalarProperties.asciiFlags(scalar) : tm_character_flags(scalar)
    }

    private static func asciiFlags(_ scalar: UInt32) -> UInt32 {
        var flags: UInt32 = 0
        if scalar < 0x20 || scalar == 0x7F { flags |= UInt32(TM_CHAR_CONTROL) }
        if scalar == 0x20 { flags |= UInt32(TM_CHAR_SPACE_SEPARATOR) }
        if (scalar >= 0x41 && scalar <= 0x5A) || (scalar >= 0x61 && scalar <= 0x7A) {
            flags |= UInt32(TM_CHAR_BIDI_STRONG) | UInt32(TM_CHAR_LINE_BREAK_ALPHABETIC)
        }
        switch scalar {
        case 0x23, 0x26, 0x2A, 0x3C, 0x3D, 0x3E, 0x40, 0x5E, 0x5F, 0x60, 0x7E:  // # & * < = > @ ^ _ ` ~
            flags |= UInt32(TM_CHAR_LINE_BREAK_ALPHABETIC)
        case 0x22, 0x27:  // " '
            flags |= UInt32(TM_CHAR_LINE_BREAK_QUOTATION)
        default: break
        }
        // Digits, '#' and '*' are Emoji (keycap bases) but never presented as
        // emoji on their own.
        if (scalar >= 0x30 && scalar <= 0x39) || scalar == 0x23 || scalar == 0x2A {
            flags |= UInt32(TM_CHAR_EMOJI)
        }
        return flags
    }

    private func has(_ flag: Int) -> Bool { flags & UInt32(flag) != 0 }
    var isEmojiPresentation: Bool { has(Int(TM_CHAR_EMOJI_PRESENTATION)) }
    var isEmoji: Bool { has(Int(TM_CHAR_EMOJI)) }
    var isEmojiModifier: Bool { has(Int(TM_CHAR_EMOJI_MODIFIER)) }
    var isRegionalIndicator: Bool { has(Int(TM_CHAR_REGIONAL_INDICATOR)) }
    var isDefaultIgnorable: Bool { has(Int(TM_CHAR_DEFAULT_IGNORABLE)) }
    var isMark: Bool { has(Int(TM_CHAR_MARK)) }
    var isExtendedPictographic: Bool { has(Int(TM_CHAR_EXTENDED_PICTOGRAPHIC)) }
    var isSpaceSeparator: Bool { has(Int(TM_CHAR_SPACE_SEPARATOR)) }
    var isControl: Bool { has(Int(TM_CHAR_CONTROL)) }
    /// Whether the bidi class is strong (L, R or AL).
    var isBidiStrong: Bool { has(Int(TM_CHAR_BIDI_STRONG)) }
    /// Whether the line-break class is AL (UAX #14 alphabetic).
    var isLineBreakAlphabetic: Bool { has(Int(TM_CHAR_LINE_BREAK_ALPHABETIC)) }
    /// Whether the line-break class is QU (quotation).
    var isLineBreakQuotation: Bool { has(Int(TM_CHAR_LINE_BREAK_QUOTATION)) }

    /// HarfBuzz's script for `scalar` (Common and Inherited included).
    static func script(of scalar: UInt32) -> hb_script_t {
        hb_unicode_script(hb_unicode_funcs_get_default(), scalar)
    }

    static func isVariationSelector(_ scalar: UInt32) -> Bool {
        (0xFE00...0xFE0F).contains(scalar) || (0xE0100...0xE01EF).contains(scalar)
    }
}
