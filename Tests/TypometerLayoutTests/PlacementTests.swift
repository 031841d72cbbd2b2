import Testing
@testable import TypometerLayout

@Suite("Shortest-column placement")
struct PlacementTests {
    @Test("places each item at the top of the shortest column")
    func placesEachItemInTheShortestColumn() throws {
        // Columns are (320 - 2 * 10) / 3 = 100 points wide, at x = 0, 110 and 220.
        let layout = try MasonryLayout(columns: 3, spacing: 10)
        let snapshot = try layout.snapshot(heights: [100, 50, 80, 30, 40, 60], containerWidth: 320)
        #expect(snapshot.columnWidth == 100)
        #expect(snapshot.frames == [
            LayoutFrame(x: 0, y: 0, width: 100, height: 100),
            LayoutFrame(x: 110, y: 0, width: 100, height: 50),
            LayoutFrame(x: 220, y: 0, width: 100, height: 80),
            LayoutFrame(x: 110, y: 60, width: 100, height: 30),   // column 1 ends at 50
            LayoutFrame(x: 220, y: 90, width: 100, height: 40),   // 110, 100, 90: column 2
            LayoutFrame(x: 110, y: 100, width: 100, height: 60),  // 110, 100, 140: column 1
        ])
        #expect(snapshot.contentHeight == 160)
        #expect(snapshot.column(ofItemAt: 5) == 1)
    }

    @Test("breaks a tie between columns in favour of the leftmost")
    func breaksTiesToTheLeft() throws {
        let layout = try MasonryLayout(columns: 2, spacing: 10)
        let snapshot = try layout.snapshot(heights: [50, 50, 20, 5], containerWidth: 210)
        #expect(snapshot.frames == [
            LayoutFrame(x: 0, y: 0, width: 100, height: 50),
            LayoutFrame(x: 110, y: 0, width: 100, height: 50),
            LayoutFrame(x: 0, y: 60, width: 100, height: 20),   // both columns at 60
            LayoutFrame(x: 110, y: 60, width: 100, height: 5),
        ])
        #expect(snapshot.contentHeight == 80)
    }

    @Test("gives an empty snapshot with zero content height for no items")
    func emptyInputGivesAnEmptySnapshot() throws {
        let snapshot = try MasonryLayout(columns: 4, spacing: 8).snapshot(heights: [], containerWidth: 400)
        #expect(snapshot.isEmpty)
        #expect(snapshot.frames.isEmpty)
        #expect(snapshot.contentHeight == 0)
        #expect(snapshot.visibleItems(minY: -1000, maxY: 1000).isEmpty)
        #expect(snapshot.anchor(atScrollOffset: 0) == nil)
        #expect(snapshot.frame(at: 0) == nil)
    }

    @Test("stacks zero-height items in the leftmost column when there is no spacing")
    func zeroHeightItemsStackLeft() throws {
        let snapshot = try MasonryLayout(columns: 2).snapshot(heights: [0, 0, 0], containerWidth: 100)
        #expect(snapshot.frames.map(\.x) == [0, 0, 0])
        #expect(snapshot.frames.map(\.y) == [0, 0, 0])
        #expect(snapshot.contentHeight == 0)
    }

    @Test("clamps the column width to zero when the gaps are wider than the container")
    func clampsColumnWidthToZero() throws {
        let layout = try MasonryLayout(columns: 3, spacing: 20)
        #expect(try layout.columnWidth(forContainerWidth: 10) == 0)
        let snapshot = try layout.snapshot(heights: [10, 10, 10], containerWidth: 10)
        #expect(snapshot.frames.map(\.x) == [0, 20, 40])
        #expect(snapshot.frames.map(\.width) == [0, 0, 0])
    }

    @Test("adds text, chrome and an image scaled to the column width")
    func itemHeightAddsTextChromeAndImage() throws {
        let card = MasonryItem(textHeight: 40, chromeHeight: 24, imageAspectRatio: 2)
        #expect(card.height(columnWidth: 100) == 114)
        #expect(MasonryItem(textHeight: 40, chromeHeight: 24).height(columnWidth: 100) == 64)

        let layout = try MasonryLayout(columns: 2, spacing: 10)
        let snapshot = try layout.snapshot(items: [card, MasonryItem(textHeight: 18)], containerWidth: 410)
        #expect(snapshot.frames.map(\.height) == [40 + 24 + 100, 18])
    }
}
