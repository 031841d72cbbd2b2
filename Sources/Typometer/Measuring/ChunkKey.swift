#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The word cache's key: a chunk's code units (plus, under `.pango`, what
/// the paragraph around it tells Pango's itemizer). Lookups use a borrowed
/// buffer so a cache hit allocates nothing; stored keys own their units.
struct ChunkKey: CacheKey, @unchecked Sendable {
    let hash: UInt64
    private let owned: [UInt16]?
    private let borrowed: UnsafeBufferPointer<UInt16>?
    private let context: PangoContext?

    /// A key borrowing `units`, valid only while `units` is.
    init(borrowing units: UnsafeBufferPointer<UInt16>, context: PangoContext?) {
        self.context = context
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        if let context {
            seed ^= UInt64(context.following ?? UInt32.max) | UInt64(context.precedingScript ?? 0) << 32
            if let levels = context.levels { seed ^= levels.withUnsafeBytes { FastHash.hash($0) } }
        }
        self.hash = FastHash.hash(UnsafeRawBufferPointer(units), seed: seed)
        self.owned = nil
        self.borrowed = units
    }

    /// The same key owning a copy of its units, for storing.
    func owning() -> ChunkKey { ChunkKey(hash: hash, owned: withUnits { Array($0) }, context: context) }

    private init(hash: UInt64, owned: [UInt16], context: PangoContext?) {
        self.hash = hash
        self.owned = owned
        self.borrowed = nil
        self.context = context
    }

    var cacheHash: UInt64 { hash }

    static func == (lhs: ChunkKey, rhs: ChunkKey) -> Bool {
        guard lhs.hash == rhs.hash, lhs.context == rhs.context else { return false }
        return lhs.withUnits { left in
            rhs.withUnits { right in
                left.count == right.count
                    && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count * 2) == 0)
            }
        }
    }

    private func withUnits<Result>(_ body: (UnsafeBufferPointer<UInt16>) -> Result) -> Result {
        if let borrowed { return body(borrowed) }
        return owned!.withUnsafeBufferPointer(body)
    }
}
