/// Hands out one shared ``TextMeasurer`` per distinct ``TextStyle``, so every
/// caller measuring in a style shares its caches. Safe from any thread.
///
/// It keeps at most ``measurerLimit`` measurers: past that, the least
/// recently used style's measurer (by CLOCK) is let go, so memory stays
/// bounded however many styles pass through; a style seen again gets a new
/// one. Each measurer's caches keep to ``cacheLimits``, so the store's
/// caches hold at most `measurerLimit × cacheLimits.bytes` (32 GiB with
/// the defaults, reached only by 256 styles each measuring 128 MiB of new
/// text; lower either for a tighter bound).
public final class TextMeasurerStore: Sendable {
    public let fontSet: FontSet
    /// The most measurers kept.
    public let measurerLimit: Int
    /// The limits of each measurer's caches.
    public let cacheLimits: CacheLimits
    private let measurers: BoundedCache<TextStyle, TextMeasurer>

    /// - Parameters:
    ///   - fontSet: the faces every measurer uses; `nil` for the bundled
    ///     fonts.
    ///   - measurerLimit: the most measurers kept (at least 1).
    ///   - cacheLimits: the limits of each measurer's caches.
    public init(fontSet: FontSet? = nil, measurerLimit: Int = 256, cacheLimits: CacheLimits = CacheLimits()) throws(TypometerError) {
        self.fontSet = if let fontSet { fontSet } else { try FontSet.bundled() }
        self.measurerLimit = max(1, measurerLimit)
        self.cacheLimits = cacheLimits
        self.measurers = BoundedCache(limit: self.measurerLimit, shardCount: 1)
    }

    /// The measurer for `style`, created on first use. Creation (which may
    /// read font files) holds no lock: two threads asking for a new style at
    /// once may each make one, and the store keeps the last.
    /// - Throws: as ``TextMeasurer/init(style:fontSet:cacheLimits:)``.
    public func measurer(for style: TextStyle) throws(TypometerError) -> TextMeasurer {
        if let measurer = measurers.value(for: style) { return measurer }
        let measurer = try TextMeasurer(style: style, fontSet: fontSet, cacheLimits: cacheLimits)
        measurers.insert(measurer, for: style)
        return measurer
    }

    /// How many measurers the store holds now.
    public var count: Int { measurers.statistics.count }
}

extension TextStyle: PlainCacheKey {
    var cacheHash: UInt64 { UInt64(bitPattern: Int64(hashValue)) }
}
