import Typometer
import TypometerJSONLines

/// One case of the corpus: a text in a face, size, width and line limit,
/// as `Corpus/cases/<set>.jsonl` records it.
public struct ReferenceCase: Sendable {
    public var id: String
    public var text: String
    /// Font file path relative to the repository root; empty when the case
    /// names a ``family`` instead.
    public var font: String
    /// A family of the bundled fonts (Chromium: every face of the family,
    /// declared with its weight and style; Pango: the font description's
    /// family), instead of a file.
    public var family: String?
    public var size: Double
    public var width: Double
    public var lineLimit: Int?
    /// The text's language (BCP 47; the page's `lang`, Pango's context
    /// language); `nil` for none: Chromium's page then has no `lang` (the
    /// browser's locale, en-US, orders fallback), Pango's context is `en`.
    public var language: String?
    /// The line height (CSS `line-height`: a number, or a length such as
    /// `"22px"`); normal when absent.
    public var lineHeight: LineHeight
    /// The weight, slant, letter and word spacing and features (the
    /// defaults when the case sets none).
    public var weight: FontWeight = .regular
    public var italic = false
    public var letterSpacing = 0.0
    public var wordSpacing = 0.0
    public var features: [FontFeature] = []
    /// The runs of a styled paragraph (`"runs"`), each changing the case's
    /// style for its text; `nil` for a plain text.
    public var styledText: StyledText?
    /// What the case checks (core set).
    public var note: String?
    /// The text's category (fidelity set), e.g. `arabic`, `url`.
    public var category: String?

    /// Reads a case's record.
    package init(_ record: InputRecord) throws(LineFailure) {
        id = try record.string("id")
        text = try record.string("text")
        family = try record.optionalString("family")
        font = try family == nil ? record.string("font") : ""
        var style = TextStyle()
        try record.applyStyleMembers(to: &style)
        (weight, italic, letterSpacing, wordSpacing, features) = (
            style.weight, style.italic, style.letterSpacing, style.wordSpacing, style.features)
        size = try record.requiredNumber("size", in: Corpus.lengths)
        width = try record.requiredNumber("width", in: Corpus.lengths)
        lineLimit = try record.integer("line_limit", in: Corpus.counts)
        language = try record.optionalString("language")
        lineHeight = style.lineHeight
        styledText = try record.records("runs").map { records throws(LineFailure) in
            StyledText(try records.map { run throws(LineFailure) in
                StyledText.Run(try run.string("text"), style: try run.runStyle())
            })
        }
        if let styledText, styledText.string != text { throw record.failure("the runs' texts are not the text") }
        note = try record.optionalString("note")
        category = try record.optionalString("category")
    }
}

extension InputRecord {
    /// A run's style members: `"family"` (or `"font"`, a font file path from
    /// the repository root) and those of ``applyRunStyleMembers(to:)``, each
    /// `nil` when absent.
    package func runStyle() throws(LineFailure) -> RunStyle {
        var style = RunStyle()
        if let family = try optionalString("family") {
            style.font = .family(family)
        } else if let path = try optionalString("font") {
            style.font = .file(path: Corpus.fontPath(path))
        }
        try applyRunStyleMembers(to: &style)
        return style
    }
}

extension ReferenceCase {
    /// The case's style under `profile`, on a screen of `devicePixelRatio`.
    public func style(profile: RenderingProfile, devicePixelRatio: Double = 1) -> TextStyle {
        TextStyle(
            font: family.map { .family($0) } ?? .file(path: Corpus.fontPath(font)), size: size,
            lineLimit: lineLimit, profile: profile, language: language, lineHeight: lineHeight, weight: weight,
            italic: italic, letterSpacing: letterSpacing, wordSpacing: wordSpacing, features: features,
            devicePixelRatio: devicePixelRatio)
    }
}

/// What a renderer drew for one case (`Corpus/reference/<set>.<renderer>.jsonl`).
public struct ReferenceResult: Sendable {
    public var id: String
    public var lines: Int?
    /// Height in points (CSS px).
    public var height: Double?
    /// UTF-16 offsets where each counted line starts.
    public var lineStarts: [Int]?
    /// Set when the renderer could not lay the case out.
    public var error: String?

    /// Reads a result's record.
    package init(_ record: InputRecord) throws(LineFailure) {
        id = try record.string("id")
        lines = try record.integer("lines", in: Corpus.counts)
        height = try record.number("height", in: Corpus.lengths)
        lineStarts = try record.integers("line_starts", in: Corpus.counts)
        error = try record.optionalString("error")
    }
}

extension InputRecord {
    /// A required finite number member within `range`.
    fileprivate func requiredNumber(_ key: String, in range: ClosedRange<Double>) throws(LineFailure) -> Double {
        guard let value = try number(key, in: range) else { throw failure("no \"\(key)\"") }
        return value
    }
}

/// The reference renderers.
public enum ReferenceRenderer: String, Sendable, CaseIterable {
    case chromium, pango
}
