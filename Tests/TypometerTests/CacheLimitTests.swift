import Foundation
import Testing
import Typometer

/// Caches (word advances, prepared texts, heights) keep to their limits
/// however many distinct texts pass through.
/// `TYPOMETER_CACHE_STREAM` sets the stream length (default 200,000 in the
/// test run; `Scripts/cache-stream` runs a million in release).
@Suite struct CacheLimitTests {
    static let streamLength = ProcessInfo.processInfo.environment["TYPOMETER_CACHE_STREAM"].flatMap(Int.init) ?? 200_000

    /// The `index`th distinct short text: a word of letters spelling the
    /// number, sometimes two words, sometimes in another script. Latin,
    /// Cyrillic and Greek words are measured by table lookup; Arabic ones
    /// are shaped and fill the word cache.
    static func text(_ index: Int) -> String {
        let alphabets: [[Character]] = [Array("abcdefghijklmnopqrstuvwxyz"), Array("абвгдежзийклмнопрстуфхцчшщ"),
                                        Array("αβγδεζηθικλμνξοπρστυφχψω"), Array("ابتثجحخدذرزسشصضطظعغفقكلمنهوي")]
        let alphabet = alphabets[index % alphabets.count]
        var word = ""
        var value = index
        repeat {
            word.append(alphabet[value % alphabet.count])
            value /= alphabet.count
        } while value > 0
        return index % 3 == 0 ? word + " " + String(word.reversed()) : word
    }

    /// Every cache's statistics are within `limit`.
    static func expectWithinLimits(_ measurer: TextMeasurer, _ limits: CacheLimits, _ note: String) {
        let statistics = measurer.cacheStatistics
        #expect(statistics.words.count <= limits.words && statistics.words.limit <= limits.words, "words, \(note)")
        #expect(statistics.preparedTexts.count <= limits.preparedTexts && statistics.preparedTexts.limit <= limits.preparedTexts,
                "prepared texts, \(note)")
        #expect(statistics.heights.count <= limits.heights && statistics.heights.limit <= limits.heights, "heights, \(note)")
        #expect(measurer.wordCacheStatistics.count <= limits.words, "words, \(note)")
    }

    /// Regression: BoundedCache.Shard.insert assigned a key over an empty
    /// home slot once a shard was full, crashing within the first few
    /// hundred texts at small limits.
    @Test("a stream of distinct texts never holds more than each cache's limit", arguments: [1, 16, 100])
    func streamKeepsToTheLimit(limit: Int) throws {
        let limits = CacheLimits(words: limit, preparedTexts: limit, heights: limit)
        let measurer = try TextMeasurer(style: TextStyle(), cacheLimits: limits)
        let wordsOnly = try TextMeasurer(style: TextStyle(), wordCacheLimit: limit)
        let clock = ContinuousClock()
        let start = clock.now
        let count = limit == 100 ? Self.streamLength : Self.streamLength / 20
        for index in 0..<count {
            let text = Self.text(index)
            _ = measurer.height(of: text, width: 320)
            _ = wordsOnly.height(of: text, width: 320)
            if index % 5 == 0 { _ = measurer.height(of: measurer.prepare(text), width: 100) }
            if index % 997 == 0 {
                Self.expectWithinLimits(measurer, limits, "after \(index + 1) texts")
                #expect(wordsOnly.wordCacheStatistics.count <= limit)
            }
        }
        let statistics = measurer.cacheStatistics
        print("CacheLimitTests: \(count) distinct texts, limit \(limit): \(statistics) in \(clock.now - start)")
        Self.expectWithinLimits(measurer, limits, "at the end")
        #expect(wordsOnly.wordCacheStatistics.count <= limit)
        #expect(statistics.words.count > 0 && statistics.heights.count > 0)
    }

    @Test("many threads streaming distinct texts keep the caches within their limits")
    func concurrentStreamKeepsToTheLimit() async throws {
        let limits = CacheLimits(words: 100, preparedTexts: 10, heights: 50)
        let measurer = try TextMeasurer(style: TextStyle(), cacheLimits: limits)
        let perTask = Self.streamLength / 20
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for index in 0..<perTask {
                        let text = Self.text(task * perTask + index)
                        _ = measurer.height(of: text, width: 320)
                        if index % 7 == 0 { _ = measurer.prepare(text) }
                    }
                }
            }
            group.addTask {
                for _ in 0..<200 {
                    Self.expectWithinLimits(measurer, limits, "while streaming")
                    await Task.yield()
                }
            }
        }
        Self.expectWithinLimits(measurer, limits, "at the end")
    }

    @Test("a zero limit caches nothing and measures the same")
    func zeroLimit() throws {
        let uncached = try TextMeasurer(style: TextStyle(), cacheLimits: CacheLimits(words: 0, preparedTexts: 0, heights: 0))
        let cached = try TextMeasurer(style: TextStyle())
        for index in 0..<500 {
            #expect(uncached.height(of: Self.text(index), width: 40) == cached.height(of: Self.text(index), width: 40))
        }
        let statistics = uncached.cacheStatistics
        #expect(statistics.words.count == 0 && statistics.preparedTexts.count == 0 && statistics.heights.count == 0)
        #expect(statistics.words.hits == 0 && statistics.preparedTexts.hits == 0 && statistics.heights.hits == 0)
    }

    @Test("negative limits act as zero", arguments: [-1, Int.min])
    func negativeLimit(limit: Int) throws {
        let measurer = try TextMeasurer(style: TextStyle(), cacheLimits: CacheLimits(words: limit, preparedTexts: limit, heights: limit))
        #expect(measurer.height(of: "Hello world", width: 320) == 20)
        #expect(measurer.height(of: measurer.prepare("Hello world"), width: 320) == 20)
        let statistics = measurer.cacheStatistics
        #expect(statistics.words.count == 0 && statistics.preparedTexts.count == 0 && statistics.heights.count == 0)
    }

    @Test("clearing empties the cache and its counts; it fills again")
    func clearing() throws {
        let measurer = try TextMeasurer(style: TextStyle(), wordCacheLimit: 100)
        for index in 0..<300 { _ = measurer.height(of: Self.text(index), width: 320) }
        measurer.clearCaches()
        #expect(measurer.wordCacheStatistics.count == 0)
        #expect(measurer.cacheStatistics.heights.count == 0 && measurer.cacheStatistics.preparedTexts.count == 0)
        #expect(measurer.wordCacheStatistics.hits == 0 && measurer.wordCacheStatistics.misses == 0)
        // Arabic: words of simple Latin, Cyrillic or Greek letters, CJK
        // and Hebrew ones are measured by table lookup and never cached.
        _ = measurer.height(of: "Hello مرحبا", width: 320)
        #expect(measurer.wordCacheStatistics.count > 0)
    }

    @Test("a repeated text hits the cache")
    func repeatedTextHits() throws {
        let measurer = try TextMeasurer(style: TextStyle(), wordCacheLimit: 100)
        _ = measurer.height(of: "Hello مرحبا", width: 320)
        let before = measurer.cacheStatistics
        _ = measurer.height(of: "Hello مرحبا", width: 200)
        _ = measurer.height(of: "Hello مرحبا", width: 320)
        let after = measurer.cacheStatistics
        #expect(after.words.hits + after.preparedTexts.hits > before.words.hits + before.preparedTexts.hits)
        #expect(after.heights.hits > before.heights.hits)
    }
}
