/// Splitting text into paragraphs at hard line breaks.
enum HardBreaks {
    /// The paragraphs of `text` (UTF-16) as code-unit ranges, without their
    /// terminators. Both profiles end a paragraph at LF, CR LF and CR; Pango
    /// also at U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR, which
    /// Chromium lays out as ordinary break opportunities.
    ///
    /// Text ending in a terminator ends in an empty paragraph; the caller
    /// decides whether that last empty paragraph is a line (Pango) or not
    /// (Chromium). Empty text is one empty paragraph.
    static func paragraphs(in text: UnsafeBufferPointer<UInt16>, profile: RenderingProfile) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        var index = 0
        let count = text.count
        let separatorsBreak = profile == .pango
        while index < count {
            let unit = text[index]
            if unit == 0x0A || unit == 0x0D || (separatorsBreak && (unit == 0x2028 || unit == 0x2029)) {
                result.append(start..<index)
                if unit == 0x0D, index + 1 < count, text[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        result.append(start..<count)
        return result
    }
}
