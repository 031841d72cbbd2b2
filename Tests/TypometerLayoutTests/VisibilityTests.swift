import Testing
@testable import TypometerLayout
import TypometerTestSupport

@Suite("Visibility queries")
struct VisibilityTests {
    /// Runs `queries` random viewports (with and without a horizontal range and overscan)
    /// against both the index and the brute-force scan.
    static func expectAgreement(frames: [LayoutFrame], queries: Int, seed: UInt64,
                                yRange: ClosedRange<Double>, maxHeight: Double,
                                sourceLocation: SourceLocation = #_sourceLocation) {
        let index = VisibilityIndex(frames: frames)
        var generator = SplitMix64(seed: seed)
        var buffer: [Int] = []
        for query in 0..<queries {
            let top = Double.random(in: yRange, using: &generator)
            let bottom = top + Double.random(in: 0...maxHeight, using: &generator)
            let overscan = query % 3 == 0 ? Double.random(in: 0...200, using: &generator) : 0
            let expected = BruteForceVisibility.visibleItems(in: frames, minY: top, maxY: bottom, overscan: overscan)
            #expect(index.visibleItems(minY: top, maxY: bottom, overscan: overscan) == expected,
                    "y \(top)..<\(bottom) overscan \(overscan)", sourceLocation: sourceLocation)

            let left = Double.random(in: -300...600, using: &generator)
            let right = left + Double.random(in: 0...400, using: &generator)
            let expectedInRect = BruteForceVisibility.visibleItems(
                in: frames, minY: top, maxY: bottom, minX: left, maxX: right, overscan: overscan)
            #expect(index.visibleItems(minY: top, maxY: bottom, minX: left, maxX: right, overscan: overscan)
                    == expectedInRect, sourceLocation: sourceLocation)
            index.visibleItems(minY: top, maxY: bottom, minX: left, maxX: right, overscan: overscan, into: &buffer)
            #expect(buffer == expectedInRect, sourceLocation: sourceLocation)
        }
    }

    @Test("agrees with a brute-force scan over masonry output")
    func agreesOnMasonryOutput() throws {
        let heights = AppendTests.randomHeights(count: 5000, seed: 5)
        let snapshot = try MasonryLayout(columns: 4, spacing: 12).snapshot(heights: heights, containerWidth: 800)
        Self.expectAgreement(frames: snapshot.frames, queries: 500, seed: 6,
                             yRange: -500...(snapshot.contentHeight + 500), maxHeight: 2000)
    }

    @Test("agrees with a brute-force scan over random unordered, overlapping frames")
    func agreesOnRandomFrames() {
        var generator = SplitMix64(seed: 2024)
        let frames = (0..<3000).map { _ in
            LayoutFrame(x: Double.random(in: -200...500, using: &generator),
                         y: Double.random(in: -5000...20_000, using: &generator),
                         width: Double.random(in: 0...300, using: &generator),
                         height: Double.random(in: 0...600, using: &generator).rounded(.down))
        }
        Self.expectAgreement(frames: frames, queries: 600, seed: 2025, yRange: -6000...21_000, maxHeight: 3000)
    }

    @Test("agrees with a brute-force scan over adversarial frames")
    func agreesOnAdversarialFrames() {
        var frames: [LayoutFrame] = []
        // Many identical, overlapping frames.
        frames += Array(repeating: LayoutFrame(x: 0, y: 100, width: 50, height: 50), count: 40)
        // Negative coordinates and negative sizes.
        frames += (0..<40).map { LayoutFrame(x: -Double($0) * 10, y: -Double($0) * 37, width: -20, height: -25) }
        // Zero-height and zero-width frames, some on bucket edges.
        frames += (0..<40).map { LayoutFrame(x: Double($0 % 7) * 10, y: Double($0) * 25, width: 0, height: 0) }
        // One frame spanning everything, one infinite, huge coordinates.
        frames.append(LayoutFrame(x: -1e6, y: -1e6, width: 2e6, height: 2e6))
        frames.append(LayoutFrame(x: 0, y: -.infinity, width: 10, height: .infinity))  // NaN bottom: never shown
        frames.append(LayoutFrame(x: 0, y: 0, width: 10, height: .infinity))
        frames.append(LayoutFrame(x: 0, y: 1e300, width: 10, height: 10))
        frames.append(LayoutFrame(x: 0, y: -1e300, width: 10, height: 1e300))
        frames.append(LayoutFrame(x: .nan, y: 10, width: 10, height: 10))
        frames.append(LayoutFrame(x: 0, y: 10, width: 10, height: .nan))
        // Tall frames that cross many buckets but not everything.
        frames += (0..<20).map { LayoutFrame(x: 5, y: Double($0) * 50, width: 5, height: 900) }
        // Shuffle so nothing arrives in order.
        var generator = SplitMix64(seed: 3)
        frames.shuffle(using: &generator)
        Self.expectAgreement(frames: frames, queries: 800, seed: 4, yRange: -2000...2000, maxHeight: 1500)

        // The huge span collapses the grid to very few points per bucket; the query result is
        // still exact, only slower.
        let far = VisibilityIndex(frames: frames)
        #expect(far.visibleItems(minY: 1e300, maxY: 2e300) == BruteForceVisibility.visibleItems(
            in: frames, minY: 1e300, maxY: 2e300))
        #expect(far.visibleItems(minY: -.infinity, maxY: .infinity).count == frames.count - 3)
    }

    @Test("keeps a frame that spans everything on the oversized list")
    func spanningFrameIsOversized() throws {
        let heights = Array(repeating: 100.0, count: 1000)
        let snapshot = try MasonryLayout(columns: 2).snapshot(heights: heights, containerWidth: 200)
        var frames = snapshot.frames
        frames.append(LayoutFrame(x: 0, y: 0, width: 200, height: snapshot.contentHeight))
        let index = VisibilityIndex(frames: frames)
        #expect(index.oversizedCount == 1)
        #expect(index.visibleItems(minY: 250, maxY: 350) == [4, 5, 6, 7, 1000])
        // Memory stays linear: at most the threshold's worth of entries per item.
        #expect(index.bucketItems.count <= VisibilityIndex.oversizeThreshold * frames.count)
    }

    @Test("includes a zero-height frame on the top edge and excludes one on the bottom edge")
    func zeroHeightFramesOnViewportEdges() {
        let frames = [
            LayoutFrame(x: 0, y: 100, width: 10, height: 0),  // on the top edge
            LayoutFrame(x: 0, y: 200, width: 10, height: 0),  // on the bottom edge
            LayoutFrame(x: 0, y: 150, width: 10, height: 0),  // inside
            LayoutFrame(x: 0, y: 50, width: 10, height: 50),  // ends on the top edge
            LayoutFrame(x: 0, y: 200, width: 10, height: 50), // starts on the bottom edge
            LayoutFrame(x: 0, y: 99, width: 10, height: 2),   // crosses the top edge
        ]
        let index = VisibilityIndex(frames: frames)
        #expect(index.visibleItems(minY: 100, maxY: 200) == [0, 2, 5])
        #expect(index.visibleItems(minY: 100, maxY: 200, overscan: 1) == [0, 1, 2, 3, 4, 5])
        // The same rule horizontally: zero-width at the left edge in, at the right edge out.
        let columns = VisibilityIndex(frames: [
            LayoutFrame(x: 10, y: 0, width: 0, height: 10),
            LayoutFrame(x: 20, y: 0, width: 0, height: 10),
        ])
        #expect(columns.visibleItems(minY: 0, maxY: 10, minX: 10, maxX: 20) == [0])
    }

    @Test("reports nothing for an empty, inverted or NaN viewport")
    func degenerateViewportsReportNothing() {
        let index = VisibilityIndex(frames: [LayoutFrame(x: 0, y: 0, width: 10, height: 100)])
        #expect(index.visibleItems(minY: 50, maxY: 50).isEmpty)
        #expect(index.visibleItems(minY: 60, maxY: 50).isEmpty)
        #expect(index.visibleItems(minY: .nan, maxY: 50).isEmpty)
        #expect(index.visibleItems(minY: 0, maxY: 50, minX: 5, maxX: 5).isEmpty)
        #expect(index.visibleItems(minY: 50, maxY: 50, overscan: 1) == [0])
        #expect(index.visibleItems(minY: 10, maxY: 20, overscan: -5) == [0])
    }

    @Test("answers for an index with no frames or only unusable frames")
    func emptyIndexes() {
        #expect(VisibilityIndex(frames: []).visibleItems(minY: 0, maxY: 100).isEmpty)
        let unusable = VisibilityIndex(frames: [LayoutFrame(x: 0, y: .nan, width: 1, height: 1)])
        #expect(unusable.bucketCount == 0)
        #expect(unusable.visibleItems(minY: -.infinity, maxY: .infinity).isEmpty)
    }

    @Test("scans only the buckets near the viewport in a large collection")
    func queryTouchesFewEntries() throws {
        let heights = AppendTests.randomHeights(count: 100_000, seed: 8)
        let snapshot = try MasonryLayout(columns: 3, spacing: 8).snapshot(heights: heights, containerWidth: 390)
        let index = snapshot.visibilityIndex
        let grid = try #require(index.grid)
        let first = grid.bucket(500_000)
        let last = grid.bucket(500_844)
        let scanned = index.bucketStarts[last + 1] - index.bucketStarts[first]
        #expect(scanned < 60)
        #expect(index.oversizedCount == 0)
    }
}
