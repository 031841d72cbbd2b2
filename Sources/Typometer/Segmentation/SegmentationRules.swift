/// The decisions in which renderers differ when they cut text into
/// paragraphs and find where lines may start, as ``HardBreaks`` and the
/// layout pass ask them.
protocol SegmentationRules: TraitsRules {
    /// The base bidi level of `paragraph` of `units`: 0 for a left-to-right
    /// block, or found from the text (its first strong character).
    static func baseLevel(of units: UTF16Text, paragraph: Range<Int>) -> UInt8
    /// ``baseLevel(of:paragraph:)`` for `paragraph` (UTF-16 offsets) of `text`.
    static func baseLevel(ofParagraph paragraph: Range<Int>, in text: String) -> UInt8
    /// Offsets (relative to `text`, increasing, excluding 0, including its
    /// length) at which a line may start inside one paragraph of a text in
    /// `language` (`nil`: English).
    static func breakOpportunities(in text: UTF16Text, language: TextLanguage?) -> [Int32]
    /// Calls `body` with ``breakOpportunities(in:language:)``, without
    /// allocating for them where the renderer can avoid it.
    static func withBreakOpportunities<Result>(
        in text: UTF16Text, language: TextLanguage?, _ body: (UnsafeBufferPointer<Int32>) -> Result) -> Result
}
