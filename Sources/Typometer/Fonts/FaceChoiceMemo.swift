/// The faces a ``FontSelector`` chose for clusters of one character, by the
/// character and how it was asked: a choice costs well over a thousand
/// instructions (the fallback lookup by locale, the default font's and the
/// primary face's coverage), a lookup here about a tenth of that. Bounded;
/// safe from any thread.
final class FaceChoiceMemo: Sendable {
    typealias Choice = (face: FontFace, isMissing: Bool, hint: UInt32?)

    private let lock = Lock()
    private nonisolated(unsafe) var choices: [UInt64: Choice] = [:]
    private static let limit = 1 << 14

    /// The choice for `scalar` asked with `flags`, made by `make` the first time.
    func choice(for scalar: UInt32, flags: UInt64, make: () -> Choice) -> Choice {
        let key = UInt64(scalar) | flags << 32
        if let known = lock.withLock({ choices[key] }) { return known }
        let made = make()
        lock.withLock { choices.set(made, for: key, limit: FaceChoiceMemo.limit) }
        return made
    }
}
