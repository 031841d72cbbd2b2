import CHarfBuzz

/// A HarfBuzz buffer owned for one shaping call: created empty, destroyed
/// when the value ends (it cannot be copied, so it is destroyed once). The
/// pointer is lent out only for the length of a call.
struct HarfBuzzBuffer: ~Copyable {
    private let pointer: OpaquePointer

    init() {
        pointer = hb_buffer_create()
    }

    deinit {
        hb_buffer_destroy(pointer)
    }

    /// Calls `body` with the `hb_buffer_t`, alive for the whole call.
    borrowing func withPointer<Result>(_ body: (OpaquePointer) -> Result) -> Result {
        body(pointer)
    }
}
