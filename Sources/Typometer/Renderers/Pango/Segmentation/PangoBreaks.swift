/// Where Pango lets lines start inside a paragraph: Pango's own UAX #14
/// rules (ported in the ICU shim), which allow no break inside dictionary
/// words (Thai, Lao, Khmer, Myanmar...), then the Thai word boundaries
/// libthai finds.
enum PangoBreaks {
    /// Offsets (relative to `text`, increasing, excluding 0, including its
    /// length) at which a line may start.
    static func find(in text: UTF16Text) -> [Int32] {
        let count = text.count
        if count == 0 { return [] }
        var icu = [Int32](filled: 0, count: count + 1)
        let found = icu.withUnsafeMutableBufferPointer { ICU.pangoLineBreaks(in: text, into: $0) }
        if found < 0 { return [Int32(count)] }
        icu.removeSubrange(found...)
        return addingThaiWords(in: text, to: icu)
    }

    /// Calls `body` with ``find(in:)``'s offsets, without allocating for
    /// them outside Thai text.
    static func withBreaks<Result>(
        in text: UTF16Text, _ body: (UnsafeBufferPointer<Int32>) -> Result
    ) -> Result {
        let count = text.count
        guard count > 0, !text.contains(where: ThaiDictionary.isThai) else {
            return find(in: text).withUnsafeBufferPointer(body)
        }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: count + 1) { buffer in
            let found = ICU.pangoLineBreaks(in: text, into: buffer)
            if found < 0 {
                buffer[0] = Int32(count)
                return body(UnsafeBufferPointer(rebasing: buffer[0..<1]))
            }
            return body(UnsafeBufferPointer(rebasing: buffer[0..<found]))
        }
    }

    /// `breaks` (Pango's rules, which allow none between Thai letters) with
    /// the word boundaries libthai finds inside each run of Thai added, as
    /// Pango's Thai tailoring adds them.
    private static func addingThaiWords(in text: UTF16Text, to breaks: [Int32]) -> [Int32] {
        guard text.contains(where: ThaiDictionary.isThai) else { return breaks }
        var result: [Int32] = []
        result.reserveCapacity(breaks.count)
        var cursor = 0
        var index = 0
        while index < text.count {
            guard ThaiDictionary.isThai(text[index]) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < text.count, ThaiDictionary.isThai(text[end]) { end += 1 }
            guard let words = ThaiDictionary.shared.breaks(inside: text[index..<end])
            else { return breaks }
            // The rules' breaks up to the run's start, then libthai's inside it.
            while cursor < breaks.count, Int(breaks[cursor]) <= index {
                result.append(breaks[cursor])
                cursor += 1
            }
            result.append(contentsOf: words.map { Int32(index + $0) })
            while cursor < breaks.count, Int(breaks[cursor]) < end { cursor += 1 }
            index = end
        }
        result.append(contentsOf: breaks[cursor...])
        return result
    }
}
