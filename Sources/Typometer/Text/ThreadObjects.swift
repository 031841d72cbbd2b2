/// The ICU objects each thread opens for itself (break iterators, a bidi
/// object), closed when the thread ends.
enum ThreadObjects {
    /// How many are open in the process now.
    static var open: Int { ICU.threadObjectsOpen }
}
