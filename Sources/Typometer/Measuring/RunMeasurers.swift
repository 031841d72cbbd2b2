/// The measurers of the run styles one measurer's styled texts use: the
/// few used last first (compared, not hashed: a card's runs repeat a
/// handful of styles), then a bounded cache of them all. Safe from any
/// thread.
final class RunMeasurers: @unchecked Sendable {
    private let lock = Lock()
    private var recent: [(style: RunStyle, measurer: TextMeasurer)] = []
    private let all = BoundedCache<RunStyle, TextMeasurer>(limit: 64, shardCount: 1)
    /// How many styles the recent list keeps.
    static let recentCount = 4

    /// The measurer kept for `style`, if any.
    func measurer(for style: RunStyle) -> TextMeasurer? {
        // Compared in place: copying an entry out retains its style's members.
        let recentFound = lock.withLock { () -> TextMeasurer? in
            for index in recent.indices where recent[index].style == style { return recent[index].measurer }
            return nil
        }
        if let found = recentFound { return found }
        guard let found = all.value(for: style) else { return nil }
        remember(found, for: style)
        return found
    }

    /// Keeps `measurer` for `style`.
    func insert(_ measurer: TextMeasurer, for style: RunStyle) {
        all.insert(measurer, for: style)
        remember(measurer, for: style)
    }

    private func remember(_ measurer: TextMeasurer, for style: RunStyle) {
        lock.withLock {
            recent.insert((style, measurer), at: 0)
            if recent.count > RunMeasurers.recentCount { recent.removeLast() }
        }
    }
}
