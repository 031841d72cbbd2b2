import CHarfBuzz

/// Kerning between a space and the character after it, which a renderer
/// shaping a whole run (spaces and words together) applies and word-by-word
/// measuring leaves out. Liberation Sans and Serif kern the space with `A`,
/// `T`, `Y` and quotation marks (a space before `Apple` in Liberation Sans
/// 15 pt is 3.341 pt, not 4.168); Noto, Inter and DejaVu kern no space. The
/// kerning of a character with the space after it is in its word's chunk,
/// shaped with its trailing spaces.
///
/// Only the primary face's space is looked at; the renderers' rules say
/// where the pair is shaped together (`TextMeasurer+PangoSpaceKerning`,
/// `TextMeasurer+BlinkSpaceKerning`). Safe from any thread; one per
/// registry (``FaceRegistry/spaceKerning``, made with it), looked up only for a primary
/// face that kerns its space at all (``SegmentShaper/primaryKernsSpace``).
final class SpaceKerning: @unchecked Sendable {
    private let lock = Lock()
    /// The kerning before each character asked, in points; bounded.
    private var kerning: [UInt32: Double] = [:]
    private static let capacity = 4096

    /// What a space of the primary face gains (negative: loses) before
    /// `scalar`, the two shaped together in a left-to-right Latin run as
    /// `Rules`' renderer shapes it, in points.
    func kerning<Rules: ShapingRules>(before scalar: UInt32, shaper: SegmentShaper, rules: Rules.Type) -> Double {
        if let known = lock.withLock({ kerning[scalar] }) { return known }
        let font = shaper.registry.primary
        let language = Rules.language(for: HB_SCRIPT_LATIN, content: shaper.selector.language)
        var units: [UInt16] = [0x20]
        units.append(contentsOf: Unicode.Scalar(scalar).map { Array(String(Character($0)).utf16) } ?? [])
        let value = units.withUTF16Text { text -> Double in
            func width(_ range: Range<Int>) -> Double {
                shaper.shapeMarkingJoins(
                    text, range: range, font: font, script: HB_SCRIPT_LATIN, rightToLeft: false, language: language
                ).advances.reduce(0, +)
            }
            return width(0..<text.count) - width(0..<1) - width(1..<text.count)
        }
        lock.withLock { if kerning.count < Self.capacity { kerning[scalar] = value } }
        return value
    }
}
