/// Bidi embedding levels as Pango's itemizer sees them: resolved over the
/// paragraph around a chunk, in the paragraph's base direction (that of its
/// first strong character, as Pango's automatic direction picks it), so a
/// space or a digit gets the level its neighbours give it. Pango starts a new
/// run where the level changes, and a space at the start of a run takes the
/// face of what follows it there.
enum PangoBidiLevels {
    /// Context resolved on each side of a range when only part of a
    /// paragraph is resolved; neutral characters look no further.
    static let margin = 256

    /// The base level (0 or 1) of `paragraph` in `units`: 1 when its first
    /// strong character is right-to-left.
    static func baseLevel(of units: UTF16Text, paragraph: Range<Int>) -> UInt8 {
        let text = units[paragraph]
        return ICU.firstStrongLevel(in: text) == 1 ? 1 : 0
    }

    /// The base level of `paragraph` (UTF-16 offsets) of `text`, read from
    /// its start only as far as its first strong character.
    static func baseLevel(of text: String, paragraph: Range<Int>) -> UInt8 {
        var block: [UInt16] = []
        var index = String.Index(utf16Offset: paragraph.lowerBound, in: text)
        var remaining = paragraph.count
        while remaining > 0 {
            block.removeAll(keepingCapacity: true)
            while remaining > 0, block.count < 64 || UTF16.isLeadSurrogate(block.last!) {
                block.append(text.utf16[index])
                index = text.utf16.index(after: index)
                remaining -= 1
            }
            if let level = block.withUTF16Text(ICU.firstStrongLevel) { return level }
        }
        return 0
    }

    /// The levels of `range` of `units`, resolved over `resolved` (which
    /// contains it) at base level `base`; `nil` when all are 0.
    static func levels(
        of units: UTF16Text, range: Range<Int>, resolvedOver resolved: Range<Int>, base: UInt8
    ) -> [UInt8]? {
        let text = units[resolved]
        guard base == 1 || text.contains(where: TextScanning.mayBeRightToLeft) else { return nil }
        var levels = [UInt8](filled: base, count: text.count)
        guard ICU.bidiLevels(of: text, base: base, into: &levels) else { return nil }
        let slice = levels[(range.lowerBound - resolved.lowerBound)..<(range.upperBound - resolved.lowerBound)]
        return slice.contains { $0 != 0 } ? Array(slice) : nil
    }

    /// The levels of `range` of `units` (plus the unit after it when there
    /// is one in `paragraph`), resolved with `margin` units of context.
    static func levels(
        of units: UTF16Text, range: Range<Int>, paragraph: Range<Int>, base: UInt8
    ) -> [UInt8]? {
        let upper = min(paragraph.upperBound, range.upperBound + 1)
        let resolved = max(paragraph.lowerBound, range.lowerBound - margin)..<min(paragraph.upperBound, upper + margin)
        return levels(of: units, range: range.lowerBound..<upper, resolvedOver: resolved, base: base)
    }
}
