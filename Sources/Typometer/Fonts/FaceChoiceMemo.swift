/// The faces a ``FontSelector`` chose for clusters of up to three
/// characters, by the characters and how it was asked: a choice costs well
/// over a thousand instructions (the fallback lookup by locale, the default
/// font's and the primary face's coverage), a lookup here a fraction of
/// that. Bounded; safe from any thread.
final class FaceChoiceMemo: Sendable {
    typealias Choice = (face: FontFace, isMissing: Bool, hint: UInt32?)

    /// The characters of a cluster, how many and how it was asked, packed:
    /// up to three of the Basic Multilingual Plane 16 bits each, or one
    /// from any plane; the count (bits 48–49), the flags (50–51).
    struct Key: Hashable {
        let packed: UInt64

        /// The key of the cluster of `scalars` asked with `flags` (below 4);
        /// `nil` for a cluster of more than three characters, or of more
        /// than one where one is outside the Basic Multilingual Plane.
        init?(_ scalars: [UInt32], flags: UInt8) {
            guard !scalars.isEmpty, scalars.count <= 3 else { return nil }
            var packed = UInt64(scalars.count) << 48 | UInt64(flags) << 50
            if scalars.count == 1 {
                packed |= UInt64(scalars[0])
            } else {
                for index in scalars.indices {
                    guard scalars[index] < 0x10000 else { return nil }
                    packed |= UInt64(scalars[index]) << (16 * UInt64(index))
                }
            }
            self.packed = packed
        }
    }

    private let lock = Lock()
    private nonisolated(unsafe) var choices: [Key: Choice] = [:]
    private static let limit = 1 << 14

    /// The choice remembered for `key`, if any.
    func choice(for key: Key) -> Choice? { lock.withLock { choices[key] } }

    func remember(_ choice: Choice, for key: Key) {
        lock.withLock { choices.set(choice, for: key, limit: FaceChoiceMemo.limit) }
    }
}
