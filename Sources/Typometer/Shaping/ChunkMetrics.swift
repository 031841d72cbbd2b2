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
    /// common chunk stays small).
    private final class Tail: Sendable {
        let ends: [Int32]
        let segments: [SegmentMetrics]
        let carry: (any Sendable)?
        init(ends: [Int32], segments: [SegmentMetrics], carry: (any Sendable)?) {
            self.ends = ends
            self.segments = segments
            self.carry = carry
        }
    }

    private let head: SegmentMetrics
    private let headEnd: Int32
    private let tail: Tail?

    /// `ends` (relative to the chunk, increasing, the last its length) and
    /// one metrics per segment; at least one. `carry` is what the chunk
    /// leaves for the next one to go on with (`nil`: nothing).
    init(ends: [Int32], segments: [SegmentMetrics], carry: (any Sendable)? = nil) {
        head = segments[0]
        headEnd = ends[0]
        tail = ends.count > 1 || carry != nil
            ? Tail(ends: Array(ends.dropFirst()), segments: Array(segments.dropFirst()), carry: carry)
            : nil
    }

    /// The bytes its segments past the first keep (for cache budgets).
    var tailBytes: Int {
        guard let tail else { return 0 }
        return 64 + tail.ends.count * MemoryLayout<Int32>.stride + tail.segments.count * MemoryLayout<SegmentMetrics>.stride
    }

    init(single segment: SegmentMetrics, length: Int32) {
        head = segment
        headEnd = length
        tail = nil
    }

    /// What the chunk leaves for the next one to go on with, if anything
    /// (checked before it is read, to keep the common chunk free of
    /// reference counting).
    var carry: (any Sendable)? { tail?.carry }

    /// Whether the chunk leaves anything for the next one.
    var leavesCarry: Bool { tail.map { $0.carry != nil } ?? false }

    var count: Int { 1 + (tail?.ends.count ?? 0) }

    /// The end of segment `index`, relative to the chunk.
    func end(_ index: Int) -> Int32 { index == 0 ? headEnd : tail!.ends[index - 1] }

    func segment(_ index: Int) -> SegmentMetrics { index == 0 ? head : tail!.segments[index - 1] }

    /// Whether the chunk was cut at exactly these break opportunities.
    func hasEnds(_ ends: UnsafeBufferPointer<Int32>) -> Bool {
        ends.count == count && ends.first == headEnd && ends.dropFirst().elementsEqual(tail?.ends ?? [])
    }
}
