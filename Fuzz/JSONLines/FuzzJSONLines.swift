import Foundation
import TypometerJSONLines

#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer target over the `typometer` tool's JSON Lines reader: the
/// input goes through a pipe into `LineReader`, each line into
/// `InputRecord` and its accessors. Lines must split as documented, and
/// every id echoed and every error object written must be valid JSON.
///
/// Built by `Scripts/fuzz` with `--sanitize=fuzzer -Xswiftc -DFUZZING`;
/// without `FUZZING` it is a replayer: `TypometerFuzzJSONLines FILE…`.
enum FuzzJSONLines {
    static func run(_ bytes: [UInt8]) {
        let bytes = Array(bytes.prefix(maximumLength))
        let lines = readThroughPipe(bytes)
        precondition(lines == expectedLines(bytes), "lines split wrongly: \(bytes)")
        for (index, line) in lines.enumerated() {
            check(InputLine(number: index + 1, bytes: line))
        }
    }

    /// The documented split: at `\n`, a `\r` before it dropped, a last line
    /// without a terminator kept.
    static func expectedLines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
        if lines.last == [] { lines.removeLast() }
        return lines.map { $0.last == UInt8(ascii: "\r") ? Array($0.dropLast()) : $0 }
    }

    /// A pipe holds 64 KiB, so inputs are cut there and written whole
    /// before reading (libFuzzer's inputs are far smaller).
    static let maximumLength = 60_000

    static func readThroughPipe(_ bytes: [UInt8]) -> [[UInt8]] {
        var descriptors: [Int32] = [0, 0]
        precondition(pipe(&descriptors) == 0)
        let written = bytes.withUnsafeBytes { write(descriptors[1], $0.baseAddress, $0.count) }
        precondition(written == bytes.count)
        close(descriptors[1])
        defer { close(descriptors[0]) }
        let reader = LineReader(descriptor: descriptors[0])
        var lines: [[UInt8]] = []
        while let line = try! reader.nextLine() { lines.append(line) }
        precondition(reader.bytesRead == bytes.count, "read \(reader.bytesRead) of \(bytes.count) bytes")
        return lines
    }

    static func isJSON(_ text: String) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil
    }

    static func check(_ line: InputLine) {
        let record: InputRecord
        do {
            record = try InputRecord(line)
        } catch {
            precondition(isJSON(error.json), "error object is not JSON: \(error.json)")
            return
        }
        if let rawID = record.rawID { precondition(isJSON(rawID), "id echoed as invalid JSON: \(rawID) from \(line.bytes)") }
        let failures: [LineFailure] = [
            Result { () throws(LineFailure) in _ = try record.string("text") },
            Result { () throws(LineFailure) in _ = try record.optionalString("font") },
            Result { () throws(LineFailure) in _ = try record.number("width", in: 0...100_000) },
            Result { () throws(LineFailure) in _ = try record.number("size", in: 0.01...10_000) },
            Result { () throws(LineFailure) in _ = try record.integer("line_limit", in: 0...1_000_000) },
        ].compactMap { result in
            if case .failure(let failure) = result { return failure }
            return nil
        }
        for failure in failures + [record.failure("fuzz \u{0}\u{1F}\"\\")] {
            precondition(isJSON(failure.json), "error object is not JSON: \(failure.json)")
        }
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONLines(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzJSONLines.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#else
@main
enum ReplayJSONLines {
    static func main() throws {
        for path in CommandLine.arguments.dropFirst() {
            FuzzJSONLines.run([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            print("ok \(path)")
        }
    }
}
#endif
