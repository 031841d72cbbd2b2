import Testing
@testable import TypometerLayout
import TypometerTestSupport

@Suite("Scroll anchoring")
struct AnchoringTests {
    @Test("keeps the anchored item at the same place on screen after a width change")
    func anchorSurvivesWidthChange() throws {
        let texts = AppendTests.randomHeights(count: 200, seed: 12, range: 20...200)
        let items = texts.map { MasonryItem(textHeight: $0, chromeHeight: 16, imageAspectRatio: 1.5) }
        let layout = try MasonryLayout(columns: 3, spacing: 8)
        let narrow = try layout.snapshot(items: items, containerWidth: 390)
        let wide = try layout.snapshot(items: items, containerWidth: 1024)

        let anchor = narrow.anchor(for: 120, offset: 12.5)
        let restored = try #require(wide.scrollOffset(restoring: anchor))
        #expect(restored == wide.frames[120].y + 12.5)
        #expect(restored != narrow.frames[120].y + 12.5)
        #expect(wide.scrollOffset(restoring: LayoutAnchor(id: 200, offset: 0)) == nil)
    }

    @Test("follows the same item when items are inserted in front of it")
    func anchorSurvivesFrontInsertion() throws {
        let layout = try MasonryLayout(columns: 2, spacing: 10)
        let ids = (0..<100).map { "post-\($0)" }
        let heights = AppendTests.randomHeights(count: 100, seed: 21)
        let before = try layout.snapshot(heights: heights, containerWidth: 500)

        let scrollOffset = before.frames[60].y + 30
        let anchor = before.anchor(for: 60, id: ids[60], offset: 30)

        let newIDs = ["new-0", "new-1", "new-2"] + ids
        let after = try layout.snapshot(heights: [300, 120, 45] + heights, containerWidth: 500)
        let positions = Dictionary(uniqueKeysWithValues: newIDs.enumerated().map { ($1, $0) })
        let restored = try #require(after.scrollOffset(restoring: anchor) { positions[$0] })
        #expect(restored == after.frames[63].y + 30)
        #expect(restored - after.frames[63].y == scrollOffset - before.frames[60].y)
        #expect(after.scrollOffset(restoring: LayoutAnchor(id: "gone", offset: 0)) { positions[$0] } == nil)
    }

    @Test("picks the item at the top of the viewport and restores the same scroll offset")
    func anchorAtScrollOffsetRoundTrips() throws {
        let heights = AppendTests.randomHeights(count: 500, seed: 31)
        let snapshot = try MasonryLayout(columns: 3, spacing: 10).snapshot(heights: heights, containerWidth: 600)
        var generator = SplitMix64(seed: 32)
        for _ in 0..<100 {
            let scrollOffset = Double.random(in: 0..<snapshot.contentHeight, using: &generator)
            let anchor = try #require(snapshot.anchor(atScrollOffset: scrollOffset))
            let frame = snapshot.frames[anchor.id]
            // The item reaches the viewport's top edge, or starts just below it in a gap.
            #expect(frame.maxY > scrollOffset || frame.y >= scrollOffset)
            #expect(frame.y <= scrollOffset + snapshot.layout.spacing || frame.maxY > scrollOffset)
            #expect(snapshot.scrollOffset(restoring: anchor) == scrollOffset)
        }
    }

    @Test("picks the topmost item for an offset above the content and none past its end")
    func anchorAtScrollOffsetEdges() throws {
        let snapshot = try MasonryLayout(columns: 2, spacing: 10).snapshot(heights: [100, 50, 30], containerWidth: 210)
        #expect(snapshot.anchor(atScrollOffset: -40) == LayoutAnchor(id: 0, offset: -40))
        #expect(snapshot.anchor(atScrollOffset: 55) == LayoutAnchor(id: 0, offset: 55))
        #expect(snapshot.anchor(atScrollOffset: 100.5) == nil)
        #expect(snapshot.anchor(atScrollOffset: .nan) == nil)
    }

    /// Regression (issue 39, found by TypometerFuzzLayouts): the search window doubled for
    /// ever when the index's buckets end at infinity.
    @Test("finds no anchor past the content when the frames span more than the largest Double",
          .timeLimit(.minutes(1)))
    func anchorPastContentSpanningEveryDouble() throws {
        // Instants at y = -1e308 and 1e308: their span, 2e308, overflows a Double, so the
        // index is one bucket of infinite height, ending at infinity.
        let snapshot = try TimelineLayout().snapshot(of: [TimelineItem(start: -1e308, duration: 0),
                                                          TimelineItem(start: 1e308, duration: 0)],
                                                     containerWidth: 100)
        #expect(snapshot.anchor(atScrollOffset: 1.5e308) == nil)  // below the last instant, 1e308
        // 0 is in the gap above the second instant: offset 0 - 1e308.
        #expect(snapshot.anchor(atScrollOffset: 0) == LayoutAnchor(id: 1, offset: -1e308))
    }

    /// Regression (issue 39, found by TypometerFuzzLayouts): an offset near the bottom of
    /// the content was taken for past its end, where the index's buckets end (their origin
    /// plus their heights, added up in floating point) rounded short of the lowest bottom.
    @Test("finds the item at an offset near the bottom of content that starts near -1e308")
    func anchorNearTheBottomOfHugeContent() throws {
        // An instant at -1e308 and an interval from 0 to 1,000: the index's 67 buckets are
        // (1e308 + 1,000) / 67 tall, and -1e308 plus 67 of them comes to 0 in floating point.
        let snapshot = try TimelineLayout().snapshot(of: [TimelineItem(start: -1e308, duration: 0),
                                                          TimelineItem(start: 0, duration: 1000)],
                                                     containerWidth: 100)
        // The interval 0 ..< 1,000 reaches 500 and 999; the instant does not.
        #expect(snapshot.anchor(atScrollOffset: 500) == LayoutAnchor(id: 1, offset: 500))
        #expect(snapshot.anchor(atScrollOffset: 999) == LayoutAnchor(id: 1, offset: 999))
        #expect(snapshot.anchor(atScrollOffset: 1000) == nil)
    }
}
