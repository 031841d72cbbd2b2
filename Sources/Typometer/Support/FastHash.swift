#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A fast, non-cryptographic 64-bit hash of raw bytes for cache keys
/// (FxHash over 8-byte words, then a multiply–xorshift finish), seeded per
/// process: equal bytes give equal hashes within a process, and input
/// crafted in advance cannot pile keys into one probe sequence. Collisions
/// are resolved by the caches comparing the keys themselves.
enum FastHash {
    /// A random seed drawn once per process (`getrandom` through the
    /// system generator); a fixed one when `SWIFT_DETERMINISTIC_HASHING` is
    /// set, as for Swift's own hashing, so instruction counts repeat.
    static let processSeed: UInt64 = {
        if getenv("SWIFT_DETERMINISTIC_HASHING") != nil { return 0x9E37_79B9_7F4A_7C15 }
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }()

    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = FastHash.processSeed) -> UInt64 {
        var state = seed ^ (UInt64(bytes.count) &* 0xA076_1D64_78BD_642F)
        var index = 0
        let count = bytes.count
        // One rotate, xor and multiply per word (FxHash); the final mixes
        // spread the bits for table indexing.
        while index + 8 <= count {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            state = ((state << 5 | state >> 59) ^ word) &* 0x517C_C1B7_2722_0A95
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < count {
            tail |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
        return mix(mix(state ^ tail) ^ 0xE703_7ED1_A0B4_28DB)
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var x = value &* 0xBF58_476D_1CE4_E5B9
        x ^= x >> 31
        x = x &* 0x94D0_49BB_1331_11EB
        return x ^ (x >> 29)
    }

    /// The hash of a string's UTF-8 bytes.
    static func hash(_ text: String) -> UInt64 {
        if let hash = text.utf8.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0)) }) {
            return hash
        }
        return Array(text.utf8).withUnsafeBytes { hash($0) }
    }
}
