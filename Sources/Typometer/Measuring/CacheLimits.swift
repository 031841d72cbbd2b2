/// How many entries each of a measurer's caches keeps, and how many bytes
/// they keep together. Memory per entry: a word is a few dozen bytes, a
/// height a few dozen bytes plus the text it keeps alive, a prepared text
/// about 24 bytes per word plus the text, a text's line-box shaping about
/// 60 bytes per character. On a machine with several cores
/// each cache is split into one table per group of threads (so threads do
/// not wait on each other), each holding its share of the limits; an entry
/// larger than its table's share of the bytes is not kept (a very long
/// text is measured anew each time).
public struct CacheLimits: Hashable, Sendable {
    /// Word (segment) advances, shared across texts.
    public var words: Int
    /// Prepared texts, by text.
    public var preparedTexts: Int
    /// Line counts and heights, by text and width.
    public var heights: Int
    /// The whole paragraphs' shaping that sizes the line boxes of texts
    /// with lines of several inline items (``TextMeasurer/size(of:width:)``
    /// under `.chromium`), by text, so that a text sized at one width
    /// is sized at another by arithmetic.
    public var lineBoxes: Int
    /// The bytes the four caches keep together (texts, keys and values,
    /// estimated): a quarter for words, three eighths for prepared texts, a
    /// quarter for heights, an eighth for line boxes.
    public var bytes: Int

    public init(
        words: Int = 100_000, preparedTexts: Int = 10_000, heights: Int = 100_000, lineBoxes: Int = 10_000,
        bytes: Int = 128 << 20
    ) {
        self.words = words
        self.preparedTexts = preparedTexts
        self.heights = heights
        self.lineBoxes = lineBoxes
        self.bytes = bytes
    }
}

/// The state of a measurer's four caches.
public struct MeasurerCacheStatistics: Hashable, Sendable {
    public var words: CacheStatistics
    public var preparedTexts: CacheStatistics
    public var heights: CacheStatistics
    public var lineBoxes: CacheStatistics
}
