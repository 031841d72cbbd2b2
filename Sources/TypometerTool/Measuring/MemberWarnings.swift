#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The unknown member names warned about in a run, so each is said once
/// however many lines carry it; past ``limit`` names, one last warning says
/// the rest go unreported (a stream of distinct names neither grows the set
/// nor floods stderr). Lines of a chunk are checked on several threads in
/// any order, so a name is first noted with the line it is met on, and the
/// warnings are said once the chunk is done, in input order: each at the
/// first line that carries it, whatever the threads did. Safe from any
/// thread: a `pthread` mutex, which ThreadSanitizer sees (the tool runs
/// under it in `Scripts/sanitize`).
final class MemberWarnings: @unchecked Sendable {
    /// A warning to say.
    enum Warning: Equatable {
        /// The name's first warning, at `line`, `suffix` after the name.
        case first(name: String, line: Int, suffix: String)
        /// The warning, at `line`, that more names go unreported.
        case limitReached(line: Int)
    }

    /// The most names warned about one by one.
    static let limit = 100

    /// Where a name was met: its line, the order it was noted in (one
    /// thread checks a line, so this orders the names of a line as its
    /// record and runs hold them) and what follows the name in its warning.
    private struct Sighting {
        let line: Int
        let sequence: Int
        let suffix: String

        func precedes(_ other: Sighting) -> Bool { (line, sequence) < (other.line, other.sequence) }
    }

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var warned: Set<String> = []
    private var saidLimit = false
    /// Names met since the last ``takeWarnings()`` and not warned about:
    /// the earliest ones only, no more than can still be said.
    private var pending: [String: Sighting] = [:]
    private var sequence = 0

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Notes that `name` is unknown on `line`, its warning ending with
    /// `suffix`.
    func note(_ name: String, line: Int, suffix: String) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard !saidLimit, !warned.contains(name) else { return }
        sequence += 1
        let sighting = Sighting(line: line, sequence: sequence, suffix: suffix)
        if let known = pending[name], !sighting.precedes(known) { return }
        pending[name] = sighting
        // Keep the earliest names: as many as may still be warned about,
        // and one more, whose line the warning about the limit gives.
        if pending.count > Self.limit - warned.count + 1,
           let latest = pending.max(by: { $0.value.precedes($1.value) }) {
            pending[latest.key] = nil
        }
    }

    /// The warnings due for the names noted since the last call, in input
    /// order; those names are then warned about.
    func takeWarnings() -> [Warning] {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        var result: [Warning] = []
        for (name, sighting) in pending.sorted(by: { $0.value.precedes($1.value) }) {
            if warned.count < Self.limit {
                warned.insert(name)
                result.append(.first(name: name, line: sighting.line, suffix: sighting.suffix))
            } else {
                saidLimit = true
                result.append(.limitReached(line: sighting.line))
                break
            }
        }
        pending.removeAll()
        return result
    }
}
