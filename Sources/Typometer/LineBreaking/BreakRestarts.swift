/// How a renderer's line breaker may find break opportunities anew where a
/// line starts inside a word: one per paragraph being laid out.
protocol BreakRestarts {
    /// Whether the renderer ever restarts (else every answer is `false`).
    static var mayRestart: Bool { get }

    init(units: UTF16Text, paragraph: Range<Int>, language: TextLanguage?)

    /// Whether the rest of the chunk must be laid out anew from a line
    /// starting at `position`; `reshaping` tells whether the line starts
    /// inside a HarfBuzz cluster. If so, the opportunities from there are in
    /// effect from now on.
    mutating func changesBreaks(at position: Int, reshaping: Bool) -> Bool

    /// Whether a restart inside `chunk` may move its break opportunities.
    static func mayMoveBreaks(in chunk: UTF16Text) -> Bool
}

/// For a line breaker that finds a paragraph's break opportunities once.
struct NoBreakRestarts: BreakRestarts {
    static var mayRestart: Bool { false }
    init(units: UTF16Text, paragraph: Range<Int>, language: TextLanguage?) {}
    mutating func changesBreaks(at position: Int, reshaping: Bool) -> Bool { false }
    static func mayMoveBreaks(in chunk: UTF16Text) -> Bool { false }
}
