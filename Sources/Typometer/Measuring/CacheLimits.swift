/// How many entries each of a measurer's caches keeps, in all. Memory per
/// entry: a word is a few dozen bytes, a height a few dozen bytes plus a
/// reference to the text, a prepared text about 24 bytes per word plus the
/// text. On a machine with several cores each cache is split into one table
/// per group of threads (so threads do not wait on each other), each holding
/// its share of the limit.
public struct CacheLimits: Hashable, Sendable {
    /// Word (segment) advances, shared across texts.
    public var words: Int
    /// Prepared texts, by text.
    public var preparedTexts: Int
    /// Line counts and heights, by text and width.
    public var heights: Int

    public init(words: Int = 100_000, preparedTexts: Int = 10_000, heights: Int = 100_000) {
        self.words = words
        self.preparedTexts = preparedTexts
        self.heights = heights
    }
}

/// The state of a measurer's three caches.
public struct MeasurerCacheStatistics: Hashable, Sendable {
    public var words: CacheStatistics
    public var preparedTexts: CacheStatistics
    public var heights: CacheStatistics
}
