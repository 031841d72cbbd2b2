#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The unknown member names already warned about in a run, so each is said
/// once however many lines carry it; past ``limit`` names, one last warning
/// says the rest go unreported (a stream of distinct names neither grows
/// the set nor floods stderr). Safe from any thread: a `pthread` mutex,
/// which ThreadSanitizer sees (the tool runs under it in `Scripts/sanitize`).
final class MemberWarnings: @unchecked Sendable {
    /// What ``warning(for:)`` says about a name.
    enum Warning: Equatable {
        /// The name's first warning.
        case first
        /// The warning that more names go unreported.
        case limitReached
        /// Nothing: said before, or past the limit.
        case none
    }

    /// The most names warned about one by one.
    static let limit = 100

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var warned: Set<String> = []
    private var saidLimit = false

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// The warning due for `name`, which is then remembered.
    func warning(for name: String) -> Warning {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if warned.contains(name) { return .none }
        if warned.count < Self.limit {
            warned.insert(name)
            return .first
        }
        if saidLimit { return .none }
        saidLimit = true
        return .limitReached
    }
}
