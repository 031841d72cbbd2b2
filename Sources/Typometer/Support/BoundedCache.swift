import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Hit and miss counts and occupancy of one cache.
public struct CacheStatistics: Hashable, Sendable {
    public var hits: Int
    public var misses: Int
    /// Entries held now.
    public var count: Int
    /// The most entries the cache holds.
    public var limit: Int
}

/// A key of a ``BoundedCache``: equality plus a well-mixed 64-bit hash.
protocol CacheKey: Equatable, Sendable {
    var cacheHash: UInt64 { get }
}

/// A thread-safe hash table with a fixed capacity, split into shards that
/// each have their own lock so threads rarely wait on one another. Each
/// shard is an open-addressing table (linear probing, at most about half
/// full); a full shard makes room by overwriting the entry in the new key's
/// home slot, so memory never grows past the limit.
final class BoundedCache<Key: CacheKey, Value: Sendable>: Sendable {
    /// One shard's table. Its storage is raw memory owned by the shard (no
    /// per-access exclusivity checks), freed in `deinit`; every access holds
    /// `lock`, taken only in the `locked…` methods. The lock is a
    /// `Synchronization.Mutex`, which spins before sleeping: with the hottest
    /// words on a few shards, a pthread mutex made two threads slower than
    /// one. ThreadSanitizer cannot see this lock on Linux, so
    /// `Scripts/tsan-suppressions.txt` names the shard's functions.
    private final class Shard: @unchecked Sendable {
        private let lock = Mutex<Void>(())
        let limit: Int
        private(set) var count = 0
        /// Counted under the lock: shared atomic counters would bounce one
        /// cache line between every core on every lookup.
        var hits = 0
        var misses = 0
        private var capacity = 0
        /// 0 marks an empty slot; stored hashes are never 0.
        private var hashes: UnsafeMutablePointer<UInt64>?
        private var keys: UnsafeMutablePointer<Key>?
        private var values: UnsafeMutablePointer<Value>?

        init(limit: Int) { self.limit = limit }

        deinit { release() }

        /// Where `key` is, or the empty slot ending its probe sequence.
        @inline(__always)
        private func slot(of key: Key, hash: UInt64) -> (index: Int, found: Bool) {
            let mask = capacity - 1
            var index = Int(truncatingIfNeeded: hash) & mask
            while true {
                let stored = hashes![index]
                if stored == 0 { return (index, false) }
                if stored == hash, keys![index] == key { return (index, true) }
                index = (index + 1) & mask
            }
        }

        func value(for key: Key, hash: UInt64) -> Value? {
            guard count > 0 else { return nil }
            let (index, found) = slot(of: key, hash: hash)
            return found ? values![index] : nil
        }

        func insert(_ value: Value, for key: Key, hash: UInt64) {
            if capacity == 0 || (count + 1) * 2 > capacity && count < limit { grow() }
            let (index, found) = slot(of: key, hash: hash)
            if found {
                values![index] = value
            } else if count < limit {
                hashes![index] = hash
                (keys! + index).initialize(to: key)
                (values! + index).initialize(to: value)
                count += 1
            } else {
                // Full: the entry in the key's home slot makes room, so slots
                // stay occupied and every other key's probe sequence is intact.
                // An empty home slot (the search ended there) would mean one
                // entry too many: the value is then not kept.
                let home = Int(truncatingIfNeeded: hash) & (capacity - 1)
                guard home != index else { return }
                hashes![home] = hash
                keys![home] = key
                values![home] = value
            }
        }

        private func grow() {
            let oldCapacity = capacity, oldHashes = hashes, oldKeys = keys, oldValues = values
            capacity = max(16, capacity * 2)
            hashes = .allocate(capacity: capacity)
            hashes!.initialize(repeating: 0, count: capacity)
            keys = .allocate(capacity: capacity)
            values = .allocate(capacity: capacity)
            guard let oldHashes, let oldKeys, let oldValues else { return }
            for index in 0..<oldCapacity where oldHashes[index] != 0 {
                let (slot, _) = self.slot(of: oldKeys[index], hash: oldHashes[index])
                hashes![slot] = oldHashes[index]
                (keys! + slot).moveInitialize(from: oldKeys + index, count: 1)
                (values! + slot).moveInitialize(from: oldValues + index, count: 1)
            }
            oldHashes.deallocate()
            oldKeys.deallocate()
            oldValues.deallocate()
        }

        /// Empties the shard; a small table keeps its storage for reuse.
        func removeAll() {
            guard capacity <= 1024 else {
                release()
                return
            }
            for index in 0..<capacity where hashes![index] != 0 {
                hashes![index] = 0
                (keys! + index).deinitialize(count: 1)
                (values! + index).deinitialize(count: 1)
            }
            count = 0
        }

        /// The lookup under the shard's lock, counted as a hit or a miss.
        func lockedValue(for key: Key, hash: UInt64) -> Value? {
            lock.withLock { _ in
                let value = value(for: key, hash: hash)
                if value == nil { misses += 1 } else { hits += 1 }
                return value
            }
        }

        func lockedInsert(_ value: Value, for key: Key, hash: UInt64) {
            lock.withLock { _ in insert(value, for: key, hash: hash) }
        }

        func lockedRemoveAll() {
            lock.withLock { _ in
                removeAll()
                hits = 0
                misses = 0
            }
        }

        func lockedStatistics() -> CacheStatistics {
            lock.withLock { _ in CacheStatistics(hits: hits, misses: misses, count: count, limit: limit) }
        }

        private func release() {
            guard let hashes, let keys, let values else { return }
            for index in 0..<capacity where hashes[index] != 0 {
                (keys + index).deinitialize(count: 1)
                (values + index).deinitialize(count: 1)
            }
            hashes.deallocate()
            keys.deallocate()
            values.deallocate()
            self.hashes = nil
            self.keys = nil
            self.values = nil
            capacity = 0
            count = 0
        }
    }

    private let shards: [Shard]
    /// Shards per replica, and replicas (see `init`).
    private let shardsPerReplica: Int
    private let replicas: Int
    let limit: Int

    /// - Parameters:
    ///   - limit: the most entries held, in all; 0 disables the cache.
    ///   - replicated: give each of up to `TextMeasurer.coreCount` groups of
    ///     threads its own copy of the table, each holding a share of the
    ///     limit. Threads then never wait on one another's lookups of the
    ///     same popular keys; a thread sees only its group's entries. Only
    ///     for caches whose values are the same whoever computes them.
    init(limit: Int, shardCount: Int = 16, replicated: Bool = false) {
        let limit = max(0, limit)
        let replicas = replicated ? max(1, min(TextMeasurer.coreCount, 8, limit / shardCount)) : 1
        let shardsPerReplica = max(1, min(shardCount, max(limit / replicas, 1)))
        self.limit = limit
        self.replicas = replicas
        self.shardsPerReplica = shardsPerReplica
        let perShard = limit / (shardsPerReplica * replicas)
        self.shards = (0..<shardsPerReplica * replicas).map { _ in Shard(limit: perShard) }
    }

    @inline(__always)
    private static func storedHash(_ key: Key) -> UInt64 {
        let hash = key.cacheHash
        return hash == 0 ? 1 : hash
    }

    private func shard(for hash: UInt64) -> Shard {
        let index = Int(truncatingIfNeeded: (hash >> 40) % UInt64(shardsPerReplica))
        guard replicas > 1 else { return shards[index] }
        return shards[BoundedCache.replica(of: replicas) * shardsPerReplica + index]
    }

    /// The calling thread's replica: its thread handle, mixed.
    private static func replica(of count: Int) -> Int {
        var x = UInt64(UInt(bitPattern: Int(bitPattern: UInt(pthread_self()))))
        x = (x ^ (x >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 29
        return Int(x % UInt64(count))
    }

    func value(for key: Key) -> Value? {
        let hash = Self.storedHash(key)
        let shard = shard(for: hash)
        guard shard.limit > 0 else { return nil }
        return shard.lockedValue(for: key, hash: hash)
    }

    func insert(_ value: Value, for key: Key) {
        let hash = Self.storedHash(key)
        let shard = shard(for: hash)
        guard shard.limit > 0 else { return }
        shard.lockedInsert(value, for: key, hash: hash)
    }

    func removeAll() {
        for shard in shards { shard.lockedRemoveAll() }
    }

    var statistics: CacheStatistics {
        shards.map { $0.lockedStatistics() }.reduce(CacheStatistics(hits: 0, misses: 0, count: 0, limit: 0)) {
            CacheStatistics(hits: $0.hits + $1.hits, misses: $0.misses + $1.misses, count: $0.count + $1.count,
                            limit: $0.limit + $1.limit)
        }
    }
}
