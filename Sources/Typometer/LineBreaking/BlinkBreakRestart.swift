/// Blink restarts its line-break iterator at every line's start: ICU then
/// sees the text from there on, not the line before (LayoutNG
/// `LineBreaker`, `LazyLineBreakIterator::SetStartOffset`). Where ICU divides
/// words by dictionary (Thai, Lao, Khmer, Myanmar), a line that starts after
/// a word broken between characters has the rest of the run divided anew.
/// (At a word boundary the dictionary pass from there is the one it was in
/// the whole run: its loop starts each word afresh.)
///
/// One per paragraph being laid out; it remembers the opportunities in
/// effect in the current chunk (text up to the end of a run of spaces).
struct BlinkBreakRestart {
    /// Chunks longer than this (code units) keep the break opportunities
    /// found from their start, so a long run without spaces is not divided
    /// anew at each of its lines (Blink does; Typometer stays linear).
    static let longestChunk = 1024

    private let units: UnsafeBufferPointer<UInt16>
    private let paragraph: Range<Int>
    /// The chunk, or the rest of one from a restart, whose opportunities
    /// are in effect; and those opportunities, relative to its start.
    private var current: (range: Range<Int>, breaks: [Int32])?

    init(units: UnsafeBufferPointer<UInt16>, paragraph: Range<Int>) {
        self.units = units
        self.paragraph = paragraph
    }

    /// Whether `unit` is in a script whose words ICU divides by dictionary.
    static func isDictionaryUnit(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF, 0x19E0...0x19FF, 0xA9E0...0xA9FF, 0xAA60...0xAA7F:
            true
        default:
            false
        }
    }

    /// Whether a line starting at `position` has other break opportunities
    /// up to its chunk's end once ICU starts there; if so, those are in
    /// effect from now on (the caller lays the rest of the chunk out anew).
    mutating func changesBreaks(at position: Int) -> Bool {
        guard position > paragraph.lowerBound, position < paragraph.upperBound,
              Self.isDictionaryUnit(units[position - 1]), Self.isDictionaryUnit(units[position])
        else { return false }
        let end = TextMeasurer.chunkEnd(in: units, from: position, before: paragraph.upperBound)
        if current.map({ $0.range.upperBound != end || $0.range.lowerBound >= position }) ?? true {
            var start = position
            while start > paragraph.lowerBound, units[start - 1] != 0x20, units[start - 1] != 0x09 { start -= 1 }
            current = (start..<end, breaks(in: start..<end))
        }
        guard let (range, breaks) = current, range.count <= Self.longestChunk else { return false }
        let restarted = self.breaks(in: position..<end)
        let shift = Int32(position - range.lowerBound)
        guard !breaks.lazy.filter({ $0 > shift }).map({ $0 - shift }).elementsEqual(restarted) else { return false }
        current = (position..<end, restarted)
        return true
    }

    private func breaks(in range: Range<Int>) -> [Int32] {
        BreakOpportunities.find(in: UnsafeBufferPointer(rebasing: units[range]), profile: .chromium)
    }
}
