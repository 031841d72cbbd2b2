import Testing
@testable import Typometer

/// `BoundedCache` on its own, one shard so every limit is exact: what the
/// cache stage promises its callers (bounded, clearable, observable; see
/// STYLE.md, "Habits"). CacheEvictionTests covers lookups and CLOCK's hit
/// rate against LRU; CacheBytesTests and CacheLimitTests the limits through
/// a measurer. Expectations are counts and sums of the costs told.
@Suite struct BoundedCacheTests {
    struct Key: PlainCacheKey {
        let value: Int
        var cacheHash: UInt64 { UInt64(value) &* 0x9E37_79B9_7F4A_7C15 &+ 1 }
    }

    static func cache(limit: Int, byteLimit: Int = .max) -> BoundedCache<Key, String> {
        BoundedCache(limit: limit, byteLimit: byteLimit, shardCount: 1)
    }

    @Test("a value is found under its key, and a new value for the key replaces it")
    func insertAndReplace() {
        let cache = Self.cache(limit: 10)
        #expect(cache.value(for: Key(value: 1)) == nil)
        cache.insert("one", for: Key(value: 1))
        cache.insert("two", for: Key(value: 2))
        #expect(cache.value(for: Key(value: 1)) == "one")
        #expect(cache.value(for: Key(value: 2)) == "two")
        cache.insert("uno", for: Key(value: 1))
        #expect(cache.value(for: Key(value: 1)) == "uno")
        #expect(cache.statistics.count == 2)
    }

    @Test("each lookup counts as a hit or a miss")
    func hitsAndMisses() {
        let cache = Self.cache(limit: 10)
        _ = cache.value(for: Key(value: 1))  // miss
        cache.insert("one", for: Key(value: 1))
        _ = cache.value(for: Key(value: 1))  // hit
        _ = cache.value(for: Key(value: 1))  // hit
        _ = cache.value(for: Key(value: 2))  // miss
        let statistics = cache.statistics
        #expect(statistics.hits == 2 && statistics.misses == 2)
        #expect(statistics.count == 1 && statistics.limit == 10)
    }

    @Test("bytes are the sum of the costs told; a full budget evicts until the new entry fits")
    func evictionByBytes() {
        let cache = Self.cache(limit: 100, byteLimit: 1000)
        for key in 0..<10 { cache.insert("\(key)", for: Key(value: key), cost: 100) }
        #expect(cache.statistics.bytes == 1000 && cache.statistics.count == 10)
        // 1000 + 100 > 1000: one entry of 100 goes.
        cache.insert("10", for: Key(value: 10), cost: 100)
        #expect(cache.statistics.bytes == 1000 && cache.statistics.count == 10)
        // 1000 + 500 > 1000: five entries of 100 go, 500 + 500 = 1000.
        cache.insert("big", for: Key(value: 11), cost: 500)
        #expect(cache.statistics.bytes == 1000 && cache.statistics.count == 6)
        #expect(cache.value(for: Key(value: 11)) == "big")
        #expect(cache.statistics.byteLimit == 1000)
    }

    @Test("replacing a value counts its new cost, not both")
    func replacingCountsNewCost() {
        let cache = Self.cache(limit: 10, byteLimit: 1000)
        cache.insert("a", for: Key(value: 1), cost: 100)
        cache.insert("b", for: Key(value: 2), cost: 100)
        cache.insert("a'", for: Key(value: 1), cost: 300)
        #expect(cache.statistics.bytes == 400 && cache.statistics.count == 2)
    }

    // CLOCK (second chance): a hit marks its entry; the hand clears marks as
    // it passes and evicts the first unmarked entry it meets.
    @Test("a full cache evicts the entry not hit since the hand last passed, and keeps those hit")
    func clockKeepsHitEntries() {
        let cache = Self.cache(limit: 10)
        for key in 0..<10 { cache.insert("\(key)", for: Key(value: key)) }
        for key in 0..<10 where key != 7 { _ = cache.value(for: Key(value: key)) }
        cache.insert("10", for: Key(value: 10))
        #expect(cache.value(for: Key(value: 7)) == nil)
        for key in 0...10 where key != 7 { #expect(cache.value(for: Key(value: key)) == "\(key)", "key \(key)") }
        #expect(cache.statistics.count == 10)
    }

    @Test("an entry larger than the byte budget is not kept, nor the old value for its key")
    func oversizedEntry() {
        let cache = Self.cache(limit: 10, byteLimit: 1000)
        cache.insert("small", for: Key(value: 1), cost: 100)
        cache.insert("huge", for: Key(value: 1), cost: 1001)
        #expect(cache.value(for: Key(value: 1)) == nil)
        #expect(cache.statistics.count == 0 && cache.statistics.bytes == 0)
        // A cost equal to the budget fits.
        cache.insert("whole", for: Key(value: 2), cost: 1000)
        #expect(cache.value(for: Key(value: 2)) == "whole")
    }

    @Test("removing everything empties the cache and resets its counts; it fills again")
    func removeAll() {
        let cache = Self.cache(limit: 10, byteLimit: 1000)
        for key in 0..<5 { cache.insert("\(key)", for: Key(value: key), cost: 10) }
        _ = cache.value(for: Key(value: 1))
        _ = cache.value(for: Key(value: 9))
        cache.removeAll()
        let statistics = cache.statistics
        #expect(statistics.count == 0 && statistics.bytes == 0 && statistics.hits == 0 && statistics.misses == 0)
        #expect(statistics.limit == 10 && statistics.byteLimit == 1000)
        #expect(cache.value(for: Key(value: 1)) == nil)
        cache.insert("again", for: Key(value: 1), cost: 10)
        #expect(cache.value(for: Key(value: 1)) == "again")
        #expect(cache.statistics.count == 1 && cache.statistics.bytes == 10)
    }

    // A table past 1,024 slots gives its storage back when emptied; a
    // smaller one keeps it: both must fill again.
    @Test("a large cache emptied fills again")
    func removeAllLarge() {
        let cache = Self.cache(limit: 3000)
        for key in 0..<3000 { cache.insert("\(key)", for: Key(value: key)) }
        #expect(cache.statistics.count == 3000)
        cache.removeAll()
        #expect(cache.statistics.count == 0)
        #expect(cache.value(for: Key(value: 42)) == nil)
        for key in 0..<3000 { cache.insert("\(key)", for: Key(value: key)) }
        #expect(cache.statistics.count == 3000)
        #expect(cache.value(for: Key(value: 2999)) == "2999")
    }

    @Test("a zero limit keeps nothing")
    func zeroLimit() {
        let cache = Self.cache(limit: 0)
        cache.insert("one", for: Key(value: 1))
        #expect(cache.value(for: Key(value: 1)) == nil)
        #expect(cache.statistics.count == 0 && cache.statistics.limit == 0)
    }
}
