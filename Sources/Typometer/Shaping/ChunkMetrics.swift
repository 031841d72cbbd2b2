/// The segments of one chunk: text from just after a run of spaces to the
/// end of the next, shaped as a whole so kerning and contextual forms
/// between its segments (CJK, Thai, hyphenated words) are those the
/// renderer draws. A value: a chunk of one segment (most words) is plain
/// data, so copying it out of the cache touches no reference count that
/// other threads share.
struct ChunkMetrics: Sendable {
    /// The second and later segments of a chunk that has several, and what
    /// a chunk leaves for the next to go on with, when it leaves something
    /// (``ClusterFaceRules/kept(_:)``; rare: both kept out of line so the
    /// common chunk stays small), in one allocation. Filled once, while
    /// only its maker holds it; immutable after.
    private final class Tail: ManagedBuffer<Tail.Header, Tail.Entry> {
        struct Header {
            var count: Int
            var carry: (any Sendable)?
        }

        struct Entry {
            var end: Int32
            var segment: SegmentMetrics
        }

        static func make(capacity: Int, carry: (any Sendable)?) -> Tail {
            unsafeDowncast(Tail.create(minimumCapacity: capacity) { _ in Header(count: 0, carry: carry) }, to: Tail.self)
        }

        /// Adds a segment (room for it was made).
        func append(_ segment: SegmentMetrics, end: Int32) {
            withUnsafeMutablePointers { header, entries in
                (entries + header.pointee.count).initialize(to: Entry(end: end, segment: segment))
                header.pointee.count += 1
            }
        }

        var count: Int { header.count }

        func entry(_ index: Int) -> Entry { withUnsafeMutablePointerToElements { $0[index] } }

        deinit {
            _ = withUnsafeMutablePointers { header, entries in entries.deinitialize(count: header.pointee.count) }
        }
    }

    private let head: SegmentMetrics
    private let headEnd: Int32
    /// Immutable once made (``Tail``), so safe to share across threads;
    /// `ManagedBuffer` cannot declare it so.
    private nonisolated(unsafe) let tail: Tail?

    /// `ends` (relative to the chunk, increasing, the last its length) and
    /// one metrics per segment; at least one. `carry` is what the chunk
    /// leaves for the next one to go on with (`nil`: nothing).
    init(ends: [Int32], segments: [SegmentMetrics], carry: (any Sendable)? = nil) {
        head = segments[0]
        headEnd = ends[0]
        if ends.count > 1 || carry != nil {
            let tail = Tail.make(capacity: ends.count - 1, carry: carry)
            for index in 1..<ends.count { tail.append(segments[index], end: ends[index]) }
            self.tail = tail
        } else {
            tail = nil
        }
    }

    /// The bytes its segments past the first keep (for cache budgets).
    var tailBytes: Int {
        guard let tail else { return 0 }
        return 64 + tail.capacity * MemoryLayout<Tail.Entry>.stride
    }

    init(single segment: SegmentMetrics, length: Int32) {
        head = segment
        headEnd = length
        tail = nil
    }

    /// Collects a chunk's segments in order, allocating nothing for a chunk
    /// of one segment and one tail for others.
    struct Builder {
        private var head: SegmentMetrics?
        private var headEnd: Int32 = 0
        private var tail: Tail?
        /// The most segments the chunk may have after its first.
        private let capacity: Int

        init(capacity: Int) { self.capacity = capacity }

        /// Adds the next segment, which ends at `end` (relative to the chunk).
        mutating func append(_ segment: SegmentMetrics, end: Int32) {
            guard head != nil else {
                head = segment
                headEnd = end
                return
            }
            if tail == nil { tail = Tail.make(capacity: capacity, carry: nil) }
            tail!.append(segment, end: end)
        }

        /// The chunk, leaving `carry` for the next one (`nil`: nothing); at
        /// least one segment was added.
        func metrics(carry: (any Sendable)? = nil) -> ChunkMetrics {
            var tail = tail
            if carry != nil {
                if tail == nil { tail = Tail.make(capacity: 0, carry: nil) }
                tail!.header.carry = carry
            }
            return ChunkMetrics(head: head!, headEnd: headEnd, tail: tail)
        }
    }

    private init(head: SegmentMetrics, headEnd: Int32, tail: Tail?) {
        self.head = head
        self.headEnd = headEnd
        self.tail = tail
    }

    /// What the chunk leaves for the next one to go on with, if anything
    /// (checked before it is read, to keep the common chunk free of
    /// reference counting).
    var carry: (any Sendable)? { tail?.header.carry }

    /// Whether the chunk leaves anything for the next one.
    var leavesCarry: Bool { tail.map { $0.header.carry != nil } ?? false }

    var count: Int { 1 + (tail?.count ?? 0) }

    /// The end of segment `index`, relative to the chunk.
    func end(_ index: Int) -> Int32 { index == 0 ? headEnd : tail!.entry(index - 1).end }

    func segment(_ index: Int) -> SegmentMetrics { index == 0 ? head : tail!.entry(index - 1).segment }

    /// Whether the chunk was cut at exactly these break opportunities.
    func hasEnds(_ ends: UnsafeBufferPointer<Int32>) -> Bool {
        guard ends.count == count, ends.first == headEnd else { return false }
        return (1..<ends.count).allSatisfy { ends[$0] == end($0) }
    }
}
