import Foundation

/// One case of the corpus: a text in a face, size, width and line limit,
/// as `Corpus/cases/<set>.jsonl` records it.
public struct ReferenceCase: Decodable, Sendable {
    public var id: String
    public var text: String
    /// Font file path relative to the repository root.
    public var font: String
    public var size: Double
    public var width: Double
    public var lineLimit: Int?
    /// What the case checks (core set).
    public var note: String?
    /// The text's category (fidelity set), e.g. `arabic`, `url`.
    public var category: String?

    enum CodingKeys: String, CodingKey {
        case id, text, font, size, width, note, category
        case lineLimit = "line_limit"
    }
}

/// What a renderer drew for one case (`Corpus/reference/<set>.<renderer>.jsonl`).
public struct ReferenceResult: Decodable, Sendable {
    public var id: String
    public var lines: Int?
    /// Height in points (CSS px).
    public var height: Double?
    /// UTF-16 offsets where each counted line starts.
    public var lineStarts: [Int]?
    /// Set when the renderer could not lay the case out.
    public var error: String?

    enum CodingKeys: String, CodingKey {
        case id, lines, height, error
        case lineStarts = "line_starts"
    }
}

/// The reference renderers.
public enum ReferenceRenderer: String, Sendable, CaseIterable {
    case chromium, pango
}
