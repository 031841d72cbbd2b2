import Testing
import TypometerLayout
import TypometerTestSupport

/// `column(ofItemAt:)` answers from the solve, whatever the column stride: at zero spacing
/// in a zero-wide container every column sits at x = 0. Regression (issue 39, item 19):
/// the column was read back from the frame's x, and with a stride of 0 it answered 0 for
/// 812 of 1,000 items.
@Suite("Masonry columns")
struct MasonryColumnTests {
    /// The shortest-column rule replayed: each height's column, the leftmost of the shortest.
    static func columns(of heights: [Double], columns count: Int, spacing: Double) -> [Int] {
        var bottoms = [Double](repeating: 0, count: count)
        return heights.map { height in
            let column = bottoms.indices.min { bottoms[$0] < bottoms[$1] || (bottoms[$0] == bottoms[$1] && $0 < $1) }!
            bottoms[column] += height + spacing
            return column
        }
    }

    @Test("every item's column is the one the solve put it in, at a column stride of 0 and above",
          arguments: [0.0, 300])
    func columnsFromTheSolve(containerWidth: Double) throws {
        var generator = SplitMix64(seed: 19)
        let heights = (0..<1000).map { _ in Double.random(in: 0...300, using: &generator) }
        var snapshot = try MasonryLayout(columns: 3, spacing: 0).snapshot(heights: Array(heights[..<600]),
                                                                         containerWidth: containerWidth)
        try snapshot.append(heights: Array(heights[600...]))
        let expected = Self.columns(of: heights, columns: 3, spacing: 0)
        #expect(heights.indices.map { snapshot.column(ofItemAt: $0) } == expected)
        #expect(snapshot.column(ofItemAt: 1000) == nil)
        // Re-solved into the same snapshot, at the other width.
        try snapshot.solve(heights, containerWidth: 300 - containerWidth)
        #expect(heights.indices.map { snapshot.column(ofItemAt: $0) } == expected)
    }
}
