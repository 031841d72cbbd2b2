import Testing
import Typometer
import TypometerFeed
import TypometerLayout

@Suite struct ChipFeedTests {
    static let tags = (0..<120).map { index in
        ["swift", "typography", "日本語", "العربية", "a long tag that is wider than a narrow container on its own line",
         "emoji 🎉"][index % 6] + " \(index)"
    }

    func chips() -> [FeedChip] {
        Self.tags.map { FeedChip(text: $0, style: TextStyle(font: .family("Noto Sans"), size: 15),
                                 horizontalPadding: 10, verticalPadding: 4) }
    }

    @Test("chips become the frames of measuring each text and solving the flow by hand")
    func matchesManualSolve() throws {
        let store = try TextMeasurerStore()
        let layout = try FlowLayout(spacing: 6, rowSpacing: 6)
        let feed = try ChipFeed(store: store, layout: layout, containerWidth: 300)
        try feed.append(Array(chips()[..<50]))
        try feed.append(Array(chips()[50...]))
        let measurer = try store.measurer(for: TextStyle(font: .family("Noto Sans"), size: 15))
        let items = Self.tags.map { tag in
            var item = FlowItem(textWidth: measurer.maxContentWidth(of: tag), textHeight: 0,
                                horizontalPadding: 10, verticalPadding: 4)
            item.textHeight = measurer.height(of: tag, width: item.textWrapWidth(containerWidth: 300))
            return item
        }
        #expect(items.contains { $0.textHeight > 20 }, "some chip wraps")
        let expected = try layout.snapshot(of: items, containerWidth: 300)
        #expect(feed.snapshot.frames == expected.frames)
        #expect(feed.snapshot.contentHeight == expected.contentHeight)
    }

    @Test("a width change re-solves chips from prepared text without shaping a word")
    func resizeWithoutShaping() throws {
        let store = try TextMeasurerStore()
        let feed = try ChipFeed(store: store, layout: try FlowLayout(spacing: 6), containerWidth: 800)
        try feed.append(chips())
        let measurer = try store.measurer(for: TextStyle(font: .family("Noto Sans"), size: 15))
        let missesBefore = measurer.wordCacheStatistics.misses
        try feed.resize(containerWidth: 240)
        #expect(measurer.wordCacheStatistics.misses == missesBefore)
        let fresh = try ChipFeed(store: try TextMeasurerStore(), layout: try FlowLayout(spacing: 6), containerWidth: 240)
        try fresh.append(chips())
        #expect(feed.snapshot.frames == fresh.snapshot.frames)
        #expect(feed.snapshot.containerWidth == 240)
    }
}
