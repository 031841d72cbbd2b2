import Synchronization

/// Hit and miss counts and occupancy of one cache.
public struct CacheStatistics: Hashable, Sendable {
    public var hits: Int
    public var misses: Int
    /// Entries held now.
    public var count: Int
    /// The most entries the cache holds.
    public var limit: Int
}

/// A thread-safe dictionary with a fixed capacity, split into shards that
/// each have their own lock so threads rarely wait on one another. A full
/// shard evicts an arbitrary entry to make room.
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private final class Shard: Sendable {
        let entries = Mutex<[Key: Value]>([:])
    }

    private let shards: [Shard]
    private let shardLimit: Int
    let limit: Int
    private let hits = Atomic<Int>(0)
    private let misses = Atomic<Int>(0)

    /// - Parameter limit: the most entries held; 0 disables the cache.
    init(limit: Int, shardCount: Int = 16) {
        let limit = max(0, limit)
        let shardCount = max(1, min(shardCount, max(limit, 1)))
        self.limit = limit
        self.shardLimit = limit / shardCount
        self.shards = (0..<shardCount).map { _ in Shard() }
    }

    private func shard(for key: Key) -> Shard {
        shards[Int(UInt(bitPattern: key.hashValue) % UInt(shards.count))]
    }

    func value(for key: Key) -> Value? {
        guard shardLimit > 0 else { return nil }
        let value = shard(for: key).entries.withLock { $0[key] }
        if value == nil {
            misses.add(1, ordering: .relaxed)
        } else {
            hits.add(1, ordering: .relaxed)
        }
        return value
    }

    func insert(_ value: Value, for key: Key) {
        guard shardLimit > 0 else { return }
        shard(for: key).entries.withLock { entries in
            if entries.count >= shardLimit, entries[key] == nil {
                entries.remove(at: entries.startIndex)
            }
            entries[key] = value
        }
    }

    func removeAll() {
        for shard in shards { shard.entries.withLock { $0.removeAll() } }
        hits.store(0, ordering: .relaxed)
        misses.store(0, ordering: .relaxed)
    }

    var statistics: CacheStatistics {
        CacheStatistics(
            hits: hits.load(ordering: .relaxed), misses: misses.load(ordering: .relaxed),
            count: shards.reduce(0) { total, shard in total + shard.entries.withLock { $0.count } },
            limit: shardLimit * shards.count)
    }
}
