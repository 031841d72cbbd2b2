import BenchSupport

#if canImport(Glibc)
import Glibc
#endif

/// Peak resident memory, from `getrusage` (`ru_maxrss`, in kilobytes on Linux).
enum PeakMemory {
    /// This process's peak resident set so far, in bytes.
    static var ofThisProcess: Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) * 1024
    }

    /// The peak resident set of this process's own address space, in bytes
    /// (`VmHWM` in /proc/self/status). Unlike `ru_maxrss`, it does not
    /// inherit the peak of the parent that spawned this process.
    static var highWaterMark: Double {
        let status = (try? TextFiles.read("/proc/self/status")) ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return .nan }
        return kilobytes * 1024
    }

    /// This process's resident set now, in bytes (/proc/self/statm).
    static var residentNow: Double {
        let fields = (try? TextFiles.read("/proc/self/statm"))?.split(separator: " ") ?? []
        guard fields.count > 1, let pages = Double(fields[1]) else { return .nan }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Runs this executable again with `arguments` and returns what it wrote
    /// to standard output. (Its `ru_maxrss` from `wait4` is no use for the
    /// peak: a spawned child's starts at the parent's resident set, so the
    /// child reports its own `highWaterMark`.)
    static func runChild(arguments: [String]) throws(BenchError) -> String {
        try ChildProcess.output(of: RepositoryPaths.executablePath(), arguments)
    }
}
