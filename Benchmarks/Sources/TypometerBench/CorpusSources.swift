#if canImport(Glibc)
import Glibc
#endif

/// Where the benchmark's words come from: the GPL version 3 as Debian ships
/// it and the English texts of the repository's corpus.
enum CorpusSources {
    static let licensePath = "/usr/share/common-licenses/GPL-3"

    /// The repository's root (this file is Benchmarks/Sources/TypometerBench/CorpusSources.swift).
    static var repositoryRoot: String {
        var components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(4)
        return components.joined(separator: "/")
    }

    static var textsPath: String { repositoryRoot + "/Corpus/texts/texts.jsonl" }

    /// The source texts, or an error naming the file that could not be read.
    static func load() throws(BenchError) -> [String] {
        let license = try readFile(licensePath)
        var texts = [license]
        for line in try readFile(textsPath).split(separator: "\n") {
            guard line.contains("\"category\":\"english\""), let text = jsonStringField("text", in: line) else {
                continue
            }
            texts.append(text)
        }
        return texts
    }

    static func readFile(_ path: String) throws(BenchError) -> String {
        guard let file = fopen(path, "rb") else { throw BenchError("cannot read \(path)") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let read = fread(&buffer, 1, buffer.count, file)
            if read == 0 { break }
            bytes.append(contentsOf: buffer[..<read])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The value of the string member `name` of a one-line JSON object
    /// (escapes decoded; enough for the corpus file, not a JSON parser).
    static func jsonStringField(_ name: String, in line: Substring) -> String? {
        guard let keyRange = line.firstRange(of: "\"\(name)\":\"") else { return nil }
        var scalars = line[keyRange.upperBound...].unicodeScalars.makeIterator()
        var result = String.UnicodeScalarView()
        var pendingHigh: UInt32?
        while let scalar = scalars.next() {
            switch scalar {
            case "\"": return String(result)
            case "\\":
                guard let escaped = scalars.next() else { return nil }
                switch escaped {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "b": result.append("\u{8}")
                case "f": result.append("\u{C}")
                case "u":
                    var hex = ""
                    for _ in 0..<4 { if let digit = scalars.next() { hex.unicodeScalars.append(digit) } }
                    guard let value = UInt32(hex, radix: 16) else { return nil }
                    if (0xD800..<0xDC00).contains(value) {
                        pendingHigh = value
                    } else if (0xDC00..<0xE000).contains(value), let high = pendingHigh {
                        let combined = 0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)
                        if let decoded = Unicode.Scalar(combined) { result.append(decoded) }
                        pendingHigh = nil
                    } else if let decoded = Unicode.Scalar(value) {
                        result.append(decoded)
                    }
                default: result.append(escaped)
                }
            default: result.append(scalar)
            }
        }
        return nil
    }
}

/// A failure that stops the benchmark, with a message for the terminal.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
