import CHarfBuzz

/// An OpenType feature set for a whole text (CSS `font-feature-settings`,
/// Pango's `font-features` attribute): a four-letter tag and its value, 0
/// to turn the feature off, 1 (or an alternate's number) to turn it on.
public struct FontFeature: Hashable, Sendable, CustomStringConvertible {
    /// The feature's tag, four characters (`tnum`, `liga`, `kern`, `ss01`).
    public let tag: String
    /// 0 off, 1 on, or which alternate.
    public let value: UInt32

    /// `tag` (four printable ASCII characters) set to `value`; `nil` for
    /// another tag.
    public init?(tag: String, value: UInt32 = 1) {
        guard tag.utf8.count == 4, tag.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        self.tag = tag
        self.value = value
    }

    /// A feature in HarfBuzz's syntax (`tnum`, `+tnum`, `-liga`, `kern=0`,
    /// `ss01=1`) or as one CSS `font-feature-settings` entry (`"tnum"`,
    /// `"liga" 0`, `"liga" off`); `nil` for anything else, or for a feature
    /// limited to a range of the text (`kern[3:5]`).
    public init?(_ text: String) {
        var feature = hb_feature_t()
        guard !text.contains("["), hb_feature_from_string(text, Int32(text.utf8.count), &feature) != 0 else {
            return nil
        }
        let tag = String(decoding: withUnsafeBytes(of: feature.tag.bigEndian) { Array($0) }, as: UTF8.self)
        self.init(tag: tag, value: feature.value)
    }

    /// The feature for HarfBuzz, over the whole text.
    var harfBuzz: hb_feature_t {
        let bytes = Array(tag.utf8)
        let tag = bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return hb_feature_t(tag: tag, value: value, start: 0, end: UInt32.max)
    }

    /// HarfBuzz's syntax: `tnum`, `liga=0`, `salt=2`.
    public var description: String { value == 1 ? tag : "\(tag)=\(value)" }
}
