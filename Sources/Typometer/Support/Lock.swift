import Synchronization

/// A mutual-exclusion lock around no state of its own, for the few places
/// that guard C handles or caches.
final class Lock: @unchecked Sendable {
    private let mutex = Mutex<Void>(())

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try mutex.withLock { _ in try body() }
    }
}
