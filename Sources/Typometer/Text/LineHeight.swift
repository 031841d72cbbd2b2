/// How tall a text's lines are set, as CSS `line-height` and Pango's
/// line-height attribute set them.
public enum LineHeight: Hashable, Sendable {
    /// The font's own: CSS `line-height: normal`, Pango without the
    /// attribute.
    case normal
    /// A multiple of the font size (CSS `line-height: 1.4`; Pango's factor,
    /// `pango_attr_line_height_new`, a multiple of each run's height).
    case multiple(Double)
    /// A length in points (CSS `line-height: 22px`; Pango's
    /// `pango_attr_line_height_new_absolute`).
    case points(Double)

    /// A CSS `line-height` value: `normal`, a number (`1.4`), or a length in
    /// `px` or `pt` (`22px`; 1 pt = 1 CSS px here); `nil` for anything else.
    public init?(css text: String) {
        let value = text.trimmingSpaces.lowercased()
        if value == "normal" { self = .normal; return }
        for unit in ["px", "pt"] where value.hasSuffix(unit) {
            guard let points = Double(value.dropLast(2)) else { return nil }
            self = .points(points)
            return
        }
        guard let factor = Double(value) else { return nil }
        self = .multiple(factor)
    }
}

extension String {
    fileprivate var trimmingSpaces: Substring {
        drop { $0 == " " }.reversed().drop { $0 == " " }.reversed().reduce(into: Substring()) { $0.append($1) }
    }
}
