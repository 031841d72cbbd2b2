/// A borrowed run of UTF-16 code units: the one type every stage of the
/// pipeline reads text through. It points into storage its caller owns (a
/// string's units transcoded for one call, a prepared text, a word) and is
/// valid only while the caller lends it, so it is not `Sendable` and nothing
/// keeps one past the call that received it. Offsets count from its start;
/// a slice is a text of its own.
struct UTF16Text: Sequence {
    private let units: UnsafeBufferPointer<UInt16>

    /// A view of `units`, which must outlive it.
    init(_ units: UnsafeBufferPointer<UInt16>) {
        self.units = units
    }

    var count: Int { units.count }
    var isEmpty: Bool { units.isEmpty }
    var last: UInt16? { units.last }

    subscript(index: Int) -> UInt16 { units[index] }

    /// The units in `range`, offsets from 0.
    subscript(range: Range<Int>) -> UTF16Text { UTF16Text(UnsafeBufferPointer(rebasing: units[range])) }

    func makeIterator() -> UnsafeBufferPointer<UInt16>.Iterator { units.makeIterator() }

    /// Where the units start, for the C libraries' calls and for hashing.
    var baseAddress: UnsafePointer<UInt16>? { units.baseAddress }

    /// The offset of `slice`, a slice of this text, from this text's start.
    func offset(of slice: UTF16Text) -> Int {
        guard let start = slice.baseAddress, let base = units.baseAddress else { return 0 }
        return start - base
    }

    /// The units as raw bytes, for hashing and comparing.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(units) }
}

extension Array where Element == UInt16 {
    /// Calls `body` with the array's units as a ``UTF16Text``.
    func withUTF16Text<Result>(_ body: (UTF16Text) throws -> Result) rethrows -> Result {
        try withUnsafeBufferPointer { try body(UTF16Text($0)) }
    }
}
