extension Array {
    /// `count` copies of `value`, as `init(repeating:count:)` makes them.
    ///
    /// `init(repeating:count:)` allocates through a standard-library
    /// function that is never specialized, which looks its storage class
    /// up in the runtime's metadata cache on every call: about 400
    /// instructions on Linux, more than the allocation itself, paid for
    /// each of the dozen arrays a shaped chunk makes. Copying from
    /// `repeatElement` allocates through inlinable code, specialized here.
    @inline(__always)
    init(filled value: Element, count: Int) {
        self.init(repeatElement(value, count: count))
    }
}
