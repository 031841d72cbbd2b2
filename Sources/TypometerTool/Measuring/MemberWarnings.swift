#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The unknown member names already warned about in a run, so each is said
/// once however many lines carry it. Safe from any thread: a `pthread`
/// mutex, which ThreadSanitizer sees (the tool runs under it in
/// `Scripts/sanitize`).
final class MemberWarnings: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var warned: Set<String> = []

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Whether `name` is warned about for the first time (it is then
    /// remembered).
    func isFirst(_ name: String) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return warned.insert(name).inserted
    }
}
