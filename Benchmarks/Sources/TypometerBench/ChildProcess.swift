import BenchSupport

#if canImport(Glibc)
import Glibc
#endif

/// Another program run to completion with `posix_spawn`, then `waitpid`.
enum ChildProcess {
    /// Runs `path` with `arguments`, its standard output written to the
    /// file `outputPath` (`/dev/null` to drop it), standard error inherited,
    /// and returns the wall-clock seconds from spawn to exit.
    /// - Parameter environment: `NAME=value` strings; `nil` for this
    ///   process's own.
    /// - Throws: ``BenchError`` when it cannot start or exits non-zero.
    static func run(
        _ path: String, _ arguments: [String], outputTo outputPath: String, environment: [String]? = nil
    ) throws(BenchError) -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let start = monotonicNanoseconds()
        let pid = try spawn(path, arguments, actions: &actions, environment: environment)
        try wait(for: pid, path: path)
        return Double(monotonicNanoseconds() - start) / 1e9
    }

    /// Runs `path` with `arguments` and returns what it wrote to standard output.
    /// - Throws: ``BenchError`` when it cannot start or exits non-zero.
    static func output(of path: String, _ arguments: [String]) throws(BenchError) -> String {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw BenchError("cannot make a pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        let pid: pid_t
        do {
            pid = try spawn(path, arguments, actions: &actions, environment: nil)
        } catch {
            close(pipeEnds[0])
            close(pipeEnds[1])
            throw error
        }
        close(pipeEnds[1])
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(pipeEnds[0], &buffer, buffer.count)
            if count <= 0 { break }
            output.append(contentsOf: buffer[..<count])
        }
        close(pipeEnds[0])
        try wait(for: pid, path: path)
        return String(decoding: output, as: UTF8.self)
    }

    /// This process's environment without the variables named in `names`.
    static func environment(removing names: [String]) -> [String] {
        var result: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if !names.contains(where: { text.hasPrefix($0 + "=") }) { result.append(text) }
            entry += 1
        }
        return result
    }

    private static func spawn(
        _ path: String, _ arguments: [String], actions: inout posix_spawn_file_actions_t, environment: [String]?
    ) throws(BenchError) -> pid_t {
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup($0) } + [nil] }
        defer { for pointer in envp ?? [] { free(pointer) } }
        var pid: pid_t = 0
        let spawned = envp.map { posix_spawn(&pid, path, &actions, nil, argv, $0) }
            ?? posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchError("cannot start \(path): error \(spawned)") }
        return pid
    }

    private static func wait(for pid: pid_t, path: String) throws(BenchError) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw BenchError("cannot wait for \(path)") }
        }
        guard status == 0 else { throw BenchError("\(path) failed (wait status \(status))") }
    }
}
