import Foundation
import Testing
import Typometer

/// Caches keep to their limits however many distinct texts pass through.
/// `TYPOMETER_CACHE_STREAM` sets the stream length (default 200,000 in the
/// test run; `Scripts/cache-stream` runs a million in release).
@Suite struct CacheLimitTests {
    static let streamLength = ProcessInfo.processInfo.environment["TYPOMETER_CACHE_STREAM"].flatMap(Int.init) ?? 200_000

    /// The `index`th distinct short text: a word of letters spelling the
    /// number, sometimes two words, sometimes in another script.
    static func text(_ index: Int) -> String {
        let alphabets: [[Character]] = [Array("abcdefghijklmnopqrstuvwxyz"), Array("абвгдежзийклмнопрстуфхцчшщ"),
                                        Array("αβγδεζηθικλμνξοπρστυφχψω"), Array("אבגדהוזחטיכלמנסעפצקרשת")]
        let alphabet = alphabets[index % alphabets.count]
        var word = ""
        var value = index
        repeat {
            word.append(alphabet[value % alphabet.count])
            value /= alphabet.count
        } while value > 0
        return index % 3 == 0 ? word + " " + String(word.reversed()) : word
    }

    @Test("a stream of distinct texts never holds more than the word cache limit", arguments: [1, 16, 100])
    func streamKeepsToTheLimit(limit: Int) throws {
        let measurer = try TextMeasurer(style: TextStyle(), wordCacheLimit: limit)
        let clock = ContinuousClock()
        let start = clock.now
        let count = limit == 100 ? Self.streamLength : Self.streamLength / 20
        for index in 0..<count {
            _ = measurer.height(of: Self.text(index), width: 320)
            if index % 997 == 0 {
                #expect(measurer.wordCacheStatistics.count <= limit, "after \(index + 1) texts")
            }
        }
        let statistics = measurer.wordCacheStatistics
        print("CacheLimitTests: \(count) distinct texts, limit \(limit): \(statistics) in \(clock.now - start)")
        #expect(statistics.count <= limit)
        #expect(statistics.limit <= limit)
        #expect(statistics.count > 0)
        #expect(statistics.misses >= count)
    }

    @Test("many threads streaming distinct texts keep the cache within its limit")
    func concurrentStreamKeepsToTheLimit() async throws {
        let measurer = try TextMeasurer(style: TextStyle(), wordCacheLimit: 100)
        let perTask = Self.streamLength / 20
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for index in 0..<perTask { _ = measurer.height(of: Self.text(task * perTask + index), width: 320) }
                }
            }
            group.addTask {
                for _ in 0..<200 {
                    #expect(measurer.wordCacheStatistics.count <= 100)
                    await Task.yield()
                }
            }
        }
        #expect(measurer.wordCacheStatistics.count <= 100)
    }

    @Test("a zero limit caches nothing and measures the same")
    func zeroLimit() throws {
        let uncached = try TextMeasurer(style: TextStyle(), wordCacheLimit: 0)
        let cached = try TextMeasurer(style: TextStyle())
        for index in 0..<500 {
            #expect(uncached.height(of: Self.text(index), width: 40) == cached.height(of: Self.text(index), width: 40))
        }
        #expect(uncached.wordCacheStatistics.count == 0)
        #expect(uncached.wordCacheStatistics.hits == 0)
    }

    @Test("negative limits act as zero", arguments: [-1, Int.min])
    func negativeLimit(limit: Int) throws {
        let measurer = try TextMeasurer(style: TextStyle(), wordCacheLimit: limit)
        #expect(measurer.height(of: "Hello world", width: 320) == 20)
        #expect(measurer.wordCacheStatistics.count == 0)
    }

    @Test("clearing empties the cache and its counts; it fills again")
    func clearing() throws {
        let measurer = try TextMeasurer(style: TextStyle(), wordCacheLimit: 100)
        for index in 0..<300 { _ = measurer.height(of: Self.text(index), width: 320) }
        measurer.clearCaches()
        #expect(measurer.wordCacheStatistics.count == 0)
        #expect(measurer.wordCacheStatistics.hits == 0 && measurer.wordCacheStatistics.misses == 0)
        _ = measurer.height(of: "Hello again", width: 320)
        #expect(measurer.wordCacheStatistics.count > 0)
    }

    @Test("a repeated text hits the cache")
    func repeatedTextHits() throws {
        let measurer = try TextMeasurer(style: TextStyle(), wordCacheLimit: 100)
        _ = measurer.height(of: "Hello world", width: 320)
        let before = measurer.wordCacheStatistics.hits
        _ = measurer.height(of: "Hello world", width: 200)
        #expect(measurer.wordCacheStatistics.hits > before)
    }
}
