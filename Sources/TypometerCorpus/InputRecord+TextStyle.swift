import Typometer
import TypometerJSONLines

extension InputRecord {
    /// The style members an input line or a corpus case may carry, set on
    /// `style` where present: `"weight"` (a number 1–1000 or a CSS name such
    /// as `"bold"`), `"italic"` (true or false), `"letter_spacing"` and
    /// `"word_spacing"` (points), `"features"` (an array of feature strings
    /// such as `["tnum", "-liga"]`, or one string of them separated by
    /// commas), `"line_height"`, `"device_pixel_ratio"` (the screen's,
    /// ``TextStyle/devicePixelRatioRange``) and `"web_fonts"` (`"primary"`
    /// or `"all"`).
    package func applyStyleMembers(to style: inout TextStyle) throws(LineFailure) {
        if let weight = try fontWeight("weight") { style.weight = weight }
        if let italic = try boolean("italic") { style.italic = italic }
        if let spacing = try number("letter_spacing", in: -10_000...10_000) { style.letterSpacing = spacing }
        if let spacing = try number("word_spacing", in: -10_000...10_000) { style.wordSpacing = spacing }
        if let features = try fontFeatures("features") { style.features = features }
        if has("line_height") { style.lineHeight = try lineHeight("line_height") }
        if let ratio = try number("device_pixel_ratio", in: TextStyle.devicePixelRatioRange) {
            style.devicePixelRatio = ratio
        }
        if let name = try optionalString("web_fonts") {
            guard let webFonts = WebFonts(rawValue: name) else {
                throw failure("\"web_fonts\" must be \"primary\" or \"all\", got '\(name)'")
            }
            style.webFonts = webFonts
        }
    }

    /// The names ``applyStyleMembers(to:)`` reads.
    package static let styleMemberNames = [
        "weight", "italic", "letter_spacing", "word_spacing", "features", "line_height", "device_pixel_ratio",
        "web_fonts",
    ]

    /// A font weight member: a whole number 1–1000 or a CSS name.
    package func fontWeight(_ key: String) throws(LineFailure) -> FontWeight? {
        if let text = try? optionalString(key) {
            guard let weight = FontWeight(css: text) else {
                throw failure("\"\(key)\" must be 1 to 1000 or a CSS weight name such as \"bold\", got '\(text)'")
            }
            return weight
        }
        return try integer(key, in: FontWeight.range).map { FontWeight($0) }
    }

    /// A features member: an array of feature strings, or one string of
    /// them separated by commas (`"tnum, -liga"`).
    package func fontFeatures(_ key: String) throws(LineFailure) -> [FontFeature]? {
        let texts: [String]
        if let text = try? optionalString(key) {
            texts = text.split(separator: ",").map { String($0) }
        } else if let list = try strings(key) {
            texts = list
        } else {
            return nil
        }
        return try texts.map { text throws(LineFailure) -> FontFeature in
            let trimmed = String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            guard let feature = FontFeature(trimmed) else {
                throw failure("\"\(key)\": not an OpenType feature such as \"tnum\", \"-liga\" or \"kern=0\": '\(text)'")
            }
            return feature
        }
    }

    /// A line height member: a number (a multiple of the size) or a CSS
    /// string (`"22px"`, `"normal"`); normal when absent.
    package func lineHeight(_ key: String) throws(LineFailure) -> LineHeight {
        if let factor = try? number(key, in: 0...1e6) { return .multiple(factor) }
        guard let text = try optionalString(key) else { return .normal }
        guard let value = LineHeight(css: text) else {
            throw failure("\"\(key)\" must be a number, \"normal\" or a length such as \"22px\"")
        }
        return value
    }
}
