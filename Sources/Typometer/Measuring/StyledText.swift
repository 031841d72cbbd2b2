/// A paragraph or more of text made of runs, each in a style of its own
/// (a bold name before a body, a link in medium weight, inline code in a
/// monospace face, a larger first word), measured as one text: lines break
/// across run boundaries only where the text allows a break, and each
/// line is as tall as the runs on it make it.
///
/// The measurer's ``TextStyle`` is the block's (a CSS block or a Pango
/// layout): its font sets the strut under Chromium, and its line limit,
/// line height, line spacing, language and renderer hold for the whole
/// text; each run's ``RunStyle`` changes the font, size, weight, slant,
/// spacing or features of its own text (a CSS `<span>`, a Pango attribute
/// over the run's bytes).
public struct StyledText: Hashable, Sendable {
    /// A piece of the text and how it differs from the block's style.
    public struct Run: Hashable, Sendable {
        public var text: String
        public var style: RunStyle

        public init(_ text: String, style: RunStyle = RunStyle()) {
            self.text = text
            self.style = style
        }
    }

    public var runs: [Run]

    /// The most distinct run styles one styled text may use: measuring
    /// keeps a measurer for each while it lays the text out (tens of
    /// kilobytes each), so this bounds the memory one text takes. Past it,
    /// measuring throws ``TypometerError/tooManyRunStyles(limit:)``.
    public static let maximumRunStyles = 1_000

    public init(_ runs: [Run]) { self.runs = runs }

    /// The text of every run, in order.
    public var string: String { runs.reduce(into: "") { $0 += $1.text } }
}
