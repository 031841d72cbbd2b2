/// Which of U+0000...U+02FF a face maps, as a bitmap read once: the test
/// for text that one HarfBuzz run of the primary face can shape.
struct LatinCoverage: Sendable {
    private let words: [UInt64]

    init(_ face: FontFace) {
        var words = [UInt64](repeating: 0, count: 12)
        for unit in 0..<0x300 where face.covers(UInt32(unit)) {
            words[unit >> 6] |= 1 << UInt64(unit & 63)
        }
        self.words = words
    }

    /// Whether the face maps `unit` (which must be below U+0300).
    func covers(_ unit: UInt16) -> Bool { words[Int(unit >> 6)] & (1 << UInt64(unit & 63)) != 0 }
}
