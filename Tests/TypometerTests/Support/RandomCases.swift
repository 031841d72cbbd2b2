import Foundation
import Typometer
import TypometerCorpus
import TypometerTestSupport

/// One randomly drawn measuring case, printable as a reproducible recipe.
struct RandomCase: CustomStringConvertible {
    var seed: UInt64
    var text: String
    var style: TextStyle
    var widths: [Double]

    var description: String {
        let font: String
        switch style.font {
        case .family(let family): font = ".family(\"\(family)\")"
        case .file(let path, let index): font = ".file(path: \"\(path)\", index: \(index))"
        }
        let limit = style.lineLimit.map(String.init) ?? "nil"
        return "seed \(seed): text \"\(RandomCase.escaped(text))\" style TextStyle(font: \(font), size: \(style.size), "
            + "lineLimit: \(limit), lineSpacing: \(style.lineSpacing), profile: .\(style.profile)) widths \(widths)"
    }

    /// `text` as a Swift string literal body: ASCII printable as is,
    /// everything else as `\u{…}`.
    static func escaped(_ text: String) -> String {
        text.unicodeScalars.map { scalar in
            switch scalar {
            case "\\": return "\\\\"
            case "\"": return "\\\""
            case " "..."~": return String(scalar)
            default: return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }.joined()
    }
}

/// Draws random texts from the corpus's texts (every script it has) mixed
/// with characters that stress line breaking, and random styles and widths.
enum RandomCases {
    /// The texts of `Corpus/texts/texts.jsonl`.
    static let corpusTexts: [String] = {
        let path = Corpus.root + "/Corpus/texts/texts.jsonl"
        let data = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return data.split(separator: "\n").compactMap { line in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["text"] as? String
        }
    }()

    /// Characters that line breaking and shaping treat specially.
    static let specials: [String] = [
        " ", "  ", "\t", "\n", "\u{A0}", "\u{AD}", "\u{200B}", "\u{200D}", "\u{2028}", "\u{2029}", "\u{301}",
        "\u{202E}", "\u{2067}", "\u{2069}", "\u{FE0F}", "👨‍👩‍👧‍👦", "🇫🇷", "👍🏽", "-", "/", "—", "。", "،",
        "https://example.com/a/b?c=d", "supercalifragilisticexpialidocious",
    ]

    static let families = ["Noto Sans", "Noto Serif", "Inter"]
    static let sizes: [Double] = [11, 13, 15, 17, 20, 24, 32, 53]

    /// A random text: pieces of one to three corpus texts (cut on character
    /// boundaries) with special characters in between, occasionally empty.
    static func text(using random: inout SplitMix64) -> String {
        let texts = corpusTexts
        precondition(!texts.isEmpty, "no corpus texts")
        if Int.random(in: 0..<40, using: &random) == 0 { return "" }
        var result = ""
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let characters = Array(texts.randomElement(using: &random)!)
            let start = Int.random(in: 0..<max(1, characters.count), using: &random)
            let length = Int.random(in: 0...characters.count, using: &random)
            result += String(characters[min(start, characters.count)..<min(characters.count, start + length)])
            if Bool.random(using: &random) { result += specials.randomElement(using: &random)! }
        }
        return result
    }

    /// A random style over the bundled text faces: a corpus size or any size
    /// from 6 to 60 pt, no limit or 1 to 5 lines, both profiles.
    static func style(using random: inout SplitMix64) -> TextStyle {
        let size = Bool.random(using: &random)
            ? sizes.randomElement(using: &random)!
            : (Double.random(in: 6...60, using: &random) * 4).rounded() / 4
        let limit: Int? = Int.random(in: 0..<3, using: &random) == 0 ? nil : Int.random(in: 1...5, using: &random)
        return TextStyle(
            font: .family(families.randomElement(using: &random)!), size: size, lineLimit: limit,
            lineSpacing: Int.random(in: 0..<4, using: &random) == 0 ? 2.5 : 0,
            profile: Bool.random(using: &random) ? .chromium : .pango)
    }

    /// `count` random widths between 0 and 700 points, ascending; some whole,
    /// some fractional.
    static func widths(_ count: Int, using random: inout SplitMix64) -> [Double] {
        (0..<count).map { _ in
            Bool.random(using: &random)
                ? Double(Int.random(in: 0...700, using: &random))
                : Double.random(in: 0...700, using: &random)
        }.sorted()
    }

    /// The case for `seed`: the same seed always gives the same case.
    static func make(seed: UInt64, widthCount: Int = 6) -> RandomCase {
        var random = SplitMix64(seed: seed)
        let text = text(using: &random)
        let style = style(using: &random)
        return RandomCase(seed: seed, text: text, style: style, widths: widths(widthCount, using: &random))
    }
}

/// One measurer per style, shared by the property tests (creating one
/// resolves fonts).
final class MeasurerPool: @unchecked Sendable {
    static let shared = MeasurerPool()
    private let lock = NSLock()
    private var measurers: [TextStyle: TextMeasurer] = [:]

    func measurer(for style: TextStyle) throws -> TextMeasurer {
        lock.lock()
        defer { lock.unlock() }
        if let measurer = measurers[style] { return measurer }
        let measurer = try TextMeasurer(style: style)
        measurers[style] = measurer
        return measurer
    }
}
