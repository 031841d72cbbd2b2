import Foundation
import TypometerCorpus

/// The core corpus cases written as `typometer measure` input, each line
/// carrying the case's own font file, size, width and line limit.
enum CoreCases {
    static func input() throws -> (lines: String, pairs: [(ReferenceCase, ReferenceResult)]) {
        let pairs = try Corpus.pairs("core", renderer: .chromium)
        var lines = ""
        for (referenceCase, _) in pairs {
            let object: [String: Any] = [
                "id": referenceCase.id, "text": referenceCase.text,
                "font_file": Corpus.fontPath(referenceCase.font), "size": referenceCase.size,
                "width": referenceCase.width, "line_limit": referenceCase.lineLimit ?? 0,
            ]
            lines += String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self) + "\n"
        }
        return (lines, pairs)
    }
}
