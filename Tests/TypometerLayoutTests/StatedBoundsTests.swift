import Testing
import TypometerLayout
import TypometerTestSupport

@Suite("Bounds a layout states")
struct StatedBoundsTests {
    /// Places each height below the last, stating bounds that are `error` points too
    /// narrow at both ends (a buggy layout): the index must notice and measure instead.
    struct StackLayout: Layout {
        var error: Double

        func placement(containerWidth: Double) throws(LayoutError) -> Double { 0 }

        func place(_ heights: [Double], firstIndex: Int, in nextY: inout Double,
                   into frames: inout [LayoutFrame]) throws(LayoutError) -> LayoutChange {
            let top = nextY
            for height in heights {
                frames.append(LayoutFrame(x: 0, y: nextY, width: 10, height: height))
                nextY += height
            }
            return LayoutChange(contentHeight: nextY, bounds: LayoutChange.Bounds(
                lowest: top + error, highest: nextY - error, heightSum: nextY - top))
        }
    }

    @Test("answer like a brute-force scan and anchor at the content's top even when the statement is wrong",
          arguments: [0.0, 50, -50])
    func wrongBoundsCostAPassNotAnAnswer(error: Double) throws {
        var generator = SplitMix64(seed: 5)
        let heights = (0..<3000).map { _ in Double.random(in: 1...200, using: &generator).rounded() }
        let snapshot = try StackLayout(error: error).snapshot(of: heights, containerWidth: 10)
        for _ in 0..<200 {
            let top = Double.random(in: -100...(snapshot.contentHeight + 100), using: &generator)
            let bottom = top + Double.random(in: 0...900, using: &generator)
            #expect(snapshot.visibleItems(minY: top, maxY: bottom)
                    == BruteForceVisibility.visibleItems(in: snapshot.frames, minY: top, maxY: bottom))
        }
        #expect(snapshot.anchor(atScrollOffset: -10) == LayoutAnchor(id: 0, offset: -10))
    }
}
