@testable import Typometer

/// Two ways of finding the breaks of a text (a fast path and what it stands
/// in for), compared.
enum BreakComparison {
    typealias Finder = (UTF16Text, UnsafeMutableBufferPointer<Int32>) -> Int

    /// The offsets `fast` and `reference` find in `units`, `nil` when they agree.
    static func disagreement(in units: [UInt16], fast: Finder, reference: Finder) -> (fast: [Int32], reference: [Int32])? {
        units.withUTF16Text { text in
            var first = [Int32](repeating: -1, count: text.count + 1)
            var second = first
            let firstCount = first.withUnsafeMutableBufferPointer { fast(text, $0) }
            let secondCount = second.withUnsafeMutableBufferPointer { reference(text, $0) }
            let found = (Array(first.prefix(max(firstCount, 0))), Array(second.prefix(max(secondCount, 0))))
            return found.0 == found.1 ? nil : found
        }
    }
}
