extension Array where Element: BitwiseCopyable & ExpressibleByIntegerLiteral {
    /// Replaces the array's contents with the first elements of a buffer of `count`
    /// elements that `body` writes, returning how many to keep (at most `count`).
    ///
    /// Reuses the array's storage when it is not shared and holds `count` elements: the
    /// buffer is zeroed first, which costs less than the page faults of fresh memory (a
    /// re-solve writes its index where the last solve's was). Otherwise allocates
    /// `capacity` elements (at least `count`), advised for huge pages (``HugePages``), and
    /// hands `body` them uninitialized.
    mutating func overwrite(count: Int, capacity: Int, _ body: (UnsafeMutableBufferPointer<Element>) -> Int) {
        if self.capacity >= count {
            removeAll(keepingCapacity: true)
            append(contentsOf: repeatElement(0, count: count))
            let kept = withUnsafeMutableBufferPointer { body($0) }
            removeLast(count - kept)
        } else {
            self = Array(unsafeUninitializedCapacity: Swift.max(count, capacity)) { buffer, initialized in
                HugePages.advise(buffer)
                initialized = body(UnsafeMutableBufferPointer(rebasing: buffer[..<count]))
            }
        }
    }
}
