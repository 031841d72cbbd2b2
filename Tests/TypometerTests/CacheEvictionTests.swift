import Testing
@testable import Typometer
import TypometerTestSupport

/// How a full ``BoundedCache`` makes room (issue 14; issue 16's "a full
/// cache stops learning"): CLOCK against an exact LRU of the same size,
/// on synthetic Zipf and scan traffic and on the words of real text. The
/// expected hit rates are the LRU model's, computed here.
@Suite struct CacheEvictionTests {
    struct Key: PlainCacheKey {
        let value: Int
        var cacheHash: UInt64 {
            var x = UInt64(bitPattern: Int64(value)) &+ 0x9E37_79B9_7F4A_7C15
            x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
            x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
            return x ^ (x >> 31)
        }
    }

    /// An exact least-recently-used cache of `limit` keys: its hit count
    /// over `stream`.
    static func lruHits(_ stream: [Int], limit: Int) -> Int {
        var lastUse: [Int: Int] = [:]
        var order = [Int: Int]()  // time -> key, the keys held
        var oldest = 0
        var hits = 0
        for (time, key) in stream.enumerated() {
            if let used = lastUse[key] {
                hits += 1
                order[used] = nil
            } else if lastUse.count == limit {
                while order[oldest] == nil { oldest += 1 }
                lastUse[order[oldest]!] = nil
                order[oldest] = nil
            }
            lastUse[key] = time
            order[time] = key
        }
        return hits
    }

    /// The cache's hit count over `stream`, inserting each miss.
    static func clockHits(_ stream: [Int], limit: Int) -> Int {
        let cache = BoundedCache<Key, Int>(limit: limit, shardCount: 1)
        var hits = 0
        for key in stream {
            if cache.value(for: Key(value: key)) == key {
                hits += 1
            } else {
                cache.insert(key, for: Key(value: key))
            }
        }
        #expect(cache.statistics.count <= limit)
        return hits
    }

    /// `count` keys drawn from `0..<universe` with Zipf weights 1/(rank+1).
    static func zipf(count: Int, universe: Int, seed: UInt64) -> [Int] {
        var cumulative: [Double] = []
        var total = 0.0
        for rank in 0..<universe {
            total += 1 / Double(rank + 1)
            cumulative.append(total)
        }
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let target = Double(random.next() >> 11) / Double(1 << 53) * total
            var low = 0
            var high = universe - 1
            while low < high {
                let middle = (low + high) / 2
                if cumulative[middle] < target { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    @Test("a full cache keeps every new key it is given")
    func fullCacheKeepsLearning() {
        let cache = BoundedCache<Key, Int>(limit: 1000, shardCount: 4)
        for key in 0..<1000 { cache.insert(key, for: Key(value: key)) }
        for key in 1000..<20_000 {
            cache.insert(key, for: Key(value: key))
            #expect(cache.value(for: Key(value: key)) == key)
        }
        #expect(cache.statistics.count <= 1000)
    }

    @Test("on Zipf traffic CLOCK hits about as often as LRU", arguments: [500, 5000])
    func zipfHitRate(limit: Int) {
        let stream = Self.zipf(count: 300_000, universe: 50_000, seed: 14)
        let lru = Double(Self.lruHits(stream, limit: limit)) / Double(stream.count)
        let clock = Double(Self.clockHits(stream, limit: limit)) / Double(stream.count)
        #expect(clock >= lru - 0.02, "CLOCK \(clock), LRU \(lru)")
    }

    @Test("Zipf traffic interrupted by scans of new keys keeps its hot keys")
    func scanHitRate() {
        var stream: [Int] = []
        let hot = Self.zipf(count: 200_000, universe: 20_000, seed: 15)
        var next = 1_000_000
        for (index, key) in hot.enumerated() {
            stream.append(key)
            if index % 10_000 == 0 {
                // A scan of 2,000 keys never seen before nor again.
                for _ in 0..<2000 { stream.append(next); next += 1 }
            }
        }
        let lru = Double(Self.lruHits(stream, limit: 4000)) / Double(stream.count)
        let clock = Double(Self.clockHits(stream, limit: 4000)) / Double(stream.count)
        #expect(clock >= lru - 0.02, "CLOCK \(clock), LRU \(lru)")
    }

    @Test("on the words of real text, in reading order, CLOCK hits about as often as LRU")
    func realTextHitRate() throws {
        // Each word as it recurs in reading order (the first 400,000 words).
        _ = try RealWords.chunks.get()
        let stream = Array(RealWords.readingOrder.prefix(400_000))
        for limit in [2000, 20_000] {
            let lru = Double(Self.lruHits(stream, limit: limit)) / Double(stream.count)
            let clock = Double(Self.clockHits(stream, limit: limit)) / Double(stream.count)
            #expect(clock >= lru - 0.02, "limit \(limit): CLOCK \(clock), LRU \(lru)")
        }
    }
}
