import CThai

/// Thai word boundaries from libthai's dictionary, which Pango breaks Thai
/// text with (ICU's dictionary splits some words differently). One breaker
/// for the process, behind a lock, as Pango keeps it.
final class ThaiDictionary: @unchecked Sendable {
    static let shared = ThaiDictionary()

    /// libthai's breaker; `nil` when its dictionary cannot be loaded.
    private let breaker: OpaquePointer?
    private let lock = Lock()

    private init() {
        breaker = th_brk_new(nil)
    }

    deinit {
        if let breaker { th_brk_delete(breaker) }
    }

    /// Whether `unit` is a Thai character (U+0E01–U+0E5B).
    static func isThai(_ unit: UInt16) -> Bool { unit >= 0x0E01 && unit <= 0x0E5B }

    /// The word boundaries strictly inside `run`, a stretch of Thai
    /// characters, as offsets into it; `nil` when libthai is unavailable.
    func breaks(inside run: UTF16Text) -> [Int]? {
        guard let breaker else { return nil }
        // Thai characters are in the BMP: one code unit, one TIS-620 byte.
        var tis = run.map { th_uni2tis(thwchar_t($0)) }
        tis.append(0)
        var positions = [Int32](filled: 0, count: run.count + 1)
        let found = lock.withLock {
            th_brk_find_breaks(breaker, tis, &positions, positions.count)
        }
        guard found >= 0 else { return nil }
        return positions[0..<Int(found)].map(Int.init).filter { $0 > 0 && $0 < run.count }
    }
}
