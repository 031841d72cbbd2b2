/// The height cache's key: a text's hash and the width. The entry keeps the
/// text, which is compared on every hit, so a hash collision is a miss.
struct HeightKey: PlainCacheKey {
    let textHash: UInt64
    let width: UInt64

    init(textHash: UInt64, width: Double) {
        self.textHash = textHash
        // NaN, negative and zero widths all lay out as 0.
        self.width = width.isNaN || width <= 0 ? 0 : width.bitPattern
    }

    var cacheHash: UInt64 { textHash ^ (width &* 0x9E37_79B9_7F4A_7C15).byteSwapped }
}

/// The prepared-text cache's key: a text's hash (the entry keeps the text).
struct TextKey: PlainCacheKey {
    let hash: UInt64
    var cacheHash: UInt64 { hash }
}

/// A text's line count and height at one width.
struct MeasuredHeight: Sendable {
    let text: String
    let lines: Int
    let height: Double
    /// The widest line's advance.
    let widest: Double

    /// Bytes an entry takes besides its text's.
    static let fixedBytes = 64
}
