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
        var executable = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &executable, executable.count - 1)
        guard length > 0 else { throw BenchError("cannot find this executable") }
        let path = String(decoding: executable[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)

        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw BenchError("cannot make a pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])

        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            throw BenchError("cannot start \(path): error \(spawned)")
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(pipeEnds[0], &buffer, buffer.count)
            if count <= 0 { break }
            output.append(contentsOf: buffer[..<count])
        }
        close(pipeEnds[0])
        var status: Int32 = 0
        guard waitpid(pid, &status, 0) == pid, status == 0 else {
            throw BenchError("the memory run failed (status \(status))")
        }
        return String(decoding: output, as: UTF8.self)
    }
}
