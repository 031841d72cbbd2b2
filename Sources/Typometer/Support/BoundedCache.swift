import CThreadAnnotations
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
    /// Bytes the entries hold now (texts, keys and values, estimated).
    public var bytes: Int = 0
    /// The most bytes the cache holds.
    public var byteLimit: Int = .max
}

/// A key of a ``BoundedCache``: equality with the form it is stored in,
/// plus a well-mixed 64-bit hash. A lookup key may borrow memory that the
/// stored form owns (``ChunkKey``): such a key is not `Sendable`, only its
/// stored form, which the cache keeps, is.
protocol CacheKey {
    associatedtype Stored: Sendable
    var cacheHash: UInt64 { get }
    /// The key as the cache keeps it.
    func stored() -> Stored
    /// Whether `stored` is this key.
    func matches(_ stored: Stored) -> Bool
}

/// A key that is stored as it is.
protocol PlainCacheKey: CacheKey, Equatable, Sendable where Stored == Self {}

extension PlainCacheKey {
    func stored() -> Self { self }
    func matches(_ stored: Self) -> Bool { self == stored }
}

/// A thread-safe hash table with a fixed capacity, split into shards that
/// each have their own lock so threads rarely wait on one another. Each
/// shard is an open-addressing table (linear probing, at most half full)
/// whose entries hold their key and value inline, so a hit reads the
/// probed hash and one entry and allocates nothing.
///
/// Entries are bounded in number and in bytes (each entry's size is told
/// at insertion: texts and arrays it keeps alive); an entry larger than a
/// shard's share of the bytes is not kept.
///
/// A full shard evicts by CLOCK (second chance): a hit marks its entry;
/// the clock hand sweeps the table, clearing marks, and evicts the first
/// unmarked entry it meets. Entries used since the hand last passed stay,
/// so a full cache keeps learning new keys while its frequent ones stay
/// (about LRU's hit rate, at no cost on a hit but setting a flag).
final class BoundedCache<Key: CacheKey, Value: Sendable>: Sendable {
    /// One slot's contents.
    private struct Entry {
        var key: Key.Stored
        var value: Value
        /// The bytes the entry holds, as told at insertion.
        var cost: Int
        /// Hit since the clock hand last passed.
        var referenced: Bool
    }

    /// One shard's table. Its storage is raw memory owned by the shard (no
    /// per-access exclusivity checks), freed in `deinit`; every access holds
    /// `lock`, taken only in the `locked…` methods. The lock is a
    /// `Synchronization.Mutex`, which spins before sleeping: with the hottest
    /// words on a few shards, a pthread mutex made two threads slower than
    /// one. ThreadSanitizer cannot see this lock on Linux, so `locked(_:)`
    /// tells it (`CThreadAnnotations`).
    private final class Shard: @unchecked Sendable {
        private let lock = Mutex<Void>(())
        let limit: Int
        let byteLimit: Int
        private(set) var count = 0
        private(set) var bytes = 0
        /// Counted under the lock: shared atomic counters would bounce one
        /// cache line between every core on every lookup.
        var hits = 0
        var misses = 0
        private var capacity = 0
        /// 0 marks an empty slot; stored hashes are never 0.
        private var hashes: UnsafeMutablePointer<UInt64>?
        private var entries: UnsafeMutablePointer<Entry>?
        /// The clock hand: the next slot to consider for eviction.
        private var hand = 0

        init(limit: Int, byteLimit: Int) {
            self.limit = limit
            self.byteLimit = byteLimit
        }

        deinit { release() }

        /// Where `key` is, or the empty slot ending its probe sequence.
        @inline(__always)
        private func slot(of key: Key, hash: UInt64) -> (index: Int, found: Bool) {
            let mask = capacity - 1
            var index = Int(truncatingIfNeeded: hash) & mask
            while true {
                let stored = hashes![index]
                if stored == 0 { return (index, false) }
                if stored == hash, key.matches(entries![index].key) { return (index, true) }
                index = (index + 1) & mask
            }
        }

        func value(for key: Key, hash: UInt64) -> Value? {
            guard count > 0 else { return nil }
            let (index, found) = slot(of: key, hash: hash)
            guard found else { return nil }
            entries![index].referenced = true
            return entries![index].value
        }

        func insert(_ value: Value, for key: Key, hash: UInt64, cost: Int) {
            if capacity == 0 || ((count + 1) * 2 > capacity && count < limit) { grow() }
            var (index, found) = slot(of: key, hash: hash)
            if found { remove(at: index) }
            guard cost <= byteLimit else { return }
            if count >= limit || bytes + cost > byteLimit {
                while count > 0, count >= limit || bytes + cost > byteLimit { evict() }
                index = slot(of: key, hash: hash).index
            } else if found {
                index = slot(of: key, hash: hash).index
            }
            hashes![index] = hash
            (entries! + index).initialize(to: Entry(key: key.stored(), value: value, cost: cost, referenced: false))
            count += 1
            bytes += cost
        }

        /// Removes one entry by CLOCK: the first from the hand on that has
        /// not been hit since the hand last passed it (clearing the marks of
        /// those that have).
        private func evict() {
            let mask = capacity - 1
            while true {
                if hashes![hand] != 0 {
                    if !entries![hand].referenced {
                        remove(at: hand)
                        return
                    }
                    entries![hand].referenced = false
                }
                hand = (hand + 1) & mask
            }
        }

        /// Empties slot `index` and moves later entries of its probe
        /// sequences back into the gap, so no probe meets an empty slot too
        /// early (backward-shift deletion).
        private func remove(at index: Int) {
            let mask = capacity - 1
            bytes -= entries![index].cost
            (entries! + index).deinitialize(count: 1)
            hashes![index] = 0
            count -= 1
            var gap = index
            var next = (index + 1) & mask
            while hashes![next] != 0 {
                let home = Int(truncatingIfNeeded: hashes![next]) & mask
                // The entry may fill the gap when its home is not between
                // the gap (exclusive) and its slot (inclusive), cyclically.
                let distanceToHome = (next - home) & mask
                let distanceToGap = (next - gap) & mask
                if distanceToHome >= distanceToGap {
                    hashes![gap] = hashes![next]
                    (entries! + gap).moveInitialize(from: entries! + next, count: 1)
                    hashes![next] = 0
                    gap = next
                }
                next = (next + 1) & mask
            }
        }

        private func grow() {
            let oldCapacity = capacity, oldHashes = hashes, oldEntries = entries
            capacity = max(16, capacity * 2)
            hashes = .allocate(capacity: capacity)
            hashes!.initialize(repeating: 0, count: capacity)
            entries = .allocate(capacity: capacity)
            hand = 0
            guard let oldHashes, let oldEntries else { return }
            let mask = capacity - 1
            for index in 0..<oldCapacity where oldHashes[index] != 0 {
                var slot = Int(truncatingIfNeeded: oldHashes[index]) & mask
                while hashes![slot] != 0 { slot = (slot + 1) & mask }
                hashes![slot] = oldHashes[index]
                (entries! + slot).moveInitialize(from: oldEntries + index, count: 1)
            }
            oldHashes.deallocate()
            oldEntries.deallocate()
        }

        /// Empties the shard; a small table keeps its storage for reuse.
        func removeAll() {
            guard capacity <= 1024 else {
                release()
                return
            }
            for index in 0..<capacity where hashes![index] != 0 {
                hashes![index] = 0
                (entries! + index).deinitialize(count: 1)
            }
            count = 0
            bytes = 0
            hand = 0
        }

        /// `body` under the shard's lock, which ThreadSanitizer is told of.
        private func locked<Result>(_ body: () -> Result) -> Result {
            lock.withLock { _ in
                let address = Unmanaged.passUnretained(self).toOpaque()
                tm_lock_acquired(address)
                defer { tm_lock_releasing(address) }
                return body()
            }
        }

        /// The lookup under the shard's lock, counted as a hit or a miss.
        func lockedValue(for key: Key, hash: UInt64) -> Value? {
            locked {
                let value = value(for: key, hash: hash)
                if value == nil { misses += 1 } else { hits += 1 }
                return value
            }
        }

        func lockedInsert(_ value: Value, for key: Key, hash: UInt64, cost: Int) {
            locked { insert(value, for: key, hash: hash, cost: cost) }
        }

        func lockedRemoveAll() {
            locked {
                removeAll()
                hits = 0
                misses = 0
            }
        }

        func lockedStatistics() -> CacheStatistics {
            locked {
                CacheStatistics(hits: hits, misses: misses, count: count, limit: limit, bytes: bytes, byteLimit: byteLimit)
            }
        }

        private func release() {
            guard let hashes, let entries else { return }
            for index in 0..<capacity where hashes[index] != 0 { (entries + index).deinitialize(count: 1) }
            hashes.deallocate()
            entries.deallocate()
            self.hashes = nil
            self.entries = nil
            capacity = 0
            count = 0
            bytes = 0
            hand = 0
        }
    }

    private let shards: [Shard]
    /// Shards per replica, and replicas (see `init`).
    private let shardsPerReplica: Int
    private let replicas: Int
    let limit: Int

    /// - Parameters:
    ///   - limit: the most entries held, in all; 0 disables the cache.
    ///   - byteLimit: the most bytes held, in all, as told at insertion.
    ///   - replicated: give each of up to `ProcessorCount.online` groups of
    ///     threads its own copy of the table, each holding a share of the
    ///     limit. Threads then never wait on one another's lookups of the
    ///     same popular keys; a thread sees only its group's entries. Only
    ///     for caches whose values are the same whoever computes them.
    init(limit: Int, byteLimit: Int = .max, shardCount: Int = 16, replicated: Bool = false) {
        let limit = max(0, limit)
        let replicas = replicated ? max(1, min(ProcessorCount.online, 8, limit / shardCount)) : 1
        let shardsPerReplica = max(1, min(shardCount, max(limit / replicas, 1)))
        self.limit = limit
        self.replicas = replicas
        self.shardsPerReplica = shardsPerReplica
        let perShard = limit / (shardsPerReplica * replicas)
        let bytesPerShard = max(0, byteLimit) / (shardsPerReplica * replicas)
        self.shards = (0..<shardsPerReplica * replicas).map { _ in Shard(limit: perShard, byteLimit: bytesPerShard) }
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

    /// Keeps `value` for `key`; `cost` is the bytes it holds (0 when only
    /// the number of entries matters).
    func insert(_ value: Value, for key: Key, cost: Int = 0) {
        let hash = Self.storedHash(key)
        let shard = shard(for: hash)
        guard shard.limit > 0 else { return }
        shard.lockedInsert(value, for: key, hash: hash, cost: cost)
    }

    func removeAll() {
        for shard in shards { shard.lockedRemoveAll() }
    }

    var statistics: CacheStatistics {
        shards.map { $0.lockedStatistics() }.reduce(CacheStatistics(hits: 0, misses: 0, count: 0, limit: 0, byteLimit: 0)) {
            CacheStatistics(hits: $0.hits + $1.hits, misses: $0.misses + $1.misses, count: $0.count + $1.count,
                            limit: $0.limit + $1.limit, bytes: $0.bytes + $1.bytes,
                            byteLimit: $0.byteLimit &+ $1.byteLimit)
        }
    }
}
