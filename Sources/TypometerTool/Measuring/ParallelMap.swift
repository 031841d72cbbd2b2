import Dispatch
import Synchronization

extension Array where Element: Sendable {
    /// `transform` applied to each element on up to `threads` threads, the
    /// results in the elements' order. Threads take the next few unclaimed
    /// elements, so one long text does not hold up a whole stripe.
    func parallelMap<Result: Sendable>(threads: Int, _ transform: @Sendable (Element) -> Result) -> [Result] {
        guard threads > 1, count > 1 else { return map(transform) }
        let next = Atomic<Int>(0)
        // Elements are taken up to 64 at a time (four batches a thread in a
        // chunk of 1,000 on two threads): one shared counter bumped per
        // element would bounce between the cores.
        let batch = Swift.max(1, Swift.min(64, count / (4 * threads)))
        return [Result](unsafeUninitializedCapacity: count) { output, initialized in
            let slots = Slots(base: output.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: Swift.min(threads, count)) { _ in
                while true {
                    let first = next.wrappingAdd(batch, ordering: .relaxed).oldValue
                    guard first < count else { return }
                    for index in first..<Swift.min(first + batch, count) {
                        slots.base.advanced(by: index).initialize(to: transform(self[index]))
                    }
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
