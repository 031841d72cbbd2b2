/// Blink restarts its line-break iterator at every line's start: ICU then
/// sees the text from there on, not the line before (LayoutNG
/// `LineBreaker`, `LazyLineBreakIterator::SetStartOffset`). After a word
/// broken between characters that moves break opportunities in the rest of
/// the word: ICU's dictionary divides the rest of a Thai, Lao, Khmer or
/// Myanmar run anew, and a hyphen that now starts the text keeps the digit
/// or letter after it (Chromium's `-` before a digit, UAX #14 LB20a). At a word boundary nothing moves: rules restart there anyway,
/// and the dictionary pass starts each word afresh.
///
/// One per paragraph being laid out; it remembers the opportunities in
/// effect in the current chunk (text up to the end of a run of spaces).
struct BlinkBreakRestart: BreakRestarts {
    static var mayRestart: Bool { true }

    /// Chunks longer than this (code units) keep the break opportunities
    /// found from their start, so a long run without spaces is not divided
    /// anew at each of its lines (Blink does; Typometer stays linear).
    static let longestChunk = 1024

    private let units: UTF16Text
    private let paragraph: Range<Int>
    private let language: TextLanguage?
    /// The chunk, or the rest of one from a restart, whose opportunities
    /// are in effect; and those opportunities, relative to its start.
    private var current: (range: Range<Int>, breaks: [Int32])?

    init(units: UTF16Text, paragraph: Range<Int>, language: TextLanguage?) {
        self.units = units
        self.paragraph = paragraph
        self.language = language
    }

    /// Whether the rest of the chunk must be laid out anew from a line
    /// starting at `position`: when ICU, starting there, finds other break
    /// opportunities up to the chunk's end, or when the line starts inside a
    /// HarfBuzz cluster (`reshaping`: Blink shapes the text from there anew).
    /// If so, the opportunities from there are in effect from now on.
    mutating func changesBreaks(at position: Int, reshaping: Bool = false) -> Bool {
        guard position > paragraph.lowerBound, position < paragraph.upperBound else { return false }
        let limit = min(paragraph.upperBound, position + Self.longestChunk)
        let end = TextScanning.chunkEnd(in: units, from: position, before: limit)
        if current.map({ $0.range.upperBound != end || $0.range.lowerBound >= position }) ?? true {
            var start = position
            while start > paragraph.lowerBound, end - start < Self.longestChunk,
                  units[start - 1] != 0x20, units[start - 1] != 0x09 {
                start -= 1
            }
            let chunk = units[start..<end]
            guard end - start < Self.longestChunk, Self.mayMoveBreaks(in: chunk) else {
                current = nil
                return false
            }
            current = (start..<end, breaks(in: start..<end))
        }
        guard let (range, breaks) = current else { return false }
        let restarted = self.breaks(in: position..<end)
        let shift = Int32(position - range.lowerBound)
        guard reshaping || !breaks.lazy.filter({ $0 > shift }).map({ $0 - shift }).elementsEqual(restarted)
        else { return false }
        current = (position..<end, restarted)
        return true
    }

    /// Whether a restart inside `chunk` may move break opportunities: only
    /// text outside ASCII (ICU's rules and dictionaries) or a hyphen before
    /// a digit (Chromium's table looks one character further back) can.
    static func mayMoveBreaks(in chunk: UTF16Text) -> Bool {
        var previous: UInt16 = 0
        for unit in chunk {
            if unit > 0x7F || (previous == 0x2D && unit >= 0x30 && unit <= 0x39) { return true }
            previous = unit
        }
        return false
    }

    private func breaks(in range: Range<Int>) -> [Int32] {
        ChromiumBreaks.find(in: units[range], language: language)
    }
}
