/// The paired punctuation that script itemizers track, so a closing
/// bracket takes the script of the text its opener started (Pango's
/// `paired_chars` table; Blink's script runs pair the same brackets).
enum PairedBrackets {
    /// Whether `scalar` closes a pair.
    static func isClosing(_ scalar: UInt32) -> Bool { index(of: scalar).map { $0 & 1 == 1 } ?? false }

    /// `scalar` as a bracket of the paired characters' table (Pango's):
    /// its pair's number and whether it closes the pair.
    static func pairedCharacter(_ scalar: UInt32) -> ScriptRuns.Bracket? {
        index(of: scalar).map { ScriptRuns.Bracket(pair: $0 & ~1, closes: $0 & 1 == 1) }
    }

    /// `scalar` as a bidi paired bracket (UAX #9's `Bidi_Paired_Bracket`,
    /// which Blink's script runs pair: not quotation marks), numbered by
    /// its opening bracket.
    static func bidi(_ scalar: UInt32) -> ScriptRuns.Bracket? {
        switch scalar {
        case 0x28, 0x5B, 0x7B: return ScriptRuns.Bracket(pair: Int(scalar), closes: false)
        case 0x29: return ScriptRuns.Bracket(pair: 0x28, closes: true)
        case 0x5D, 0x7D: return ScriptRuns.Bracket(pair: Int(scalar) - 2, closes: true)
        case ..<0x80: return nil
        default:
            return ICU.bidiPairedBracket(of: scalar).map {
                ScriptRuns.Bracket(pair: Int($0.closes ? $0.pair : scalar), closes: $0.closes)
            }
        }
    }

    /// The index of `scalar` in the table of paired characters: even for
    /// an opening one, odd for the closing one after it.
    static func index(of scalar: UInt32) -> Int? {
        guard let index = pairs.firstIndex(of: scalar) else { return nil }
        return index
    }

    private static let pairs: [UInt32] = [
        0x0028, 0x0029, 0x003C, 0x003E, 0x005B, 0x005D, 0x007B, 0x007D, 0x00AB, 0x00BB, 0x0F3A, 0x0F3B,
        0x0F3C, 0x0F3D, 0x169B, 0x169C, 0x2018, 0x2019, 0x201C, 0x201D, 0x2039, 0x203A, 0x2045, 0x2046,
        0x207D, 0x207E, 0x208D, 0x208E, 0x27E6, 0x27E7, 0x27E8, 0x27E9, 0x27EA, 0x27EB, 0x27EC, 0x27ED,
        0x27EE, 0x27EF, 0x2983, 0x2984, 0x2985, 0x2986, 0x2987, 0x2988, 0x2989, 0x298A, 0x298B, 0x298C,
        0x298D, 0x298E, 0x298F, 0x2990, 0x2991, 0x2992, 0x2993, 0x2994, 0x2995, 0x2996, 0x2997, 0x2998,
        0x29FC, 0x29FD, 0x2E02, 0x2E03, 0x2E04, 0x2E05, 0x2E09, 0x2E0A, 0x2E0C, 0x2E0D, 0x2E1C, 0x2E1D,
        0x2E20, 0x2E21, 0x2E22, 0x2E23, 0x2E24, 0x2E25, 0x2E26, 0x2E27, 0x2E28, 0x2E29, 0x3008, 0x3009,
        0x300A, 0x300B, 0x300C, 0x300D, 0x300E, 0x300F, 0x3010, 0x3011, 0x3014, 0x3015, 0x3016, 0x3017,
        0x3018, 0x3019, 0x301A, 0x301B, 0xFE59, 0xFE5A, 0xFE5B, 0xFE5C, 0xFE5D, 0xFE5E, 0xFF08, 0xFF09,
        0xFF3B, 0xFF3D, 0xFF5B, 0xFF5D, 0xFF5F, 0xFF60, 0xFF62, 0xFF63,
    ]
}
