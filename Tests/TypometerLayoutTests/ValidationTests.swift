import Testing
@testable import TypometerLayout

@Suite("Rejecting invalid input")
struct ValidationTests {
    @Test("rejects zero or negative column counts", arguments: [0, -1, Int.min])
    func rejectsNonPositiveColumns(columns: Int) {
        #expect(throws: LayoutError.invalidColumnCount(columns)) {
            try MasonryLayout(columns: columns, spacing: 8)
        }
    }

    /// Regression (issue 39, found by TypometerFuzzLayouts): `columns: Int.max` was accepted
    /// and the first solve crashed allocating Int.max column bottoms.
    @Test("rejects more columns than the most a layout may have, before allocating them",
          arguments: [10_001, 1 << 40, Int.max])
    func rejectsTooManyColumns(columns: Int) throws {
        #expect(throws: LayoutError.invalidColumnCount(columns)) {
            try MasonryLayout(columns: columns, spacing: 8)
        }
        // 10,000 columns of 0.5 pt, no spacing, in 5,000 pt: the second item goes in column 1.
        let most = try MasonryLayout(columns: 10_000)
        #expect(try most.snapshot(heights: [1, 2], containerWidth: 5_000).frames
                == [LayoutFrame(x: 0, y: 0, width: 0.5, height: 1), LayoutFrame(x: 0.5, y: 0, width: 0.5, height: 2)])
    }

    @Test("rejects negative, NaN and infinite spacing", arguments: [-1, Double.nan, .infinity, -.infinity])
    func rejectsBadSpacing(spacing: Double) {
        let error = #expect(throws: LayoutError.self) { try MasonryLayout(columns: 2, spacing: spacing) }
        guard case .invalidSpacing(let reported)? = error else {
            Issue.record("expected invalidSpacing, got \(String(describing: error))")
            return
        }
        #expect(reported.bitPattern == spacing.bitPattern)
    }

    /// Regression (issue 39, found by TypometerFuzzLayouts): columns whose edges pass the
    /// largest Double (about 1.8e308) were placed at x = infinity.
    @Test("rejects spacing or a container width that carries a column's right edge past the largest Double")
    func rejectsColumnsPastTheLargestDouble() throws {
        // Two gaps of 1e308 come to 2e308; one gap of 1e308 fits.
        #expect(throws: LayoutError.invalidSpacing(1e308)) { try MasonryLayout(columns: 3, spacing: 1e308) }
        let two = try MasonryLayout(columns: 2, spacing: 1e308)
        // The gap alone is wider than the container: columns of no width, the second at x = 1e308.
        #expect(try two.snapshot(heights: [1, 2], containerWidth: 100).frames
                == [LayoutFrame(x: 0, y: 0, width: 0, height: 1), LayoutFrame(x: 1e308, y: 0, width: 0, height: 2)])
        // The largest Double split into 3 columns: each is its third rounded up
        // (0x1.5555555555555p+1022), and the three together round past it.
        let widest = Double.greatestFiniteMagnitude
        #expect(throws: LayoutError.invalidContainerWidth(widest)) {
            try MasonryLayout(columns: 3).snapshot(heights: [1], containerWidth: widest)
        }
        #expect(throws: LayoutError.invalidContainerWidth(widest)) {
            try MasonryLayout(columns: 3).columnWidth(forContainerWidth: widest)
        }
        // In 2 columns each is exactly half (0x1.fffffffffffffp+1022), and the two make it again.
        #expect(try MasonryLayout(columns: 2).columnWidth(forContainerWidth: widest) == widest / 2)
    }

    /// Regression (issue 39, found by TypometerFuzzLayouts): an item starting below another
    /// 1e308 tall ended at infinity, and the content height with it.
    @Test("rejects the first item whose bottom edge would pass the largest Double, changing nothing")
    func rejectsItemsEndingPastTheLargestDouble() throws {
        let layout = try MasonryLayout(columns: 2, spacing: 8)
        // Columns 46 wide ((100 - 8) / 2). Each column holds an item 1e308 tall; the third
        // item starts in column 0 at 1e308 + 8, which rounds to 1e308, and would end at
        // 2e308, past the largest Double.
        var snapshot = try layout.snapshot(heights: [1e308, 1e308], containerWidth: 100)
        #expect(throws: LayoutError.invalidItemHeight(index: 2, height: 1e308)) {
            try snapshot.append(heights: [1e308])
        }
        #expect(throws: LayoutError.invalidItemHeight(index: 2, height: 1e308)) {
            try layout.snapshot(heights: [1e308, 1e308, 1e308, 1], containerWidth: 100)
        }
        // Before a NaN height, the item that overflows is still the first bad one.
        #expect(throws: LayoutError.invalidItemHeight(index: 2, height: 1e308)) {
            try layout.snapshot(heights: [1e308, 1e308, 1e308, .nan], containerWidth: 100)
        }
        #expect(snapshot.count == 2 && snapshot.contentHeight == 1e308)
        try snapshot.append(heights: [5e307])  // ends at 1.5e308
        #expect(snapshot.frames.last == LayoutFrame(x: 0, y: 1e308, width: 46, height: 5e307))
        #expect(snapshot.contentHeight == 1.5e308)

        // Placing directly, a refused item leaves the placement as it was.
        var placement = try layout.placement(containerWidth: 100)
        var frames: [LayoutFrame] = []
        _ = try layout.place([1e308, 1e308], firstIndex: 0, in: &placement, into: &frames)
        let before = placement
        frames = []
        #expect(throws: LayoutError.invalidItemHeight(index: 3, height: 1e308)) {
            _ = try layout.place([1, 1e308], firstIndex: 2, in: &placement, into: &frames)
        }
        #expect(placement == before)
    }

    @Test("rejects negative, NaN and infinite container widths", arguments: [-0.5, Double.nan, .infinity])
    func rejectsBadContainerWidth(width: Double) throws {
        let layout = try MasonryLayout(columns: 2, spacing: 8)
        let error = #expect(throws: LayoutError.self) { try layout.snapshot(heights: [1], containerWidth: width) }
        guard case .invalidContainerWidth? = error else {
            Issue.record("expected invalidContainerWidth, got \(String(describing: error))")
            return
        }
    }

    @Test("rejects negative, NaN and infinite item heights, naming the first bad item",
          arguments: [-1, Double.nan, .infinity, -.infinity])
    func rejectsBadItemHeights(height: Double) throws {
        let layout = try MasonryLayout(columns: 2, spacing: 8)
        let error = #expect(throws: LayoutError.self) {
            try layout.snapshot(heights: [10, 20, height, -5], containerWidth: 100)
        }
        guard case .invalidItemHeight(let index, _)? = error else {
            Issue.record("expected invalidItemHeight, got \(String(describing: error))")
            return
        }
        #expect(index == 2)
    }

    @Test("rejects an image with a zero aspect ratio through the item height")
    func rejectsZeroAspectRatio() throws {
        let layout = try MasonryLayout(columns: 2, spacing: 8)
        #expect(throws: LayoutError.self) {
            try layout.snapshot(items: [MasonryItem(textHeight: 10, imageAspectRatio: 0)], containerWidth: 100)
        }
    }

    @Test("leaves the snapshot unchanged when an append is rejected")
    func failedAppendChangesNothing() throws {
        var snapshot = try MasonryLayout(columns: 2, spacing: 8).snapshot(heights: [10, 20, 30], containerWidth: 100)
        let before = snapshot.frames
        let error = #expect(throws: LayoutError.self) { try snapshot.append(heights: [5, .nan]) }
        guard case .invalidItemHeight(let index, _)? = error else {
            Issue.record("expected invalidItemHeight, got \(String(describing: error))")
            return
        }
        #expect(index == 4)  // counted from the start of the snapshot
        #expect(snapshot.frames == before)
        #expect(snapshot.contentHeight == 48)  // 18 + 30 in column 0
        try snapshot.append(heights: [5])
        #expect(snapshot.frames.last == LayoutFrame(x: 54, y: 28, width: 46, height: 5))
    }
}
