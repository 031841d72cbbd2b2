import Testing
import Typometer

/// The store's bound on measurers. Regression: it kept every style's
/// measurer (up to 2²⁰), so a feed whose lines each carry their own size
/// grew by a measurer a line (1.4 GB over 50,000 lines).
@Suite struct MeasurerStoreTests {
    @Test("the store keeps at most its limit of measurers, and measures every style right past it")
    func bounded() throws {
        let store = try TextMeasurerStore(measurerLimit: 8)
        let text = "Fjord-side cabins, 12 km north — 北 — مرحبا"
        for index in 0..<40 {
            let style = TextStyle(font: .family("Noto Sans"), size: 10 + Double(index) / 4)
            let measurer = try store.measurer(for: style)
            #expect(store.count <= 8)
            #expect(measurer.height(of: text, width: 90) == (try TextMeasurer(style: style)).height(of: text, width: 90))
        }
        #expect(store.count == 8)
    }

    @Test("a style used again and again keeps its measurer while others come and go")
    func recentlyUsedStays() throws {
        let store = try TextMeasurerStore(measurerLimit: 4)
        let hot = TextStyle(font: .family("Inter"), size: 13)
        let kept = try store.measurer(for: hot)
        for index in 0..<20 {
            _ = try store.measurer(for: TextStyle(font: .family("Inter"), size: 20 + Double(index)))
            #expect(try store.measurer(for: hot) === kept)
        }
    }

    @Test("every measurer of the store keeps to the store's cache limits, so its caches' bytes are bounded")
    func cacheLimitsPerMeasurer() throws {
        let limits = CacheLimits(words: 500, preparedTexts: 20, heights: 300, bytes: 1 << 20)
        let store = try TextMeasurerStore(measurerLimit: 3, cacheLimits: limits)
        var total = 0
        for index in 0..<6 {
            let measurer = try store.measurer(for: TextStyle(font: .family("Noto Serif"), size: 12 + Double(index)))
            for post in 0..<400 {
                let text = "Post \(post) of style \(index): " + String(repeating: "word\(post % 37) ", count: 30 + post % 50)
                _ = measurer.height(of: text, width: 200)
                if post % 4 == 0 { _ = measurer.height(of: measurer.prepare(text), width: 150) }
            }
            let statistics = measurer.cacheStatistics
            #expect(statistics.words.limit <= 500 && statistics.preparedTexts.limit <= 20 && statistics.heights.limit <= 300)
            let bytes = statistics.words.bytes + statistics.preparedTexts.bytes + statistics.heights.bytes
            #expect(bytes <= limits.bytes, "\(statistics)")
            total = max(total, bytes)
        }
        #expect(store.count == 3)
        #expect(total > 0)
    }
}
