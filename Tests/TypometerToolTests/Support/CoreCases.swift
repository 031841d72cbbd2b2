import Foundation
import Typometer
import TypometerCorpus

/// A corpus set's cases written as `typometer measure` input, each line
/// carrying the case's own font file, size, width, line limit and language.
enum CoreCases {
    static func input(
        set: String = "core", renderer: ReferenceRenderer = .chromium
    ) throws -> (lines: String, pairs: [(ReferenceCase, ReferenceResult)]) {
        let pairs = try Corpus.pairs(set, renderer: renderer)
        var lines = ""
        for (referenceCase, _) in pairs {
            var object: [String: Any] = [
                "id": referenceCase.id, "text": referenceCase.text,
                "font_file": Corpus.fontPath(referenceCase.font), "size": referenceCase.size,
                "width": referenceCase.width, "line_limit": referenceCase.lineLimit ?? 0,
            ]
            if let language = referenceCase.language { object["lang"] = language }
            switch referenceCase.lineHeight {
            case .normal: break
            case .multiple(let factor): object["line_height"] = factor
            case .points(let points): object["line_height"] = "\(points)px"
            }
            lines += String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self) + "\n"
        }
        return (lines, pairs)
    }
}
