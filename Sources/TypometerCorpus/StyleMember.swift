import Typometer

/// One member of a text style as every interface spells it, and ``all``,
/// the one table of them: an input line's JSON Lines members, a styled
/// text's run members, a corpus case's members, the command-line options
/// (`--` and the name with hyphens) and their help are all read from it.
/// A new style member is a row here (and a check of the reference
/// generators' field list, `StyleMemberTests`).
///
/// Not in the table, as each interface names them its own way: the font
/// (`font`/`font_file` in input lines, `family`/`font` in corpus cases),
/// the line limit (0 for none in input lines), the language (`lang`, a
/// corpus case's `language`) and the profile (an option only).
package struct StyleMember: Sendable {
    /// What a member's value is, which says how each interface reads it.
    package enum Kind: Sendable {
        /// A finite number in the range.
        case number(ClosedRange<Double>)
        /// True or false; as an option, a flag that means true.
        case flag
        /// A CSS `font-weight`: 1 to 1000 or a name such as `bold`.
        case weight
        /// OpenType features such as `tnum`, `-liga`, `kern=0`.
        case features
        /// A CSS `line-height`: `normal`, a number (a multiple of the size)
        /// or a length such as `22px`.
        case lineHeight
        /// One of these names.
        case choice([String])
    }

    /// A member's value, of its ``Kind``.
    package enum Value: Sendable {
        case number(Double)
        case flag(Bool)
        case weight(FontWeight)
        case features([FontFeature])
        case lineHeight(LineHeight)
        case choice(String)
    }

    /// The JSON member's name.
    package let name: String
    package let kind: Kind
    /// What the option's value is called in the help (empty for a flag).
    package let placeholder: String
    /// The option's help, one string per line.
    package let help: [String]
    private let setStyle: @Sendable (inout TextStyle, Value) -> Void
    private let setRun: (@Sendable (inout RunStyle, Value) -> Void)?

    /// The command-line option: `--` and this.
    package var option: String { String(name.map { $0 == "_" ? "-" : $0 }) }
    /// Whether a run of a styled text may set it.
    package var inRuns: Bool { setRun != nil }

    /// Sets the member to `value` (read for this member's kind) in `style`.
    package func set(_ value: Value, on style: inout TextStyle) { setStyle(&style, value) }
    /// Sets the member to `value` in a run's `style` (where ``inRuns``).
    package func set(_ value: Value, on style: inout RunStyle) { setRun?(&style, value) }

    /// The table, in the order the help lists the options.
    package static let all: [StyleMember] = [
        number("size", in: 0.01...10_000, placeholder: "PT", help: ["font size in points = CSS px (default: 15)"],
               style: { $0.size = $1 }, run: { $0.size = $1 }),
        StyleMember(
            name: "weight", kind: .weight, placeholder: "W",
            help: ["CSS font-weight: 1 to 1000, normal, bold, medium, ... (default: 400);",
                   "the family's nearest face, or the renderer's synthetic bold"],
            setStyle: { style, value in if case .weight(let weight) = value { style.weight = weight } },
            setRun: { style, value in if case .weight(let weight) = value { style.weight = weight } }),
        StyleMember(
            name: "italic", kind: .flag, placeholder: "",
            help: ["the family's italic face (or the upright one slanted)"],
            setStyle: { style, value in if case .flag(let italic) = value { style.italic = italic } },
            setRun: { style, value in if case .flag(let italic) = value { style.italic = italic } }),
        number("letter_spacing", in: -10_000...10_000, placeholder: "PT",
               help: ["points after every character, CSS letter-spacing (default: 0)"],
               style: { $0.letterSpacing = $1 }, run: { $0.letterSpacing = $1 }),
        number("word_spacing", in: -10_000...10_000, placeholder: "PT",
               help: ["points after every space, CSS word-spacing; none under pango"],
               style: { $0.wordSpacing = $1 }, run: { $0.wordSpacing = $1 }),
        StyleMember(
            name: "features", kind: .features, placeholder: "LIST",
            help: ["OpenType features, comma-separated: tnum, -liga, kern=0"],
            setStyle: { style, value in if case .features(let features) = value { style.features = features } },
            setRun: { style, value in if case .features(let features) = value { style.features = features } }),
        StyleMember(
            name: "line_height", kind: .lineHeight, placeholder: "V",
            help: ["CSS line-height: normal, a number (a multiple of the", "size) or a length such as 22px (default: normal)"],
            setStyle: { style, value in if case .lineHeight(let height) = value { style.lineHeight = height } },
            setRun: nil),
        number("device_pixel_ratio", in: TextStyle.devicePixelRatioRange, placeholder: "R",
               help: ["the reader's screen, window.devicePixelRatio (2 on most",
                      "phones; browser zoom multiplies it): 0.25 to 20; chromium",
                      "lays text out in device pixels, results stay in CSS px;",
                      "pango ignores it (default: 1)"],
               style: { $0.devicePixelRatio = $1 }),
        StyleMember(
            name: "web_fonts", kind: .choice(WebFonts.allCases.map(\.rawValue)), placeholder: "WHICH",
            help: ["primary or all: the faces the page loads itself; all when",
                   "fallback faces are web fonts too, as in typometer page",
                   "(chromium above ratio 1 only; default: primary)"],
            setStyle: { style, value in
                if case .choice(let name) = value, let webFonts = WebFonts(rawValue: name) { style.webFonts = webFonts }
            },
            setRun: nil),
    ]

    /// The table's names.
    package static var names: [String] { all.map(\.name) }
    /// The names a run of a styled text may carry.
    package static var runNames: [String] { all.filter(\.inRuns).map(\.name) }

    private static func number(
        _ name: String, in range: ClosedRange<Double>, placeholder: String, help: [String],
        style: @escaping @Sendable (inout TextStyle, Double) -> Void,
        run: (@Sendable (inout RunStyle, Double) -> Void)? = nil
    ) -> StyleMember {
        var setRun: (@Sendable (inout RunStyle, Value) -> Void)?
        if let run {
            setRun = { target, value in if case .number(let number) = value { run(&target, number) } }
        }
        return StyleMember(
            name: name, kind: .number(range), placeholder: placeholder, help: help,
            setStyle: { target, value in if case .number(let number) = value { style(&target, number) } },
            setRun: setRun)
    }
}
