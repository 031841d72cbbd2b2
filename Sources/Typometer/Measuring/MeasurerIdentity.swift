import Synchronization

/// A number no other measurer of this process has: what a prepared text
/// records of the measurer that made it. Unlike an `ObjectIdentifier` it is
/// never reused after that measurer is gone.
struct MeasurerIdentity: Equatable, Sendable {
    private let value: UInt64

    private static let last = Atomic<UInt64>(0)

    /// A new identity.
    static func next() -> MeasurerIdentity {
        MeasurerIdentity(value: last.wrappingAdd(1, ordering: .relaxed).newValue)
    }
}
