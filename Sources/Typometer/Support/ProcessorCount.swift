#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The machine's processor cores.
enum ProcessorCount {
    /// Online processor cores, the default parallelism of bulk passes.
    static let online: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}
