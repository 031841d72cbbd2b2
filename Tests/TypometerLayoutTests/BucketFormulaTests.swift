import Testing
import TypometerLayout
import TypometerTestSupport

/// `VisibilityIndex.Buckets` documents the bucket of a y as the index computes it: times
/// the reciprocal of the bucket height, which rounds otherwise than dividing by it.
/// Regression (issue 39, item 20): the documentation gave `Int((y − origin) / height)`,
/// and a query written from it missed items at bucket edges.
@Suite("Bucket formula")
struct BucketFormulaTests {
    @Test("dividing by the bucket height instead puts some y in another bucket than the index does")
    func divisionDiffers() throws {
        var generator = SplitMix64(seed: 20)
        let heights = (0..<2000).map { _ in Double.random(in: 0...300, using: &generator) }
        let snapshot = try MasonryLayout(columns: 3, spacing: 8).snapshot(heights: heights, containerWidth: 960)
        let buckets = try #require(snapshot.visibilityIndex.buckets)
        let inverse = 1 / buckets.height
        // The tops of the buckets themselves, as a query's edges may fall.
        let differing = (0..<buckets.count).filter { bucket in
            let y = buckets.origin + Double(bucket) * buckets.height
            return Int((y - buckets.origin) / buckets.height) != Int((y - buckets.origin) * inverse)
        }
        #expect(!differing.isEmpty, "bucket height \(buckets.height)")
    }

    @Test("the documentation gives the index's formula")
    func documentationGivesTheFormula() throws {
        let source = try String(contentsOfFile: #filePath.replacingOccurrences(
            of: "Tests/TypometerLayoutTests/BucketFormulaTests.swift",
            with: "Sources/TypometerLayout/Index/VisibilityIndex+Buckets.swift"), encoding: .utf8)
        #expect(source.contains("`Int((y - origin) * (1 / height))`"))
        #expect(!source.contains("/ height)`"))
    }
}
