/// Chromium's own line-break rules between two printable ASCII characters,
/// which it uses instead of UAX #14 for compatibility with other browsers
/// (`LazyLineBreakIterator`, "kAsciiLineBreakTable"). Among them: no break
/// after `/` (so none inside URLs), breaks after `-` and `?` before most
/// characters, and breaks before an opening bracket after punctuation.
enum ChromiumAsciiBreaks: AsciiPairBreaks {
    /// After these, a break is allowed only before an opening bracket.
    private static let punctuationBeforeOpeners = AsciiSet("!\"#%&)*+,.:;=>\\]|}~")
    private static let openers = AsciiSet("(<[{")
    /// After `-`: a break before letters and these; digits are decided by the
    /// caller (a minus sign keeps its number).
    private static let afterHyphen = AsciiSet("\"#%&'(*+-<=>@[\\^_`{|~\u{7F}")
    /// After `?`: a break before letters, digits and these.
    private static let afterQuestionMark = AsciiSet("#$%&(*+-<=>@[\\^_`{|~")

    /// Whether a line may start at `next` when it follows `last`, both in
    /// U+0021...U+007F.
    static func allowsBreak(after last: UInt16, before next: UInt16) -> Bool {
        switch last {
        case UInt16(ascii: "-"):
            return isLetter(next) || afterHyphen.contains(next)
        case UInt16(ascii: "?"):
            return isLetter(next) || isDigit(next) || afterQuestionMark.contains(next)
        default:
            return punctuationBeforeOpeners.contains(last) && openers.contains(next)
        }
    }

    /// Whether a line may start at `index` of `text` when both characters
    /// around it are ASCII and neither a space nor a control: the table,
    /// and a hyphen before a digit breaks only after a letter or a digit
    /// (a minus sign keeps its number), as ``ChromiumBreaks`` decides.
    @inline(__always)
    static func breaks(in text: UTF16Text, before index: Int) -> Bool {
        let last = text[index - 1]
        let next = text[index]
        guard last >= 0x21, next >= 0x21, last <= 0x7F, next <= 0x7F else { return false }
        if last == UInt16(ascii: "-"), isDigit(next) {
            let before = index >= 2 ? text[index - 2] : 0
            return isDigit(before) || isLetter(before)
        }
        return allowsBreak(after: last, before: next)
    }

    /// Whether any line may start after `unit` by the table.
    static func mayBreak(after unit: UInt16) -> Bool {
        unit == UInt16(ascii: "-") || unit == UInt16(ascii: "?") || punctuationBeforeOpeners.contains(unit)
    }

    static func isDigit(_ unit: UInt16) -> Bool { unit >= 0x30 && unit <= 0x39 }
    static func isLetter(_ unit: UInt16) -> Bool {
        (unit >= 0x41 && unit <= 0x5A) || (unit >= 0x61 && unit <= 0x7A)
    }
}

/// A set of ASCII characters as a 128-bit map.
private struct AsciiSet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init(_ characters: String) {
        for unit in characters.utf16 {
            if unit < 64 { low |= 1 << UInt64(unit) } else { high |= 1 << UInt64(unit - 64) }
        }
    }

    @inline(__always)
    func contains(_ unit: UInt16) -> Bool {
        unit < 64 ? low & (1 << UInt64(unit)) != 0 : unit < 128 && high & (1 << UInt64(unit - 64)) != 0
    }
}

extension UInt16 {
    init(ascii scalar: Unicode.Scalar) { self = UInt16(scalar.value) }
}
