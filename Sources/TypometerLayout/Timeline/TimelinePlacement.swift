/// A timeline's placement: every item placed so far, since one more interval can change the
/// lanes of the intervals it overlaps, so appending re-solves them all.
///
/// Safe to share across threads.
public struct TimelinePlacement: Hashable, Sendable {
    /// The container width the lanes share, in points.
    public let containerWidth: Double
    /// Every item placed so far, in item order.
    public internal(set) var items: [TimelineItem]
}
