/// How a run of a ``StyledText`` differs from the block's ``TextStyle``:
/// each member left `nil` is the block's.
public struct RunStyle: Hashable, Sendable {
    public var font: TextStyle.Font?
    /// Points.
    public var size: Double?
    public var weight: FontWeight?
    public var italic: Bool?
    /// Points after every character (see ``TextStyle/letterSpacing``).
    public var letterSpacing: Double?
    /// Points after every space (see ``TextStyle/wordSpacing``).
    public var wordSpacing: Double?
    public var features: [FontFeature]?

    public init(
        font: TextStyle.Font? = nil, size: Double? = nil, weight: FontWeight? = nil, italic: Bool? = nil,
        letterSpacing: Double? = nil, wordSpacing: Double? = nil, features: [FontFeature]? = nil
    ) {
        self.font = font
        self.size = size
        self.weight = weight
        self.italic = italic
        self.letterSpacing = letterSpacing
        self.wordSpacing = wordSpacing
        self.features = features
    }

    /// Whether every member is `nil` (the block's style as it is); checked
    /// member by member, without making a `RunStyle()` to compare with.
    var changesNothing: Bool {
        font == nil && size == nil && weight == nil && italic == nil && letterSpacing == nil && wordSpacing == nil
            && features == nil
    }

    /// `block` with this run's changes.
    public func applied(to block: TextStyle) -> TextStyle {
        var style = block
        if let font { style.font = font }
        if let size { style.size = size }
        if let weight { style.weight = weight }
        if let italic { style.italic = italic }
        if let letterSpacing { style.letterSpacing = letterSpacing }
        if let wordSpacing { style.wordSpacing = wordSpacing }
        if let features { style.features = features }
        return style
    }
}

extension RunStyle: PlainCacheKey {
    var cacheHash: UInt64 { UInt64(bitPattern: Int64(hashValue)) }
}
