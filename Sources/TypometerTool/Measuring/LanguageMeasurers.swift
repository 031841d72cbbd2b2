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
    private var measurers: [String: TextMeasurer] = [:]

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// The measurer kept for `language`, or the one `make` gives, kept
    /// while there is room.
    func measurer(
        for language: String, _ make: () throws(LineFailure) -> TextMeasurer
    ) throws(LineFailure) -> TextMeasurer {
        pthread_mutex_lock(mutex)
        let kept = measurers[language]
        pthread_mutex_unlock(mutex)
        if let kept { return kept }
        let measurer = try make()
        pthread_mutex_lock(mutex)
        if measurers.count < Self.limit { measurers[language] = measurer }
        pthread_mutex_unlock(mutex)
        return measurer
    }
}
