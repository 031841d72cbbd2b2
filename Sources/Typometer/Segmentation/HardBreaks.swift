/// Splitting text into paragraphs at hard line breaks: LF and CR LF for
/// every renderer; a lone CR, U+2028 LINE SEPARATOR and U+2029 PARAGRAPH
/// SEPARATOR too where the rules say so
/// (``RendererTraits/breaksAtEveryLineSeparator``).
enum HardBreaks {
    /// The longest paragraph measured as one, in UTF-16 code units
    /// (2³¹ − 2): offsets inside a paragraph are 32-bit, as ICU's are.
    static let maximumParagraphLength = Int(Int32.max) - 1

    /// Calls `body` with each paragraph of `text` (its code-unit range,
    /// without the terminator) in order, found as it goes
    /// (so work stops where `body` returns `false`). Empty text and the empty
    /// paragraph after a final hard break are passed on where the renderer
    /// draws a line for them (``RendererTraits/laysOutEmptyParagraphs``).
    ///
    /// A paragraph longer than `maximumLength` (at least 2) is passed on in
    /// pieces of at most that length, each ending at the last break
    /// opportunity in its final 1,024 units (or, where there is none, at
    /// its length, never between the two halves of a surrogate pair). Each
    /// piece then starts a line of its own.
    static func forEachParagraph<Rules: SegmentationRules>(
        in text: UTF16Text, rules: Rules.Type,
        maximumLength: Int = maximumParagraphLength, _ body: (Range<Int>) -> Bool
    ) {
        let maximumLength = max(2, maximumLength)
        func emit(_ paragraph: Range<Int>) -> Bool {
            guard paragraph.count > maximumLength else { return body(paragraph) }
            var start = paragraph.lowerBound
            while start < paragraph.upperBound {
                let end = paragraph.upperBound - start > maximumLength
                    ? pieceEnd(in: text, from: start, before: start + maximumLength, rules: rules)
                    : paragraph.upperBound
                guard body(start..<end) else { return false }
                start = end
            }
            return true
        }
        let count = text.count
        let everySeparator = Rules.traits.breaksAtEveryLineSeparator
        var start = 0
        var index = 0
        while index < count {
            let unit = text[index]
            let isBreak = unit <= 0x0D
                ? unit == 0x0A || (unit == 0x0D && (everySeparator || (index + 1 < count && text[index + 1] == 0x0A)))
                : everySeparator && (unit == 0x2028 || unit == 0x2029)
            if isBreak {
                guard emit(start..<index) else { return }
                if unit == 0x0D, index + 1 < count, text[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        if Rules.traits.laysOutEmptyParagraphs || start < count { _ = emit(start..<count) }
    }

    /// Where a piece of a long paragraph that starts at `start` ends, at
    /// most at `limit`: the last break opportunity after `start` in the
    /// 1,024 units before `limit`, else `limit` (one unit less when that
    /// would cut a surrogate pair).
    private static func pieceEnd<Rules: SegmentationRules>(
        in text: UTF16Text, from start: Int, before limit: Int, rules: Rules.Type
    ) -> Int {
        let window = max(start, limit - 1024)..<limit
        let breaks = Rules.breakOpportunities(in: text[window], language: nil)
        if let last = breaks.last(where: { $0 < window.count }), window.lowerBound + Int(last) > start {
            return window.lowerBound + Int(last)
        }
        return UTF16.isLeadSurrogate(text[limit - 1]) ? limit - 1 : limit
    }
}
