#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The word cache's key: a chunk's code units (plus, under `.pango`, what
/// the paragraph around it tells Pango's itemizer: the character after it,
/// the script run it continues, its bidi levels and the character whose item
/// its leading spaces continue, the last two after the units in the same
/// buffer; under `.chromium`, the fallback run it goes on with). Lookups use
/// a borrowed buffer so a cache hit allocates nothing; stored keys own their
/// units.
struct ChunkKey: CacheKey, @unchecked Sendable {
    let hash: UInt64
    private let owned: [UInt16]?
    /// The borrowed units (when `owned` is `nil`), as a start and a count to
    /// keep the key small: it is copied on every lookup.
    private let borrowedStart: UnsafePointer<UInt16>?
    private let borrowedCount: Int32
    private let following: UInt32
    private let precedingScript: UInt32
    /// How many of the units are context (bidi levels, a preceding
    /// character) after the chunk's own.
    private let levelCount: Int32

    /// A key borrowing `units` (the last `levelCount` of them context),
    /// valid only while `units` is.
    init(borrowing units: UnsafeBufferPointer<UInt16>, following: UInt32? = nil, precedingScript: UInt32? = nil,
         levelCount: Int = 0) {
        self.following = following ?? UInt32.max
        self.precedingScript = precedingScript ?? 0
        self.levelCount = Int32(truncatingIfNeeded: levelCount)
        let seed = 0x9E37_79B9_7F4A_7C15 ^ (UInt64(self.following) | UInt64(self.precedingScript) << 32)
        self.hash = FastHash.hash(UnsafeRawBufferPointer(units), seed: seed)
        self.owned = nil
        self.borrowedStart = units.baseAddress
        self.borrowedCount = Int32(truncatingIfNeeded: units.count)
    }

    /// A key borrowing `units` of a chunk that goes on with Blink's fallback
    /// `run` and is followed by a strong character of bidi level
    /// `followingLevel` (`nil` when that cannot matter), or `nil` when the
    /// context does not fit the key (such a chunk is not cached). A chunk
    /// with no context to tell gets its plain key.
    init?(borrowing units: UnsafeBufferPointer<UInt16>, blinkRun run: BlinkFallbackRun, followingLevel: UInt8?) {
        guard !run.isEmpty || followingLevel != nil else {
            self.init(borrowing: units)
            return
        }
        // Up to four faces of 6 bits, their count, the run's level and the
        // following level, above `following`'s range of characters.
        guard run.faces.count <= 4, run.faces.allSatisfy({ $0 < 64 }), run.level < 4, (followingLevel ?? 0) < 2
        else { return nil }
        var packed = UInt32(0x8000_0000) | UInt32(run.level) << 29 | UInt32(run.faces.count) << 24
        if let followingLevel { packed |= 1 << 28 | UInt32(followingLevel) << 27 }
        for (slot, face) in run.faces.enumerated() { packed |= UInt32(face) << (6 * UInt32(slot)) }
        // Script tags are ASCII: the top bit is free for the run's luck.
        self.init(borrowing: units, following: packed, precedingScript: run.script | (run.outOfLuck ? 0x8000_0000 : 0))
    }

    /// The same key owning a copy of its units, for storing.
    func owning() -> ChunkKey {
        ChunkKey(hash: hash, owned: withUnits { Array($0) }, following: following, precedingScript: precedingScript,
                 levelCount: levelCount)
    }

    private init(hash: UInt64, owned: [UInt16], following: UInt32, precedingScript: UInt32, levelCount: Int32) {
        self.hash = hash
        self.owned = owned
        self.borrowedStart = nil
        self.borrowedCount = 0
        self.following = following
        self.precedingScript = precedingScript
        self.levelCount = levelCount
    }

    var cacheHash: UInt64 { hash }

    static func == (lhs: ChunkKey, rhs: ChunkKey) -> Bool {
        guard lhs.hash == rhs.hash, lhs.following == rhs.following, lhs.precedingScript == rhs.precedingScript,
              lhs.levelCount == rhs.levelCount
        else { return false }
        return lhs.withUnits { left in
            rhs.withUnits { right in
                left.count == right.count
                    && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count * 2) == 0)
            }
        }
    }

    private func withUnits<Result>(_ body: (UnsafeBufferPointer<UInt16>) -> Result) -> Result {
        if let owned { return owned.withUnsafeBufferPointer(body) }
        return body(UnsafeBufferPointer(start: borrowedStart, count: Int(borrowedCount)))
    }
}
