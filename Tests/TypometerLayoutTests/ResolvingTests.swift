import Testing
import TypometerLayout

@Suite("Re-solving in place")
struct ResolvingTests {
    @Test("changes nothing for a bad width, and leaves an empty snapshot that appends correctly after a bad item")
    func failedSolvesLeaveAConsistentSnapshot() throws {
        let layout = try MasonryLayout(columns: 2, spacing: 10)
        var snapshot = try layout.snapshot(heights: [40, 20, 30], containerWidth: 210)
        let before = snapshot.frames
        #expect(throws: LayoutError.invalidContainerWidth(-1)) { try snapshot.solve([10, 10], containerWidth: -1) }
        #expect(snapshot.frames == before)
        #expect(snapshot.containerWidth == 210)

        #expect(throws: LayoutError.invalidItemHeight(index: 1, height: -5)) {
            try snapshot.solve([10, -5], containerWidth: 410)
        }
        #expect(snapshot.isEmpty)
        #expect(snapshot.containerWidth == 410)
        #expect(snapshot.visibleItems(minY: -1000, maxY: 1000).isEmpty)
        try snapshot.append([50, 60, 70])
        let fresh = try layout.snapshot(heights: [50, 60, 70], containerWidth: 410)
        #expect(snapshot.frames == fresh.frames)
        #expect(snapshot.contentHeight == fresh.contentHeight)
    }
}
