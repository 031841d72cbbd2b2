import Foundation

/// The committed corpus: case sets and the renderers' results for them.
public enum Corpus {
    /// The repository root: `TYPOMETER_ROOT` when set, else found from this
    /// source file's location.
    public static var root: URL {
        if let value = ProcessInfo.processInfo.environment["TYPOMETER_ROOT"], !value.isEmpty {
            return URL(fileURLWithPath: value)
        }
        // This file is Sources/TypometerCorpus/Corpus.swift.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Errors reading the corpus.
    public enum ReadError: Error, CustomStringConvertible {
        case unreadable(String)
        case malformed(file: String, line: Int, reason: String)
        case mismatched(caseID: String, resultID: String)

        public var description: String {
            switch self {
            case .unreadable(let path): return "cannot read \(path)"
            case .malformed(let file, let line, let reason): return "\(file):\(line): \(reason)"
            case .mismatched(let caseID, let resultID): return "case \(caseID) paired with result \(resultID)"
            }
        }
    }

    /// The cases of `set` (e.g. `core`, `fidelity`).
    public static func cases(_ set: String) throws -> [ReferenceCase] {
        try records(at: root.appendingPathComponent("Corpus/cases/\(set).jsonl"))
    }

    /// The cases of `set` paired with `renderer`'s results, in file order.
    public static func pairs(_ set: String, renderer: ReferenceRenderer)
        throws -> [(ReferenceCase, ReferenceResult)]
    {
        let cases = try cases(set)
        let results: [ReferenceResult] = try records(
            at: root.appendingPathComponent("Corpus/reference/\(set).\(renderer.rawValue).jsonl"))
        guard cases.count == results.count else {
            throw ReadError.malformed(file: "\(set).\(renderer.rawValue).jsonl", line: results.count,
                                      reason: "\(results.count) results for \(cases.count) cases")
        }
        return try zip(cases, results).map { item in
            guard item.0.id == item.1.id else { throw ReadError.mismatched(caseID: item.0.id, resultID: item.1.id) }
            return item
        }
    }

    /// The absolute path of a font named relative to the repository root.
    public static func fontPath(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    static func records<Record: Decodable>(at url: URL) throws -> [Record] {
        guard let data = try? Data(contentsOf: url) else { throw ReadError.unreadable(url.path) }
        let decoder = JSONDecoder()
        var records: [Record] = []
        var lineNumber = 0
        for line in data.split(separator: UInt8(ascii: "\n")) {
            lineNumber += 1
            if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { continue }
            do {
                records.append(try decoder.decode(Record.self, from: Data(line)))
            } catch {
                throw ReadError.malformed(file: url.lastPathComponent, line: lineNumber, reason: "\(error)")
            }
        }
        return records
    }
}
