import Foundation
import TypometerJSONLines

#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer target over the `typometer` tool's JSON Lines reader: the
/// input goes through a pipe into `LineReader`, each line into
/// `InputRecord` and its accessors. Lines must split as documented (also
/// when a small line-length limit drops the longer ones), every
/// id echoed and every error object written must be valid JSON, and a line
/// of UTF-8 must be accepted, rejected and read as Foundation's
/// `JSONSerialization` reads it.
///
/// Built by `Scripts/fuzz` with `--sanitize=fuzzer -Xswiftc -DFUZZING`;
/// without `FUZZING` it is a replayer: `TypometerFuzzJSONLines FILE…`.
enum FuzzJSONLines {
    static func run(_ bytes: [UInt8]) {
        let bytes = Array(bytes.prefix(maximumLength))
        let expected = expectedLines(bytes)
        let lines = readThroughPipe(bytes)
        precondition(lines == expected.map { .bytes($0) }, "lines split wrongly: \(bytes)")
        let limit = 16
        let limited = readThroughPipe(bytes, maximumLineLength: limit)
        precondition(limited == expected.map { $0.count > limit ? .tooLong(length: $0.count) : .bytes($0) },
                     "lines split wrongly under a limit of \(limit) bytes: \(bytes)")
        for (index, line) in expected.enumerated() {
            check(InputLine(number: index + 1, bytes: line))
        }
        if let index = expected.firstIndex(where: { $0.count > limit }) {
            let line = InputLine(number: index + 1, bytes: [], tooLong: (expected[index].count, limit))
            do {
                _ = try InputRecord(line)
                preconditionFailure("accepted a line too long to keep")
            } catch {
                precondition(isJSON(error.json) && error.message.hasPrefix("line too long"), error.json)
            }
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

    static func readThroughPipe(_ bytes: [UInt8], maximumLineLength: Int = .max) -> [LineReader.Line] {
        var descriptors: [Int32] = [0, 0]
        precondition(pipe(&descriptors) == 0)
        let written = bytes.withUnsafeBytes { write(descriptors[1], $0.baseAddress, $0.count) }
        precondition(written == bytes.count)
        close(descriptors[1])
        defer { close(descriptors[0]) }
        let reader = LineReader(descriptor: descriptors[0], maximumLineLength: maximumLineLength)
        var lines: [LineReader.Line] = []
        while let line = try! reader.nextLine() { lines.append(line) }
        precondition(reader.bytesRead == bytes.count, "read \(reader.bytesRead) of \(bytes.count) bytes")
        return lines
    }

    static func isJSON(_ text: String) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil
    }

    static func check(_ line: InputLine) {
        let reference = foundationReading(line.bytes)
        let record: InputRecord
        do {
            record = try InputRecord(line)
        } catch {
            precondition(isJSON(error.json), "error object is not JSON: \(error.json)")
            // Foundation also takes a comma before a closing bracket, which
            // RFC 8259 does not; the reader keeps to the RFC.
            let lenient = hasTrailingComma(line.bytes)
            switch reference {
            case .object: precondition(lenient, "rejected a JSON object: \(line.bytes)")
            case .notAnObject:
                precondition(error.message == "not a JSON object" || lenient, "\(error.message): \(line.bytes)")
            case .invalid:
                // Foundation refuses a number too large for a Double (`4e400`),
                // which RFC 8259 allows: the reader then judges the rest.
                precondition(error.message.hasPrefix("invalid JSON")
                             || error.message == "not a JSON object" && hasOverflowingNumber(line.bytes),
                             "\(error.message): \(line.bytes)")
            case .notUTF8: precondition(error.message.hasPrefix("invalid JSON: not UTF-8 at byte offset"),
                                        "\(error.message): \(line.bytes)")
            case .notCompared: break
            }
            return
        }
        if case .object(let fields) = reference { compare(record, with: fields, line: line.bytes) }
        if case .notAnObject = reference { preconditionFailure("accepted JSON that is not an object: \(line.bytes)") }
        if case .invalid = reference { preconditionFailure("accepted invalid JSON: \(line.bytes)") }
        if case .notUTF8 = reference { preconditionFailure("accepted a line that is not UTF-8: \(line.bytes)") }
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

extension FuzzJSONLines {
    enum Reading {
        case object([String: Any])
        case notAnObject
        case invalid
        /// Not UTF-8: never JSON text here (RFC 8259 §8.1).
        case notUTF8
        /// Bytes Foundation reads otherwise than as UTF-8 JSON text (it
        /// detects UTF-16 and UTF-32 by their zero bytes and byte-order
        /// marks): not compared.
        case notCompared
    }

    /// How `JSONSerialization` reads `bytes`.
    static func foundationReading(_ bytes: [UInt8]) -> Reading {
        guard String(validating: bytes, as: UTF8.self) != nil else { return .notUTF8 }
        guard !bytes.contains(0), !bytes.starts(with: [0xEF, 0xBB, 0xBF]) else { return .notCompared }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else {
            return .invalid
        }
        guard let fields = object as? [String: Any] else { return .notAnObject }
        return .object(fields)
    }

    /// The offsets of `bytes` outside JSON strings (their quotes excluded).
    static func offsetsOutsideStrings(_ bytes: [UInt8]) -> [Int] {
        var offsets: [Int] = []
        var inString = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else {
                offsets.append(index)
            }
            index += 1
        }
        return offsets
    }

    /// Whether `bytes` hold, outside strings, a number that overflows a
    /// `Double`.
    static func hasOverflowingNumber(_ bytes: [UInt8]) -> Bool {
        let numberBytes = "0123456789+-.eE".utf8
        return offsetsOutsideStrings(bytes).contains { start in
            guard bytes[start] == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[start]),
                  start == 0 || !numberBytes.contains(bytes[start - 1]) else { return false }
            var end = start
            while end < bytes.count, numberBytes.contains(bytes[end]) { end += 1 }
            return Double(String(decoding: bytes[start..<end], as: UTF8.self))?.isInfinite ?? false
        }
    }

    /// Whether a `,` outside strings is followed, past white space, by `]`
    /// or `}`.
    static func hasTrailingComma(_ bytes: [UInt8]) -> Bool {
        offsetsOutsideStrings(bytes).contains { comma in
            guard bytes[comma] == UInt8(ascii: ",") else { return false }
            var next = comma + 1
            while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
            return next < bytes.count && (bytes[next] == UInt8(ascii: "]") || bytes[next] == UInt8(ascii: "}"))
        }
    }

    /// The record reads what Foundation reads, member for member.
    static func compare(_ record: InputRecord, with fields: [String: Any], line: [UInt8]) {
        for key in ["id", "text", "font", "width", "size", "line_limit"] {
            let value = fields[key]
            let present = value != nil && !(value is NSNull)
            precondition(record.has(key) == present, "\(key) present: \(record.has(key)) vs \(present) in \(line)")
            guard present else { continue }
            if let text = value as? String {
                precondition((try? record.optionalString(key)) == text, "\(key) string differs in \(line)")
            } else if let number = value as? NSNumber, String(cString: number.objCType) != "c",
                      number.doubleValue.isFinite {
                // Foundation rounds numbers of many digits less closely
                // than Swift's `Double(_:)`, which is correctly rounded.
                let read = try? record.number(key, in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
                precondition(read.map { abs($0 - number.doubleValue) <= 1e-12 * max(1, abs($0)) } == true,
                             "\(key) number differs in \(line)")
            }
        }
        compareIntegers(record, with: fields["line_starts"], line: line)
    }

    /// An array of whole numbers (`line_starts`) is read only where
    /// Foundation reads an array of numbers, with the same numbers.
    static func compareIntegers(_ record: InputRecord, with value: Any?, line: [UInt8]) {
        let read = try? record.integers("line_starts", in: 0...1_000_000)
        guard let value, !(value is NSNull) else {
            precondition(read == .some(nil), "line_starts read from nothing in \(line)")
            return
        }
        guard let read = read ?? nil else { return }
        let numbers = (value as? [Any])?.compactMap { $0 as? NSNumber }.filter { String(cString: $0.objCType) != "c" }
        precondition(numbers?.count == read.count && (value as? [Any])?.count == read.count,
                     "line_starts read from what is not an array of numbers in \(line)")
        for (integer, number) in zip(read, numbers!) {
            precondition(abs(Double(integer) - number.doubleValue) <= 1e-12 * max(1, Double(integer)),
                         "line_starts number differs in \(line)")
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
