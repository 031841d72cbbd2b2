import Testing
import Typometer
import TypometerFeed
import TypometerLayout

@Suite struct FeedLayoutTests {
    static let texts = (0..<300).map { index in
        ["Just finished a long walk along the river this morning", "مرحبا بالعالم", "今天天气很好。",
         "Short", "Read more at https://example.com/path/\(index)"][index % 5] + " \(index)"
    }

    func cards(_ range: Range<Int>) -> [FeedCard] {
        range.map { index in
            FeedCard(text: Self.texts[index], style: TextStyle(font: .family("Noto Sans"), size: 15),
                     horizontalInset: 24, chromeHeight: 32, imageAspectRatio: index % 3 == 0 ? 1.5 : nil)
        }
    }

    @Test("cards become the frames of measuring each text and solving by hand")
    func matchesManualSolve() async throws {
        let store = try TextMeasurerStore()
        let layout = try MasonryLayout(columns: 3, spacing: 8)
        let feed = try FeedLayout(store: store, layout: layout, containerWidth: 600)
        try await feed.append(cards(0..<300))
        let measurer = try store.measurer(for: TextStyle(font: .family("Noto Sans"), size: 15))
        let columnWidth = try layout.columnWidth(forContainerWidth: 600)
        let heights = cards(0..<300).map { card in
            MasonryItem(textHeight: measurer.height(of: card.text, width: columnWidth - 24), chromeHeight: 32,
                        imageAspectRatio: card.imageAspectRatio).height(columnWidth: columnWidth)
        }
        let expected = try layout.snapshot(heights: heights, containerWidth: 600)
        #expect(feed.snapshot.frames == expected.frames)
        #expect(feed.snapshot.contentHeight == expected.contentHeight)
    }

    @Test("appending pages gives the frames of laying out everything at once")
    func appendEqualsWhole() async throws {
        let store = try TextMeasurerStore()
        let layout = try MasonryLayout(columns: 2, spacing: 10)
        let paged = try FeedLayout(store: store, layout: layout, containerWidth: 500)
        for page in stride(from: 0, to: 300, by: 50) { try await paged.append(cards(page..<page + 50)) }
        let whole = try FeedLayout(store: store, layout: layout, containerWidth: 500)
        try await whole.append(cards(0..<300))
        #expect(paged.snapshot.frames == whole.snapshot.frames)
    }

    @Test("a width change re-solves from prepared text without shaping a word")
    func resizeWithoutShaping() async throws {
        let store = try TextMeasurerStore()
        let feed = try FeedLayout(store: store, layout: try MasonryLayout(columns: 3, spacing: 8), containerWidth: 600)
        try await feed.append(cards(0..<300))
        let measurer = try store.measurer(for: TextStyle(font: .family("Noto Sans"), size: 15))
        let missesBefore = measurer.wordCacheStatistics.misses
        try await feed.resize(containerWidth: 420, layout: try MasonryLayout(columns: 2, spacing: 8))
        #expect(measurer.wordCacheStatistics.misses == missesBefore)
        let fresh = try FeedLayout(store: try TextMeasurerStore(), layout: try MasonryLayout(columns: 2, spacing: 8),
                                   containerWidth: 420)
        try await fresh.append(cards(0..<300))
        #expect(feed.snapshot.frames == fresh.snapshot.frames)
    }
}
