import Testing
@testable import TypometerLayout
import TypometerTestSupport

@Suite("Appending pages")
struct AppendTests {
    static func randomHeights(count: Int, seed: UInt64, range: ClosedRange<Double> = 20...400) -> [Double] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in Double.random(in: range, using: &generator).rounded() }
    }

    @Test("gives exactly the frames of a full solve when items arrive in pages",
          arguments: [1, 7, 100, 1000])
    func appendEqualsFullSolve(pageSize: Int) throws {
        let heights = Self.randomHeights(count: 2500, seed: 42)
        let layout = try MasonryLayout(columns: 3, spacing: 7.5)
        let full = try layout.snapshot(heights: heights, containerWidth: 375)

        var paged = try MasonrySnapshot(layout: layout, containerWidth: 375)
        for start in stride(from: 0, to: heights.count, by: pageSize) {
            try paged.append(heights: Array(heights[start..<min(start + pageSize, heights.count)]))
        }
        #expect(paged.frames == full.frames)
        #expect(paged.contentHeight == full.contentHeight)
        #expect(paged.nextItemY == full.nextItemY)

        var generator = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let top = Double.random(in: -100...full.contentHeight, using: &generator)
            let height = Double.random(in: 1...1200, using: &generator)
            let expected = BruteForceVisibility.visibleItems(in: full.frames, minY: top, maxY: top + height)
            #expect(paged.visibleItems(minY: top, maxY: top + height) == expected)
            #expect(full.visibleItems(minY: top, maxY: top + height) == expected)
        }
    }

    @Test("returns a new snapshot from appending and leaves the original untouched")
    func appendingLeavesOriginalUntouched() throws {
        let layout = try MasonryLayout(columns: 2, spacing: 4)
        let original = try layout.snapshot(heights: [10, 20, 30], containerWidth: 204)
        let longer = try original.appending(heights: [40, 50])
        #expect(original.count == 3)
        #expect(longer.count == 5)
        #expect(longer.frames == (try layout.snapshot(heights: [10, 20, 30, 40, 50], containerWidth: 204)).frames)
        #expect(original.visibleItems(minY: 0, maxY: 1000) == [0, 1, 2])
    }

    @Test("keeps queries exact when appended items are far taller than the first page")
    func appendWithChangingItemSizesStaysExact() throws {
        let layout = try MasonryLayout(columns: 4, spacing: 2)
        var snapshot = try layout.snapshot(heights: Self.randomHeights(count: 300, seed: 1, range: 1...5),
                                           containerWidth: 400)
        try snapshot.append(heights: Self.randomHeights(count: 300, seed: 2, range: 500...2000))
        try snapshot.append(heights: Self.randomHeights(count: 300, seed: 3, range: 0...3))
        var generator = SplitMix64(seed: 11)
        for _ in 0..<300 {
            let top = Double.random(in: -10...snapshot.contentHeight, using: &generator)
            let height = Double.random(in: 0.5...3000, using: &generator)
            #expect(snapshot.visibleItems(minY: top, maxY: top + height)
                    == BruteForceVisibility.visibleItems(in: snapshot.frames, minY: top, maxY: top + height))
        }
    }

    @Test("extends an index over arbitrary frames to answer like a freshly built one")
    func indexAppendMatchesFreshIndex() {
        var generator = SplitMix64(seed: 99)
        func randomFrame() -> LayoutFrame {
            LayoutFrame(x: Double.random(in: -50...500, using: &generator),
                         y: Double.random(in: -200...5000, using: &generator),
                         width: Double.random(in: -20...120, using: &generator),
                         height: Double.random(in: -30...300, using: &generator))
        }
        var all = (0..<400).map { _ in randomFrame() }
        var index = VisibilityIndex(frames: all)
        for round in 0..<6 {
            var page = (0..<150).map { _ in randomFrame() }
            if round == 2 { page.append(LayoutFrame(x: 0, y: -10_000, width: 10, height: 10)) }  // above the grid
            if round == 3 { page.append(LayoutFrame(x: 0, y: 0, width: 10, height: .infinity)) }
            if round == 4 { page.append(LayoutFrame(x: .nan, y: 0, width: 10, height: 10)) }
            all += page
            index.append(contentsOf: page)
            let fresh = VisibilityIndex(frames: all)
            for _ in 0..<100 {
                let top = Double.random(in: -12_000...6000, using: &generator)
                let bottom = top + Double.random(in: 0...2000, using: &generator)
                let expected = BruteForceVisibility.visibleItems(in: all, minY: top, maxY: bottom)
                #expect(index.visibleItems(minY: top, maxY: bottom) == expected)
                #expect(fresh.visibleItems(minY: top, maxY: bottom) == expected)
            }
        }
    }
}
