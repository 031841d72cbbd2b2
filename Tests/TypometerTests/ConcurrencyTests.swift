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

    @Test("font sets, measurers and stores created from many threads at once measure as made alone")
    func concurrentCreation() async throws {
        let families = ["Noto Sans", "Inter", "Noto Serif"]
        let styles = (0..<12).map { (index: Int) -> TextStyle in
            let lineLimit: Int? = index % 4 == 0 ? 2 : nil
            let profile: RenderingProfile = index % 2 == 0 ? .chromium : .pango
            return TextStyle(font: .family(families[index % 3]), size: 11 + Double(index), lineLimit: lineLimit,
                             profile: profile)
        }
        let expected = try styles.map { style in
            let measurer = try TextMeasurer(style: style)
            return Self.texts.prefix(24).map { measurer.height(of: $0, width: 180) }
        }
        let store = try TextMeasurerStore(measurerLimit: 4)
        let results = try await withThrowingTaskGroup(of: (Int, [[Double]]).self) { group in
            for task in 0..<8 {
                group.addTask {
                    // Each task: a font set of its own, a measurer of its own
                    // on the bundled set, and the shared store (smaller than
                    // the styles, so measurers are evicted while in use).
                    let fontSet = try FontSet(directory: FontSet.bundledFontsDirectory)
                    return (task, try styles.indices.map { index in
                        let style = styles[(index + task) % styles.count]
                        let measurers = [try TextMeasurer(style: style, fontSet: fontSet),
                                         try TextMeasurer(style: style), try store.measurer(for: style)]
                        if task % 3 == 0 { fontSet.clearCaches() }
                        return measurers.flatMap { measurer in
                            Self.texts.prefix(24).map { measurer.height(of: $0, width: 180) }
                        }
                    })
                }
            }
            var all: [(Int, [[Double]])] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 8)
        for (task, heights) in results {
            for (index, measured) in heights.enumerated() {
                let alone = expected[(index + task) % styles.count]
                #expect(measured == alone + alone + alone, "task \(task), style \((index + task) % styles.count)")
            }
        }
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
