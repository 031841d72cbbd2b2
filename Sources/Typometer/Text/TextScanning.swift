/// Scanning UTF-16 text: runs of spaces that end chunks, scalars decoded
/// one at a time, and characters that may be right to left.
enum TextScanning {
    /// Where the chunk starting at `start` ends (as ``chunkEnd(in:from:before:)``)
    /// and where its trailing spaces start (its end when they include a tab).
    static func chunkBounds(in units: UTF16Text, from start: Int, before end: Int)
        -> (contentEnd: Int, end: Int)
    {
        var index = start
        while index < end, units[index] != 0x20, units[index] != 0x09 { index += 1 }
        var contentEnd = index
        while index < end, units[index] == 0x20 || units[index] == 0x09 {
            if units[index] == 0x09 { contentEnd = end }
            index += 1
        }
        return (min(contentEnd, index), index)
    }

    /// Where the chunk starting at `start` ends: just after its run of spaces
    /// and tabs, or at `end`.
    static func chunkEnd(in units: UTF16Text, from start: Int, before end: Int) -> Int {
        var index = start
        while index < end, units[index] != 0x20, units[index] != 0x09 { index += 1 }
        while index < end, units[index] == 0x20 || units[index] == 0x09 { index += 1 }
        return index
    }

    /// Where the trailing spaces of `chunk` start (its length when none).
    static func contentEnd(of chunk: UTF16Text) -> Int {
        var end = chunk.count
        while end > 0, chunk[end - 1] == 0x20 { end -= 1 }
        return end
    }

    /// The scalar starting at `index`, if it is before `end`.
    static func scalar(in units: UTF16Text, at index: Int, before end: Int) -> UInt32? {
        guard index < end else { return nil }
        return firstScalar(in: units, index..<min(index + 2, end)) { _ in true }
    }

    /// Whether `unit` may be (part of) a right-to-left character or a bidi
    /// control: the cheap test before resolving bidi levels.
    static func mayBeRightToLeft(_ unit: UInt16) -> Bool {
        // Most text (Latin, Cyrillic, Greek...) is below the first range.
        guard unit >= 0x0590 else { return false }
        return (0x0590...0x08FF).contains(unit) || (0xFB1D...0xFDFF).contains(unit)
            || (0xFE70...0xFEFF).contains(unit) || (0xD802...0xD803).contains(unit)
            || unit == 0xD83A || unit == 0xD83B || (0x200E...0x200F).contains(unit)
            || (0x202A...0x202E).contains(unit) || (0x2066...0x2069).contains(unit)
    }

    /// Appends the scalars of `range` of `text` to `scalars`.
    static func decode(_ text: UTF16Text, _ range: Range<Int>, into scalars: inout [UInt32]) {
        _ = firstScalar(in: text, range) { scalar in
            scalars.append(scalar)
            return false
        }
    }

    /// The first scalar of `range` of `text` (lone surrogates as themselves)
    /// for which `matches` holds, decoded one at a time.
    static func firstScalar(in text: UTF16Text, _ range: Range<Int>,
                            where matches: (UInt32) -> Bool) -> UInt32? {
        var index = range.lowerBound
        while index < range.upperBound {
            let unit = text[index]
            let scalar: UInt32
            if UTF16.isLeadSurrogate(unit), index + 1 < range.upperBound, UTF16.isTrailSurrogate(text[index + 1]) {
                scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(text[index + 1]) - 0xDC00)
                index += 2
            } else {
                scalar = UInt32(unit)
                index += 1
            }
            if matches(scalar) { return scalar }
        }
        return nil
    }
}
