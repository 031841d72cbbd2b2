#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The word cache's key: a chunk's code units (plus, under `.pango`, what
/// the paragraph around it tells Pango's itemizer: the character after it,
/// the script run it continues, its bidi levels and the character whose item
/// its leading spaces continue, the last two after the units in the same
/// buffer; under `.chromium`, the fallback run it goes on with). Lookups
/// borrow the units, so a lookup allocates nothing (and a key may not leave
/// the thread whose units it borrows: it is not `Sendable`); the cache
/// stores a ``StoredChunkKey``, which owns its units, short ones inline.
struct ChunkKey: CacheKey {
    let hash: UInt64
    /// The borrowed units, as a start and a count to keep the key small.
    private let start: UnsafePointer<UInt16>?
    private let count: Int32
    private let following: UInt32
    private let precedingScript: UInt32
    /// How many of the units are context (bidi levels, a preceding
    /// character) after the chunk's own.
    private let levelCount: Int32

    /// A key borrowing `units` (the last `levelCount` of them context),
    /// valid only while `units` is.
    init(borrowing units: UTF16Text, following: UInt32? = nil, precedingScript: UInt32? = nil,
         levelCount: Int = 0) {
        self.following = following ?? UInt32.max
        self.precedingScript = precedingScript ?? 0
        self.levelCount = Int32(truncatingIfNeeded: levelCount)
        let seed = FastHash.processSeed ^ (UInt64(self.following) | UInt64(self.precedingScript) << 32)
        self.hash = FastHash.hash(units.bytes, seed: seed)
        self.start = units.baseAddress
        self.count = Int32(truncatingIfNeeded: units.count)
    }

    var cacheHash: UInt64 { hash }

    /// The bytes of its units, which the stored key copies.
    var unitBytes: Int { Int(count) * MemoryLayout<UInt16>.stride }

    private var units: UTF16Text { UTF16Text(UnsafeBufferPointer(start: start, count: Int(count))) }

    func stored() -> StoredChunkKey {
        StoredChunkKey(hash: hash, units: units, following: following, precedingScript: precedingScript,
                       levelCount: levelCount)
    }

    func matches(_ stored: StoredChunkKey) -> Bool {
        stored.hash == hash && stored.following == following && stored.precedingScript == precedingScript
            && stored.levelCount == levelCount && stored.hasUnits(units)
    }
}

/// A ``ChunkKey`` as the word cache keeps it: up to ``inlineCount`` units in
/// the key itself (most words), longer ones in an array of their own.
struct StoredChunkKey: Sendable {
    static let inlineCount = 16

    let hash: UInt64
    let following: UInt32
    let precedingScript: UInt32
    let levelCount: Int32
    private let count: Int32
    private var inline: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private let overflow: [UInt16]?

    init(hash: UInt64, units: UTF16Text, following: UInt32, precedingScript: UInt32,
         levelCount: Int32) {
        self.hash = hash
        self.following = following
        self.precedingScript = precedingScript
        self.levelCount = levelCount
        count = Int32(truncatingIfNeeded: units.count)
        if units.count <= Self.inlineCount {
            overflow = nil
            withUnsafeMutableBytes(of: &inline) { bytes in
                if let base = units.baseAddress { bytes.copyMemory(from: UnsafeRawBufferPointer(start: base, count: units.count * 2)) }
            }
        } else {
            overflow = Array(units)
        }
    }

    /// Whether the key's units are `units`.
    func hasUnits(_ units: UTF16Text) -> Bool {
        guard units.count == Int(count) else { return false }
        guard !units.isEmpty else { return true }
        if let overflow {
            return overflow.withUnsafeBytes { memcmp($0.baseAddress!, units.baseAddress!, units.count * 2) == 0 }
        }
        return withUnsafeBytes(of: inline) { memcmp($0.baseAddress!, units.baseAddress!, units.count * 2) == 0 }
    }
}
