#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Typometer
import TypometerJSONLines

/// The measurers of lines whose only override is `"lang"` (as in feeds that
/// tag each post with its language), by language tag, so such a line finds
/// its measurer without building a style and hashing it in the store. Holds
/// at most ``limit`` tags (a stream of distinct tags goes to the store each
/// time). Safe from any thread: a `pthread` mutex, which ThreadSanitizer sees.
final class LanguageMeasurers: @unchecked Sendable {
    /// The most tags kept.
    static let limit = 64

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Searched in order: a feed has a few tags, and comparing a short
    /// string is cheaper than hashing it.
    private var measurers: [(language: String, measurer: TextMeasurer)] = []

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// The measurer kept for `language`, if any.
    func measurer(for language: String) -> TextMeasurer? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return measurers.first { $0.language == language }?.measurer
    }

    /// Keeps `measurer` for `language` while there is room.
    func keep(_ measurer: TextMeasurer, for language: String) {
        pthread_mutex_lock(mutex)
        if measurers.count < Self.limit, !measurers.contains(where: { $0.language == language }) {
            measurers.append((language, measurer))
        }
        pthread_mutex_unlock(mutex)
    }
}
