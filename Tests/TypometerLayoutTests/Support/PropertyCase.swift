import Testing
import TypometerLayout
import TypometerTestSupport

/// One layout and a reproducible stream of items for it, as an app would measure them at a
/// container width, for the properties every layout must have.
struct PropertyCase<Kind: Layout>: Sendable {
    var layout: Kind
    /// Item `index` as measured for a container this wide (the same item at every width).
    var item: @Sendable (_ index: Int, _ containerWidth: Double) -> Kind.Item

    func items(_ range: Range<Int>, containerWidth: Double) -> [Kind.Item] {
        range.map { item($0, containerWidth) }
    }

    /// A generator for item `index`, the same on every call.
    static func generator(for index: Int, seed: UInt64) -> SplitMix64 {
        SplitMix64(seed: seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
    }

    /// Solved whole and appended in pages of varied sizes, both snapshots give the same
    /// frames and content height, and both answer random viewports (with and without a
    /// horizontal range and overscan) exactly as a brute-force scan over their frames.
    func expectVisibilityMatchesBruteForce(count: Int, containerWidth: Double, seed: UInt64,
                                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let whole = try layout.snapshot(of: items(0..<count, containerWidth: containerWidth),
                                        containerWidth: containerWidth)
        var paged = try LayoutSnapshot(layout: layout, containerWidth: containerWidth)
        var generator = SplitMix64(seed: seed)
        var start = 0
        while start < count {
            let end = min(count, start + Int.random(in: 1...300, using: &generator))
            try paged.append(items(start..<end, containerWidth: containerWidth))
            start = end
        }
        #expect(paged.frames == whole.frames, sourceLocation: sourceLocation)
        #expect(paged.contentHeight == whole.contentHeight, sourceLocation: sourceLocation)

        let lowest = whole.frames.map { min($0.y, $0.maxY) }.min() ?? 0
        let highest = whole.frames.map { max($0.y, $0.maxY) }.max() ?? 0
        var buffer: [Int] = []
        for query in 0..<300 {
            let top = Double.random(in: (lowest - 500)...(highest + 500), using: &generator)
            let bottom = top + Double.random(in: 0...1500, using: &generator)
            let overscan = query % 3 == 0 ? Double.random(in: 0...300, using: &generator) : 0
            let expected = BruteForceVisibility.visibleItems(in: whole.frames, minY: top, maxY: bottom,
                                                             overscan: overscan)
            #expect(whole.visibleItems(minY: top, maxY: bottom, overscan: overscan) == expected,
                    "y \(top)..<\(bottom) overscan \(overscan)", sourceLocation: sourceLocation)
            #expect(paged.visibleItems(minY: top, maxY: bottom, overscan: overscan) == expected,
                    sourceLocation: sourceLocation)
            let left = Double.random(in: -200...containerWidth, using: &generator)
            let right = left + Double.random(in: 0...400, using: &generator)
            paged.visibilityIndex.visibleItems(minY: top, maxY: bottom, minX: left, maxX: right,
                                               overscan: overscan, into: &buffer)
            #expect(buffer == BruteForceVisibility.visibleItems(in: whole.frames, minY: top, maxY: bottom,
                                                                minX: left, maxX: right, overscan: overscan),
                    sourceLocation: sourceLocation)
        }
    }

    /// Anchored at random scroll offsets, an item on screen at one width is on screen after
    /// the same items are re-solved at another width and the anchor restored, whether the
    /// new solve is a new snapshot or the old one re-solved in place.
    func expectAnchorsStayOnScreen(count: Int, widths: (Double, Double), viewportHeight: Double, seed: UInt64,
                                   sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try layout.snapshot(of: items(0..<count, containerWidth: widths.0), containerWidth: widths.0)
        let after = try layout.snapshot(of: items(0..<count, containerWidth: widths.1), containerWidth: widths.1)
        var resolved = before
        try resolved.solve(items(0..<count, containerWidth: widths.1), containerWidth: widths.1)
        #expect(resolved.frames == after.frames, sourceLocation: sourceLocation)
        #expect(resolved.contentHeight == after.contentHeight, sourceLocation: sourceLocation)

        let lowest = before.frames.map { min($0.y, $0.maxY) }.min() ?? 0
        var generator = SplitMix64(seed: seed)
        // The re-solved snapshot's index, built in the old one's storage, answers as a scan does.
        for _ in 0..<100 {
            let top = Double.random(in: (lowest - 100)...(after.contentHeight + 100), using: &generator)
            #expect(resolved.visibleItems(minY: top, maxY: top + viewportHeight)
                    == BruteForceVisibility.visibleItems(in: after.frames, minY: top, maxY: top + viewportHeight),
                    sourceLocation: sourceLocation)
        }
        var checked = 0
        for _ in 0..<200 {
            let scrollOffset = Double.random(in: lowest...max(lowest, before.contentHeight), using: &generator)
            guard let anchor = before.anchor(atScrollOffset: scrollOffset),
                  before.visibleItems(minY: scrollOffset, maxY: scrollOffset + viewportHeight).contains(anchor.id)
            else { continue }
            let restored = try #require(after.scrollOffset(restoring: anchor), sourceLocation: sourceLocation)
            #expect(after.visibleItems(minY: restored, maxY: restored + viewportHeight).contains(anchor.id),
                    "item \(anchor.id) at \(scrollOffset)", sourceLocation: sourceLocation)
            #expect(resolved.scrollOffset(restoring: anchor) == restored, sourceLocation: sourceLocation)
            checked += 1
        }
        #expect(checked > 100, "too few anchors landed on screen to check", sourceLocation: sourceLocation)
    }
}
