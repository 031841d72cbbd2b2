/// Runs of one space (U+0020) shaped by HarfBuzz, remembered per face,
/// script, direction and language. HarfBuzz gives a lone space the same
/// glyph and advance whatever text surrounds it: the context around a run
/// feeds only joining (Arabic, Syriac, Mongolian), in which a space takes
/// no part, and the dotted circle before a leading mark. So the space that
/// a face change leaves in a run of its own after a word in a fallback face
/// (Hebrew, Arabic, Thai, Devanagari) is shaped once, not once a word.
/// Bounded; safe from any thread.
final class LoneSpaceMemo: Sendable {
    typealias Shaped = (advances: [Double], unsafe: [Bool], hasGlyph: [Bool])

    struct Key: Hashable {
        let face: Int
        let script: UInt32
        let rightToLeft: Bool
        /// The interned HarfBuzz language's address (0 for none).
        let language: UInt
    }

    private let lock = Lock()
    private nonisolated(unsafe) var runs: [Key: Shaped] = [:]
    private static let limit = 256

    /// The run for `key`, shaped by `shape` the first time.
    func shaped(for key: Key, shape: () -> Shaped) -> Shaped {
        if let known = lock.withLock({ runs[key] }) { return known }
        let made = shape()
        lock.withLock { runs.set(made, for: key, limit: LoneSpaceMemo.limit) }
        return made
    }
}
