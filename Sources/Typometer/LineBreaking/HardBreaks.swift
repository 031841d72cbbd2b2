/// Splitting text into paragraphs at hard line breaks: LF and CR LF in both
/// profiles; a lone CR, U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR
/// too in Pango. Chromium lays a lone CR out as an invisible character and
/// the separators as ordinary break opportunities.
enum HardBreaks {
    /// Calls `body` with each paragraph of `text` (its code-unit range,
    /// without the terminator) in order, found as it goes
    /// (so work stops where `body` returns `false`). Chromium draws no line
    /// for empty text nor for the empty paragraph after a final hard break;
    /// Pango does, so under `.pango` they are passed on.
    static func forEachParagraph(
        in text: UnsafeBufferPointer<UInt16>, profile: RenderingProfile, _ body: (Range<Int>) -> Bool
    ) {
        let count = text.count
        let pango = profile == .pango
        var start = 0
        var index = 0
        while index < count {
            let unit = text[index]
            let isBreak = unit <= 0x0D
                ? unit == 0x0A || (unit == 0x0D && (pango || (index + 1 < count && text[index + 1] == 0x0A)))
                : pango && (unit == 0x2028 || unit == 0x2029)
            if isBreak {
                guard body(start..<index) else { return }
                if unit == 0x0D, index + 1 < count, text[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        if profile == .pango || start < count { _ = body(start..<count) }
    }
}
