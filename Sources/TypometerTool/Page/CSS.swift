import Typometer
import TypometerJSONLines

/// CSS text for a page: quoting, and the declarations that set a text block
/// as a ``TextStyle`` under the `.chromium` profile describes it.
enum CSS {
    /// `text` as a CSS string in double quotes.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\": result += "\\" + String(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\" + String(scalar.value, radix: 16) + " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A length in CSS px (1 pt = 1 CSS px).
    static func pixels(_ points: Double) -> String { JSONText.number(points) + "px" }

    /// The declarations (property, value), in a fixed order, for the text's
    /// font, size, weight, slant, spacing, features and line height. The
    /// line limit and language are not CSS properties here: the page sets
    /// them per block (`-webkit-line-clamp`, `lang`).
    static func declarations(for style: TextStyle, fonts: PageFonts) -> [(String, String)] {
        let lineHeight: String
        switch style.lineHeight {
        case .normal: lineHeight = "normal"
        case .multiple(let factor): lineHeight = JSONText.number(factor)
        case .points(let points): lineHeight = pixels(points)
        }
        let features = style.features.isEmpty ? "normal"
            : style.features.map { "\(quoted($0.tag)) \($0.value)" }.joined(separator: ", ")
        return [
            ("font-family", fonts.fontFamily(for: style)),
            ("font-size", pixels(style.size)),
            ("font-weight", String(style.weight.value)),
            ("font-style", style.italic ? "italic" : "normal"),
            ("letter-spacing", style.letterSpacing == 0 ? "normal" : pixels(style.letterSpacing)),
            ("word-spacing", style.wordSpacing == 0 ? "normal" : pixels(style.wordSpacing)),
            ("font-feature-settings", features),
            ("line-height", lineHeight),
        ]
    }
}
