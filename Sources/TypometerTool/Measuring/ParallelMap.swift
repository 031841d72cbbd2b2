import Dispatch
import Synchronization

extension Array where Element: Sendable {
    /// `transform` applied to each element on up to `threads` threads, the
    /// results in the elements' order. Threads take the next unclaimed
    /// element, so one long text does not hold up a whole stripe.
    func parallelMap<Result: Sendable>(threads: Int, _ transform: @Sendable (Element) -> Result) -> [Result] {
        guard threads > 1, count > 1 else { return map(transform) }
        let next = Atomic<Int>(0)
        return [Result](unsafeUninitializedCapacity: count) { output, initialized in
            let slots = Slots(base: output.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: Swift.min(threads, count)) { _ in
                while true {
                    let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard index < count else { return }
                    slots.base.advanced(by: index).initialize(to: transform(self[index]))
                }
            }
            initialized = count
        }
    }
}

/// The result storage, shared by the threads: each writes distinct slots,
/// which is what makes the unchecked `Sendable` sound.
private struct Slots<Result>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Result>
}
