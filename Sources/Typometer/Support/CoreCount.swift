#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension TextMeasurer {
    /// Online processor cores, the default parallelism of bulk passes.
    static let coreCount: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}
