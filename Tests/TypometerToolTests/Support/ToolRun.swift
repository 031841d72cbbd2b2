import Foundation
import TypometerTestSupport

/// One run of the built `typometer` executable as a user runs it: a real
/// process, standard input from a temporary file, standard output and
/// error captured through temporary files (no pipe can fill up and stall).
struct ToolRun {
    var status: Int32
    var standardOutput: String
    var standardError: String

    /// Output lines, without the trailing empty one.
    var outputLines: [String] {
        standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Output lines parsed as JSON objects.
    var outputObjects: [[String: Any]] {
        outputLines.map { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:] }
    }

    /// Runs `typometer` with `arguments`, feeding `input` on standard input.
    init(_ arguments: [String], input: String = "", in directory: URL? = nil) throws {
        try self.init(arguments, inputData: Data(input.utf8), in: directory)
    }

    /// Runs `typometer` with `arguments` with its data segment limited to
    /// `dataLimit` bytes (`RLIMIT_DATA`, set by `ulimit -d` in `/bin/sh`
    /// before it execs the tool): an allocation past it fails, and the run
    /// ends with a signal.
    init(_ arguments: [String], inputData: Data, dataLimit: Int) throws {
        try self.init(["-c", "ulimit -d \(dataLimit / 1024) && exec \"$0\" \"$@\"", try ToolRun.executable().path] + arguments,
                      inputData: inputData, executable: URL(fileURLWithPath: "/bin/sh"))
    }

    init(_ arguments: [String], inputData: Data, in directory: URL? = nil, executable: URL? = nil) throws {
        let scratch = try TemporaryDirectory()
        let inputURL = scratch.url.appendingPathComponent("stdin")
        let outputURL = scratch.url.appendingPathComponent("stdout")
        let errorURL = scratch.url.appendingPathComponent("stderr")
        try inputData.write(to: inputURL)
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let process = Process()
        process.executableURL = try executable ?? ToolRun.executable()
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.standardInput = try FileHandle(forReadingFrom: inputURL)
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        process.waitUntilExit()
        status = process.terminationStatus
        standardOutput = try String(contentsOf: outputURL, encoding: .utf8)
        standardError = try String(contentsOf: errorURL, encoding: .utf8)
    }

    /// The `typometer` executable SwiftPM built beside this test bundle
    /// (`.build/<configuration>/typometer`).
    static func executable() throws -> URL {
        let bundle = Bundle.main.bundleURL
        let candidates = [
            bundle, bundle.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ] + Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for directory in candidates {
            let url = directory.appendingPathComponent("typometer")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "typometer next to \(bundle.path)"])
    }
}
