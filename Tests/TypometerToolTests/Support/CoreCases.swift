import Foundation
import Typometer
import TypometerCorpus

/// A corpus set's cases the renderer laid out, written as `typometer measure`
/// input, each line carrying the case's own font file or family, size,
/// width, line limit, language and style members; the cases laid out on a
/// screen of `devicePixelRatio`, each line carrying its
/// `"device_pixel_ratio"` when `ratioMember` is set.
enum CoreCases {
    static func input(
        set: String = "core", renderer: ReferenceRenderer = .chromium, devicePixelRatio: Double = 1,
        ratioMember: Bool = false
    ) throws -> (lines: String, pairs: [(ReferenceCase, ReferenceResult)]) {
        let pairs = try Corpus.pairs(set, renderer: renderer, devicePixelRatio: devicePixelRatio)
            .filter { $0.1.error == nil }
        var lines = ""
        for (referenceCase, _) in pairs {
            var object: [String: Any] = [
                "id": referenceCase.id, "text": referenceCase.text, "size": referenceCase.size,
                "width": referenceCase.width, "line_limit": referenceCase.lineLimit ?? 0,
            ]
            if let family = referenceCase.family {
                object["font"] = family
            } else {
                object["font_file"] = Corpus.fontPath(referenceCase.font)
            }
            if referenceCase.weight != .regular { object["weight"] = referenceCase.weight.value }
            if referenceCase.italic { object["italic"] = true }
            if referenceCase.letterSpacing != 0 { object["letter_spacing"] = referenceCase.letterSpacing }
            if referenceCase.wordSpacing != 0 { object["word_spacing"] = referenceCase.wordSpacing }
            if !referenceCase.features.isEmpty { object["features"] = referenceCase.features.map(\.description) }
            if let styled = referenceCase.styledText {
                object["runs"] = styled.runs.map(runObject)
            }
            if let language = referenceCase.language { object["lang"] = language }
            if ratioMember { object["device_pixel_ratio"] = devicePixelRatio }
            switch referenceCase.lineHeight {
            case .normal: break
            case .multiple(let factor): object["line_height"] = factor
            case .points(let points): object["line_height"] = "\(points)px"
            }
            lines += String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self) + "\n"
        }
        return (lines, pairs)
    }

    /// A run as a `"runs"` element of the tool's input.
    private static func runObject(_ run: StyledText.Run) -> [String: Any] {
        var object: [String: Any] = ["text": run.text]
        switch run.style.font {
        case .family(let family)?: object["font"] = family
        case .file(let path, _)?: object["font_file"] = path
        case nil: break
        }
        if let size = run.style.size { object["size"] = size }
        if let weight = run.style.weight { object["weight"] = weight.value }
        if let italic = run.style.italic { object["italic"] = italic }
        if let spacing = run.style.letterSpacing { object["letter_spacing"] = spacing }
        if let spacing = run.style.wordSpacing { object["word_spacing"] = spacing }
        if let features = run.style.features { object["features"] = features.map(\.description) }
        return object
    }
}
