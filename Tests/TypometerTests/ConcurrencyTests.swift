import Testing
import Typometer

@Suite struct ConcurrencyTests {
    static let texts: [String] = (0..<120).map { index in
        let samples = ["Just finished a long walk along the river", "مرحبا بالعالم، كيف حالك اليوم؟",
                       "今天天气很好，我们去公园散步吧。", "สวัสดีครับ ยินดีต้อนรับ", "Family day 👨‍👩‍👧‍👦 at the beach 🏖️",
                       "Read more at https://example.com/some/long/path?query=\(index)"]
        return samples[index % samples.count] + " #\(index) " + String(repeating: "word\(index) ", count: index % 7)
    }

    @Test("many threads measuring with one measurer get the serial results")
    func parallelEqualsSerial() async throws {
        let style = TextStyle(font: .family("Noto Sans"), size: 15)
        let serial = try TextMeasurer(style: style)
        let expected = Self.texts.map { serial.height(of: $0, width: 200) }
        let shared = try TextMeasurer(style: style)
        let results = await withTaskGroup(of: (Int, [Double]).self) { group in
            for task in 0..<8 {
                group.addTask {
                    (task, Self.texts.map { shared.height(of: $0, width: 200) })
                }
            }
            var all: [[Double]] = []
            for await (_, heights) in group { all.append(heights) }
            return all
        }
        for heights in results { #expect(heights == expected) }
    }

    @Test("the store hands out one measurer per style")
    func storeSharesMeasurers() throws {
        let store = try TextMeasurerStore()
        let style = TextStyle(font: .family("Inter"), size: 13)
        #expect(try store.measurer(for: style) === store.measurer(for: style))
        #expect(try store.measurer(for: style) !== store.measurer(for: TextStyle(font: .family("Inter"), size: 14)))
    }

    @Test("cached, uncached and prepared measurements agree exactly")
    func cachedEqualsUncached() throws {
        let style = TextStyle(font: .family("Noto Serif"), size: 17)
        let warm = try TextMeasurer(style: style)
        for text in Self.texts { _ = warm.height(of: text, width: 150) }
        for text in Self.texts {
            let cold = try TextMeasurer(style: style)
            let prepared = warm.prepare(text)
            for width in [60.0, 150, 333] {
                let expected = cold.height(of: text, width: width)
                #expect(warm.height(of: text, width: width) == expected)
                #expect(warm.height(of: prepared, width: width) == expected)
                #expect(warm.lines(of: prepared, width: width) == cold.lines(of: text, width: width))
            }
        }
        #expect(warm.wordCacheStatistics.hits > 0)
    }
}
