import CICUShim

/// Where lines may start inside one paragraph.
enum BreakOpportunities {
    /// Offsets (relative to the paragraph, increasing, excluding 0,
    /// including the paragraph's length) at which a line may start.
    ///
    /// `.chromium` follows Blink's `LazyLineBreakIterator` for
    /// `white-space: pre-wrap`: a break after every run of spaces and tabs,
    /// never before one; Chromium's table between two ASCII characters; no
    /// break next to a no-break space beside ASCII; ICU's UAX #14 rules
    /// otherwise, tailored for CSS `line-break: normal` (breaks before small
    /// kana), which include dictionary breaks for Thai, Lao, Khmer and
    /// Burmese. `.pango` uses ICU's default UAX #14 rules, except inside
    /// text of dictionary words (Thai, Lao, Khmer, Myanmar...), which Pango
    /// breaks only where libthai finds Thai words.
    static func find(in text: UnsafeBufferPointer<UInt16>, profile: RenderingProfile) -> [Int32] {
        let count = text.count
        if count == 0 { return [] }
        // Between two ASCII characters Chromium never asks ICU.
        if profile == .chromium, !text.contains(where: { $0 > 0x7F }) { return chromium(text, icu: []) }
        var icu = [Int32](repeating: 0, count: count + 1)
        let found = Int(tm_line_breaks(text.baseAddress, Int32(count), profile == .chromium ? 1 : 0, &icu, Int32(count + 1)))
        if found < 0 { return [Int32(count)] }
        icu.removeSubrange(found...)
        if profile == .pango { return pangoComplexContextWords(text, icu: icu) }
        return chromium(text, icu: icu)
    }

    /// `icu` as Pango's rules would have it for text whose words are found
    /// by dictionary (line break class SA): Pango allows no break inside a
    /// run of such characters, then adds libthai's word boundaries inside
    /// runs of Thai.
    private static func pangoComplexContextWords(_ text: UnsafeBufferPointer<UInt16>, icu: [Int32]) -> [Int32] {
        guard text.contains(where: { $0 >= 0x0E00 && $0 < 0x1100 || $0 >= 0x1780 && $0 < 0x1800
                || $0 >= 0x1950 && $0 < 0x1AB0 || $0 >= 0xA9E0 && $0 < 0xAAE0 || UTF16.isLeadSurrogate($0) })
        else { return icu }
        var result: [Int32] = []
        result.reserveCapacity(icu.count)
        var icuCursor = 0
        var index = 0
        while index < text.count {
            let thai = ThaiDictionary.isThai(text[index])
            guard thai || isComplexContext(text, at: index) else {
                index += 1
                continue
            }
            var end = index + (UTF16.isLeadSurrogate(text[index]) && index + 1 < text.count ? 2 : 1)
            while end < text.count, thai ? ThaiDictionary.isThai(text[end]) : isComplexContext(text, at: end) {
                end += UTF16.isLeadSurrogate(text[end]) && end + 1 < text.count ? 2 : 1
            }
            var inside: [Int] = []
            if thai {
                guard let words = ThaiDictionary.shared.breaks(inside: UnsafeBufferPointer(rebasing: text[index..<end]))
                else { return icu }
                inside = words
            }
            // ICU's breaks up to the run's start, then those inside it.
            while icuCursor < icu.count, Int(icu[icuCursor]) <= index {
                result.append(icu[icuCursor])
                icuCursor += 1
            }
            result.append(contentsOf: inside.map { Int32(index + $0) })
            while icuCursor < icu.count, Int(icu[icuCursor]) < end { icuCursor += 1 }
            index = end
        }
        result.append(contentsOf: icu[icuCursor...])
        return result
    }

    /// Whether the character at `index` (a code point's first unit) has
    /// line break class SA and is not Thai.
    private static func isComplexContext(_ text: UnsafeBufferPointer<UInt16>, at index: Int) -> Bool {
        var scalar = UInt32(text[index])
        if UTF16.isLeadSurrogate(text[index]) {
            guard index + 1 < text.count, UTF16.isTrailSurrogate(text[index + 1]) else { return false }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(text[index + 1]) - 0xDC00)
        }
        return !ThaiDictionary.isThai(text[index]) && ScalarProperties(scalar).isComplexContext
    }

    private static func isBreakableSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0x0A
    }

    private static func chromium(_ text: UnsafeBufferPointer<UInt16>, icu: [Int32]) -> [Int32] {
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
            while icuCursor < icu.count, Int(icu[icuCursor]) < position { icuCursor += 1 }
            if icuCursor < icu.count, Int(icu[icuCursor]) == position {
                result.append(Int32(position))
            }
        }
        result.append(Int32(count))
        return result
    }
}
