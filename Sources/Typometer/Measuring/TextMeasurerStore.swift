/// Hands out one shared ``TextMeasurer`` per distinct ``TextStyle``, so every
/// caller measuring in a style shares its caches. Safe from any thread.
public final class TextMeasurerStore: Sendable {
    public let fontSet: FontSet
    private let measurers = BoundedCache<TextStyle, TextMeasurer>(limit: 1 << 20, shardCount: 1)
    private let creation = Lock()

    /// - Parameter fontSet: the faces every measurer uses; `nil` for the
    ///   bundled fonts.
    public init(fontSet: FontSet? = nil) throws {
        self.fontSet = try fontSet ?? FontSet.bundled()
    }

    /// The measurer for `style`, created on first use.
    /// - Throws: as ``TextMeasurer/init(style:fontSet:wordCacheLimit:)``.
    public func measurer(for style: TextStyle) throws -> TextMeasurer {
        if let measurer = measurers.value(for: style) { return measurer }
        return try creation.withLock {
            if let measurer = measurers.value(for: style) { return measurer }
            let measurer = try TextMeasurer(style: style, fontSet: fontSet)
            measurers.insert(measurer, for: style)
            return measurer
        }
    }
}

extension TextStyle: PlainCacheKey {
    var cacheHash: UInt64 { UInt64(bitPattern: Int64(hashValue)) }
}
