import Testing
import Typometer

/// The caches are bounded in bytes as well as in entries: long texts (kept
/// alive by the height and prepared caches) and long words (whose units the
/// word cache copies) cannot hold more than `CacheLimits.bytes` between
/// them. Regression: a measurer kept every one of up to 100,000 heights and
/// 10,000 prepared texts with its text, whatever their length.
@Suite struct CacheBytesTests {
    /// Distinct texts of about `length` UTF-8 bytes of words, some long.
    static func text(_ index: Int, length: Int) -> String {
        var text = "post \(index): "
        var word = 0
        while text.utf8.count < length {
            word += 1
            text += word % 97 == 0 ? String(repeating: "x", count: 40 + index % 50) + " " : "word\((word * 7 + index) % 1_000) "
        }
        return text
    }

    @Test("a stream of long distinct texts keeps each cache within its share of the bytes, and measures right")
    func longTextsStayWithinTheBytes() throws {
        let limits = CacheLimits(bytes: 16 << 20)
        let measurer = try TextMeasurer(style: TextStyle(), cacheLimits: limits)
        let uncached = try TextMeasurer(style: TextStyle(), cacheLimits: CacheLimits(words: 0, preparedTexts: 0, heights: 0))
        for index in 0..<600 {
            let text = Self.text(index, length: 20_000)
            let height = measurer.height(of: text, width: 320)
            let prepared = measurer.prepare(text)
            if index % 50 == 0 {
                #expect(height == uncached.height(of: text, width: 320))
                #expect(measurer.height(of: prepared, width: 200) == uncached.height(of: text, width: 200))
            }
            let statistics = measurer.cacheStatistics
            for cache in [statistics.words, statistics.preparedTexts, statistics.heights, statistics.lineBoxes] {
                #expect(cache.bytes <= cache.byteLimit, "after \(index + 1) texts: \(statistics)")
            }
            #expect(statistics.words.byteLimit + statistics.preparedTexts.byteLimit + statistics.heights.byteLimit
                        + statistics.lineBoxes.byteLimit <= limits.bytes)
        }
        let statistics = measurer.cacheStatistics
        // The bytes bound, not the entries: 600 texts of 20 kB are 12 MB,
        // three times the heights' 4 MiB.
        #expect(statistics.heights.count < 600 && statistics.heights.count > 0, "\(statistics)")
        #expect(statistics.preparedTexts.count < 600 && statistics.preparedTexts.count > 0, "\(statistics)")
    }

    @Test("a text larger than a table's share is measured right and not kept")
    func oversizedTextNotKept() throws {
        let measurer = try TextMeasurer(style: TextStyle(), cacheLimits: CacheLimits(bytes: 1 << 20))
        let text = Self.text(1, length: 400_000)
        let uncached = try TextMeasurer(style: TextStyle(), cacheLimits: CacheLimits(words: 0, preparedTexts: 0, heights: 0))
        #expect(measurer.height(of: text, width: 240) == uncached.height(of: text, width: 240))
        #expect(measurer.height(of: measurer.prepare(text), width: 240) == uncached.height(of: text, width: 240))
        let statistics = measurer.cacheStatistics
        #expect(statistics.heights.count == 0 && statistics.preparedTexts.count == 0, "\(statistics)")
        #expect(statistics.words.bytes <= statistics.words.byteLimit)
    }
}
