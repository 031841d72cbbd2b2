#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The word cache's key: a chunk's code units (plus, under `.pango`, the
/// character after it). Lookups use a borrowed buffer so a cache hit
/// allocates nothing; stored keys own their units.
struct ChunkKey: CacheKey, @unchecked Sendable {
    let hash: UInt64
    private let owned: [UInt16]?
    private let borrowed: UnsafeBufferPointer<UInt16>?
    private let following: UInt32

    /// A key borrowing `units`, valid only while `units` is.
    init(borrowing units: UnsafeBufferPointer<UInt16>, following: UInt32?) {
        self.following = following ?? UInt32.max
        self.hash = FastHash.hash(UnsafeRawBufferPointer(units), seed: UInt64(self.following))
        self.owned = nil
        self.borrowed = units
    }

    /// The same key owning a copy of its units, for storing.
    func owning() -> ChunkKey { ChunkKey(hash: hash, owned: withUnits { Array($0) }, following: following) }

    private init(hash: UInt64, owned: [UInt16], following: UInt32) {
        self.hash = hash
        self.owned = owned
        self.borrowed = nil
        self.following = following
    }

    var cacheHash: UInt64 { hash }

    static func == (lhs: ChunkKey, rhs: ChunkKey) -> Bool {
        guard lhs.hash == rhs.hash, lhs.following == rhs.following else { return false }
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
