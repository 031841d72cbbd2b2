/// How a language's text is cut into feed posts: how a post's length is
/// counted and bounded, where sentences end, and how pieces are joined.
struct PostRule: Sendable {
    enum Unit: Sendable {
        /// White-space-separated words.
        case words
        /// Characters other than white space (scripts written without
        /// spaces between words: Chinese, Thai).
        case characters
    }

    enum SentenceEnd: Sendable {
        /// After a word ending in `.`, `!`, `?`, `…`, `؟` (closing quotes
        /// and brackets may follow).
        case afterFinalPunctuation
        /// After `。`, `！`, `？`, `!`, `?` or `；`, inside a run of text.
        case afterIdeographicStop
        /// At every space (Thai separates phrases, not words, by spaces).
        case atSpaces
    }

    var unit: Unit
    var range: ClosedRange<Int>
    var sentenceEnd: SentenceEnd
    /// Put between sentences or messages joined into one post.
    var joiner: String

    /// Latin, Cyrillic, Arabic: 10–60 words.
    static let spaced = PostRule(unit: .words, range: 10...60, sentenceEnd: .afterFinalPunctuation, joiner: " ")
    /// Chinese: 20–150 characters.
    static let ideographic = PostRule(unit: .characters, range: 20...150, sentenceEnd: .afterIdeographicStop, joiner: "")
    /// Thai: 20–150 characters, phrases separated by spaces.
    static let thai = PostRule(unit: .characters, range: 20...150, sentenceEnd: .atSpaces, joiner: " ")

    /// The length of `text` in this rule's unit.
    func length(of text: some StringProtocol) -> Int {
        switch unit {
        case .words: text.split(whereSeparator: PostSplitter.isSpace).count
        case .characters: text.reduce(0) { $0 + (PostSplitter.isSpace($1) ? 0 : 1) }
        }
    }

    func fits(_ text: some StringProtocol) -> Bool { range.contains(length(of: text)) }
}
