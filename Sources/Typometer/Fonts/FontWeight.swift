/// How heavy a face is asked to be: CSS `font-weight`, Pango's
/// `PangoWeight` and OpenType's `usWeightClass` share the scale, 1–1000,
/// 400 regular and 700 bold.
public struct FontWeight: Hashable, Sendable, Comparable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    /// The weight, 1–1000 for a valid one.
    public var value: Int

    public init(_ value: Int) { self.value = value }
    public init(integerLiteral value: Int) { self.value = value }

    public static let thin = FontWeight(100)
    public static let extraLight = FontWeight(200)
    public static let light = FontWeight(300)
    public static let regular = FontWeight(400)
    public static let medium = FontWeight(500)
    public static let semibold = FontWeight(600)
    public static let bold = FontWeight(700)
    public static let extraBold = FontWeight(800)
    public static let black = FontWeight(900)

    /// A CSS `font-weight` value: a number from 1 to 1000, `normal` (400) or
    /// `bold` (700), or the common names `thin` … `black`; `nil` for
    /// anything else (`bolder` and `lighter` depend on a parent and are not
    /// taken).
    public init?(css text: String) {
        let value = text.lowercased().filter { $0 != " " }
        let names: [String: FontWeight] = [
            "normal": .regular, "regular": .regular, "bold": .bold, "thin": .thin, "hairline": .thin,
            "extralight": .extraLight, "extra-light": .extraLight, "ultralight": .extraLight, "light": .light,
            "medium": .medium, "semibold": .semibold, "semi-bold": .semibold, "demibold": .semibold,
            "extrabold": .extraBold, "extra-bold": .extraBold, "ultrabold": .extraBold, "black": .black,
            "heavy": .black,
        ]
        if let named = names[value] { self = named; return }
        guard let number = Int(value), FontWeight.range.contains(number) else { return nil }
        self.value = number
    }

    /// The weights CSS accepts.
    public static let range = 1...1000

    public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool { lhs.value < rhs.value }

    public var description: String { String(value) }
}
