#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import TypometerJSONLines

/// The committed corpus: case sets and the renderers' results for them.
public enum Corpus {
    /// The repository root's path: `TYPOMETER_ROOT` when set (as given, less
    /// a trailing `/`), else found from this source file's location.
    public static var root: String {
        if let value = getenv("TYPOMETER_ROOT").map({ String(cString: $0) }), !value.isEmpty {
            return value.count > 1 && value.hasSuffix("/") ? String(value.dropLast()) : value
        }
        // This file is Sources/TypometerCorpus/Corpus.swift.
        var path = Substring(#filePath)
        for _ in 0..<3 { path = path[..<(path.lastIndex(of: "/") ?? path.startIndex)] }
        return path.isEmpty ? "/" : String(path)
    }

    /// The range a record's sizes, widths and heights are read in (points).
    static let lengths: ClosedRange<Double> = 0...1e9
    /// The range a record's line counts, line limits and line starts are
    /// read in.
    static let counts: ClosedRange<Int> = 0...Int(Int32.max)

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
        try records(at: "Corpus/cases/\(set).jsonl", ReferenceCase.init)
    }

    /// The cases of `set` paired with `renderer`'s results, in file order:
    /// every case at a device pixel ratio of 1; at another ratio the cases
    /// the renderer laid out on a screen of that ratio
    /// (``referenceDirectory(devicePixelRatio:)``), a sample of the set.
    public static func pairs(_ set: String, renderer: ReferenceRenderer, devicePixelRatio: Double = 1)
        throws -> [(ReferenceCase, ReferenceResult)]
    {
        let cases = try cases(set)
        let file = "\(set).\(renderer.rawValue).jsonl"
        let results = try records(at: referenceDirectory(devicePixelRatio: devicePixelRatio) + "/" + file,
                                  ReferenceResult.init)
        if devicePixelRatio == 1 {
            guard cases.count == results.count else {
                throw ReadError.malformed(file: file, line: results.count,
                                          reason: "\(results.count) results for \(cases.count) cases")
            }
            return try zip(cases, results).map { item in
                guard item.0.id == item.1.id else { throw ReadError.mismatched(caseID: item.0.id, resultID: item.1.id) }
                return item
            }
        }
        // A sample: each result's case, in order.
        var pairs: [(ReferenceCase, ReferenceResult)] = []
        var next = cases.startIndex
        for result in results {
            guard let index = cases[next...].firstIndex(where: { $0.id == result.id }) else {
                throw ReadError.malformed(file: file, line: pairs.count + 1,
                                          reason: "result \(result.id) is not a case of \(set), or out of order")
            }
            pairs.append((cases[index], result))
            next = index + 1
        }
        return pairs
    }

    /// The device pixel ratios the corpus has references at besides 1, each
    /// in `Corpus/reference/dpr-<ratio>/` (`Scripts/reference/generate-ratios`):
    /// two zoom levels of a screen of ratio 1 (50 % and 110 %) and common
    /// screens.
    public static let referenceRatios: [Double] = [0.5, 1.1, 1.25, 1.5, 2, 2.625, 3]

    /// The directory of the references laid out at `devicePixelRatio`,
    /// relative to the root: `Corpus/reference`, or `Corpus/reference/dpr-2`.
    public static func referenceDirectory(devicePixelRatio: Double) -> String {
        guard devicePixelRatio != 1 else { return "Corpus/reference" }
        return "Corpus/reference/dpr-" + JSONText.number(devicePixelRatio)
    }

    /// The path of a font named relative to the repository root (absolute
    /// when the root is), or of one named by its absolute path (a case set
    /// measured in a font set of Debian's packages, `Corpus/fontsets/`).
    public static func fontPath(_ relative: String) -> String {
        relative.hasPrefix("/") ? relative : root + "/" + relative
    }

    /// The JSON Lines records of the file at `relative` to the repository
    /// root, each read by `read`; blank lines are skipped.
    static func records<Record>(at relative: String, _ read: (InputRecord) throws(LineFailure) -> Record) throws -> [Record] {
        let path = root + "/" + relative
        var records: [Record] = []
        do {
            let chunks = try InputChunks(path: path)
            while let lines = try chunks.next() {
                for line in lines { records.append(try read(try InputRecord(line))) }
            }
        } catch let failure as LineFailure {
            throw ReadError.malformed(file: String(relative.split(separator: "/").last ?? ""), line: failure.line,
                                      reason: failure.message)
        } catch {
            throw ReadError.unreadable(path)
        }
        return records
    }
}
