/// Where Chromium lets lines start inside a paragraph, following Blink's
/// `LazyLineBreakIterator` for `white-space: pre-wrap`: a break after every
/// run of spaces and tabs, never before one; Chromium's table between two
/// ASCII characters; no break next to a no-break space beside ASCII; ICU's
/// UAX #14 rules otherwise, tailored for CSS `line-break: normal` (breaks
/// before small kana), which include dictionary breaks for Thai, Lao, Khmer
/// and Burmese.
enum ChromiumBreaks {
    /// Offsets (relative to `text`, increasing, excluding 0, including its
    /// length) at which a line may start in a text in `language` (`nil`:
    /// English).
    static func find(in text: UTF16Text, language: TextLanguage?) -> [Int32] {
        let count = text.count
        if count == 0 { return [] }
        // Between two ASCII characters Chromium never asks ICU.
        if !text.contains(where: { $0 > 0x7F }) { return tailor(text, icu: []) }
        var icu = [Int32](filled: 0, count: count + 1)
        // Chromium 156 breaks Chinese by ICU's Chinese rules (a break before
        // U+301C and U+30A0), Japanese and the rest like English.
        let locale = language.flatMap { $0.primary == "zh" ? $0.icuLocale : nil }
        let found = icu.withUnsafeMutableBufferPointer { ICU.lineBreaks(in: text, locale: locale, into: $0) }
        if found < 0 { return [Int32(count)] }
        icu.removeSubrange(found...)
        return tailor(text, icu: icu)
    }

    /// Whether `unit` is a fullwidth closing bracket, which Chromium sets
    /// half-width at a line's end when that lets it fit (`allow-end`; its
    /// ideographic commas and stops stay full-width there, by experiment).
    static func isClosingBracket(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301E, 0x301F,
             0xFF09, 0xFF3D, 0xFF5D, 0xFF60:
            return true
        default:
            return false
        }
    }

    private static func isBreakableSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0x0A
    }

    /// Chromium's break opportunities in `text` from ICU's `icu` (empty for
    /// ASCII text).
    private static func tailor(_ text: UTF16Text, icu: [Int32]) -> [Int32] {
        let count = text.count
        var result: [Int32] = []
        result.reserveCapacity(icu.count + 4)
        var icuCursor = 0
        for position in 1..<count {
            let next = text[position]
            let last = text[position - 1]
            if isBreakableSpace(next) { continue }
            if isBreakableSpace(last) {
                result.append(Int32(position))
                continue
            }
            if last < 0x21 || next < 0x21 { continue }
            if last == UInt16(ascii: "-"), ChromiumAsciiBreaks.isDigit(next) {
                let beforeHyphen = position >= 2 ? text[position - 2] : 0
                if ChromiumAsciiBreaks.isDigit(beforeHyphen) || ChromiumAsciiBreaks.isLetter(beforeHyphen) {
                    result.append(Int32(position))
                }
                continue
            }
            if last <= 0x7F, next <= 0x7F {
                if ChromiumAsciiBreaks.allowsBreak(after: last, before: next) {
                    result.append(Int32(position))
                }
                continue
            }
            if (next == 0xA0 && last <= 0x7F) || (last == 0xA0 && next <= 0x7F) { continue }
            // A lone CR is no break in Chromium (ICU would break after it).
            if last == 0x0D { continue }
            while icuCursor < icu.count, Int(icu[icuCursor]) < position { icuCursor += 1 }
            if icuCursor < icu.count, Int(icu[icuCursor]) == position {
                if !followsWordInitialHyphen(text, at: position) { result.append(Int32(position)) }
            } else if joinsHebrewWords(text, at: position) {
                result.append(Int32(position))
            } else if quoteBreaksBetweenEastAsian(text, at: position) {
                result.append(Int32(position))
            }
        }
        result.append(Int32(count))
        return result
    }

    /// Unicode 15.1's rule LB20a, which Chromium's ICU 78 has and Debian's
    /// ICU 72 has not: no break after a hyphen (a maqaf too, a hyphen since
    /// Unicode 16) that starts a word (at the text's start or after a space,
    /// a no-break space or a zero-width space) before a letter. Between two
    /// ASCII characters Chromium's table decides, so only a letter outside
    /// ASCII is concerned.
    private static func followsWordInitialHyphen(_ text: UTF16Text, at position: Int) -> Bool {
        let hyphen = text[position - 1]
        guard hyphen == 0x2D || hyphen == 0x2010 || hyphen == 0x05BE else { return false }
        if position >= 2 {
            let before = text[position - 2]
            guard before == 0x20 || before == 0xA0 || before == 0x200B || before == 0x202F || before == 0x2007 else {
                return false
            }
        }
        let next = text[position]
        guard next > 0x7F, !isEastAsian(next), !isDictionaryUnit(next),
              let scalar = Unicode.Scalar(next) else { return false }
        return scalar.properties.isAlphabetic
    }

    /// Unicode 15.1's LB21a, which Chromium's ICU 78 has (with the maqaf,
    /// U+05BE, a hyphen since Unicode 16): a maqaf or a hyphen between two
    /// Hebrew letters allows a break after it. Debian's ICU 72 has the older
    /// rule, which never breaks after a hyphen or a maqaf that follows a
    /// Hebrew letter.
    private static func joinsHebrewWords(_ text: UTF16Text, at position: Int) -> Bool {
        let hyphen = text[position - 1]
        guard hyphen == 0x05BE || hyphen == 0x2D || hyphen == 0x2010, isHebrewLetter(text[position]) else {
            return false
        }
        // The letter before, past its points and accents.
        var before = position - 2
        while before >= 0, isHebrewMark(text[before]) { before -= 1 }
        return before >= 0 && isHebrewLetter(text[before])
    }

    private static func isHebrewLetter(_ unit: UInt16) -> Bool {
        (0x05D0...0x05EA).contains(unit) || (0x05EF...0x05F2).contains(unit) || (0xFB1D...0xFB4F).contains(unit)
    }

    private static func isHebrewMark(_ unit: UInt16) -> Bool {
        (0x0591...0x05C7).contains(unit) && unit != 0x05BE && unit != 0x05C0 && unit != 0x05C3 && unit != 0x05C6
    }

    /// Whether `unit` is in a script whose words ICU divides by dictionary
    /// (line-break class SA, not a letter class of its own).
    private static func isDictionaryUnit(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x19E0...0x19FF, 0xA9E0...0xA9FF, 0xAA60...0xAA7F:
            true
        default:
            false
        }
    }

    /// Unicode 15.1's rules LB19 and LB19a, which Chromium's ICU 78 has and
    /// Debian's ICU 72 has not: a curly quotation mark between two East
    /// Asian characters lets the line break after it when it closes, before
    /// it when it opens. The character across the break must allow one by
    /// itself: before an ideograph, kana, Hangul or an opening bracket; after
    /// any of those or a fullwidth closing or stop mark (`：“` and `。“` break
    /// in Chromium 156, `「“` and `”，` do not).
    private static func quoteBreaksBetweenEastAsian(_ text: UTF16Text, at position: Int) -> Bool {
        let last = text[position - 1]
        let next = text[position]
        if isFinalQuote(last), position >= 2 {
            return isEastAsian(text[position - 2]) && (isEastAsianIdeographic(next) || isOpeningBracket(next))
        }
        if isInitialQuote(next), position + 1 < text.count {
            return isEastAsian(last) && !isOpeningBracket(last) && isEastAsian(text[position + 1])
        }
        return false
    }

    /// Fullwidth opening brackets (line-break class OP): no break after one.
    private static func isOpeningBracket(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D,
             0xFF08, 0xFF3B, 0xFF5B, 0xFF5F:
            return true
        default:
            return false
        }
    }

    /// East Asian wide and fullwidth characters of the BMP (UAX #11 W and F),
    /// letters and punctuation.
    private static func isEastAsian(_ unit: UInt16) -> Bool {
        (0x1100...0x115F).contains(unit) || (0x2E80...0x303E).contains(unit) || (0x3041...0x33FF).contains(unit)
            || (0x3400...0x4DBF).contains(unit) || (0x4E00...0x9FFF).contains(unit)
            || (0xA960...0xA97F).contains(unit) || (0xAC00...0xD7A3).contains(unit)
            || (0xF900...0xFAFF).contains(unit) || (0xFE10...0xFE19).contains(unit)
            || (0xFE30...0xFE6F).contains(unit) || (0xFF00...0xFF60).contains(unit) || (0xFFE0...0xFFE6).contains(unit)
    }

    private static func isInitialQuote(_ unit: UInt16) -> Bool { unit == 0x2018 || unit == 0x201C }
    private static func isFinalQuote(_ unit: UInt16) -> Bool { unit == 0x2019 || unit == 0x201D }

    /// Ideographs, kana and Hangul syllables (East Asian wide letters that
    /// allow breaks on both sides).
    private static func isEastAsianIdeographic(_ unit: UInt16) -> Bool {
        (0x3040...0x30FF).contains(unit) || (0x3400...0x4DBF).contains(unit) || (0x4E00...0x9FFF).contains(unit)
            || (0xAC00...0xD7A3).contains(unit) || (0xF900...0xFAFF).contains(unit)
    }
}
