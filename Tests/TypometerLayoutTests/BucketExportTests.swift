import Testing
import TypometerLayout
import TypometerTestSupport

@Suite("Exported buckets")
struct BucketExportTests {
    /// The query ``VisibilityIndex/Buckets`` documents, written only
    /// against the public values, as the page's JavaScript runs it.
    static func visibleItems(_ buckets: VisibilityIndex.Buckets, frames: [LayoutFrame],
                             minY: Double, maxY: Double, overscan: Double) -> [Int] {
        let top = minY - max(overscan, 0), bottom = maxY + max(overscan, 0)
        guard top < bottom else { return [] }
        let inverse = buckets.height < .infinity ? 1 / buckets.height : 0
        func bucket(_ y: Double) -> Int {
            let position = (y - buckets.origin) * inverse
            if !(position > 0) { return 0 }
            if position >= Double(buckets.count - 1) { return buckets.count - 1 }
            return Int(position)
        }
        func meets(_ frame: LayoutFrame) -> Bool {
            let low = min(frame.y, frame.maxY), high = max(frame.y, frame.maxY)
            return low < bottom && (high > top || low >= top)
        }
        var result: [Int] = []
        let first = bucket(top)
        for index in first...bucket(bottom) {
            for entry in buckets.starts[index]..<buckets.starts[index + 1] {
                let item = Int(buckets.items[entry])
                let frame = frames[item]
                if index != first && bucket(min(frame.y, frame.maxY)) != index { continue }
                if meets(frame) { result.append(item) }
            }
        }
        result += buckets.oversized.map(Int.init).filter { meets(frames[$0]) }
        return result.sorted()
    }

    @Test("answer every query as the index does, after a solve and after appends")
    func answerAsTheIndexDoes() throws {
        var generator = SplitMix64(seed: 20)
        var snapshot = try MasonrySnapshot(layout: MasonryLayout(columns: 3, spacing: 8), containerWidth: 960)
        for round in 0..<3 {
            // Mostly feed-sized cards, now and then one tall enough for the oversized list.
            let items = (0..<400).map { _ in
                MasonryItem(textHeight: Double.random(in: 0...1, using: &generator) < 0.02
                    ? Double.random(in: 2000...6000, using: &generator) : Double.random(in: 0...300, using: &generator))
            }
            try snapshot.append(items: items)
            let buckets = try #require(snapshot.visibilityIndex.buckets)
            #expect(buckets.count == snapshot.visibilityIndex.bucketCount)
            for _ in 0..<300 {
                let top = Double.random(in: -500...(snapshot.contentHeight + 500), using: &generator)
                let bottom = top + Double.random(in: 0...1200, using: &generator)
                let overscan = Double.random(in: 0...600, using: &generator)
                #expect(Self.visibleItems(buckets, frames: snapshot.frames, minY: top, maxY: bottom, overscan: overscan)
                        == snapshot.visibleItems(minY: top, maxY: bottom, overscan: overscan), "round \(round)")
            }
        }
    }

    @Test("are nil when nothing is indexed")
    func nilWhenEmpty() {
        #expect(VisibilityIndex(frames: []).buckets == nil)
    }
}
