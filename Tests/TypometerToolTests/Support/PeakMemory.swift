import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension ToolRun {
    /// The peak resident memory, in bytes, of one run of `typometer` with
    /// `arguments` reading the file `input` on standard input and writing
    /// standard output to the file `output` (standard error dropped): the
    /// process's own maximum resident set size as `wait4` reports it,
    /// whatever else the tests run at the same time.
    static func peakMemory(_ arguments: [String], input: URL, output: URL) throws -> Int {
        let executable = try ToolRun.executable().path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input.path, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { throw POSIXError(.ECHILD) }
        return usage.ru_maxrss * 1024  // kilobytes on Linux
    }
}
