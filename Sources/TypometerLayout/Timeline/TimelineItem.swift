/// One interval on a ``TimelineLayout``'s vertical time axis: when it starts and how long it
/// lasts, in the caller's unit of time (minutes since midnight, seconds, days); the layout's
/// ``TimelineLayout/scale`` turns that unit into points.
///
/// Safe to share across threads.
public struct TimelineItem: Hashable, Sendable {
    /// When the interval starts, in units of time from the axis origin; negative before it.
    public var start: Double
    /// How long the interval lasts, in units of time; zero for an instant.
    public var duration: Double

    public init(start: Double, duration: Double) {
        self.start = start
        self.duration = duration
    }
}
