#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The machine's processors, for the default number of measuring threads.
enum Processors {
    /// Processors online now (`sysconf(_SC_NPROCESSORS_ONLN)`), at least 1.
    static var online: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}
