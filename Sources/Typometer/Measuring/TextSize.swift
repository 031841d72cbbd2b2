/// A text's extent at a width: what a flexbox or grid engine's measure
/// function returns (see ``TextMeasurer/size(of:width:)``).
public struct TextSize: Hashable, Sendable {
    /// The widest line's advance in points, as the renderer reports it
    /// (Chromium: trailing spaces hang, rounded up to the `LayoutUnit`;
    /// Pango: its logical width, counting the spaces that end a paragraph):
    /// at most the width asked for unless a piece no line breaks is wider.
    public var width: Double
    /// The height in points, as ``TextMeasurer/height(of:width:)`` gives it.
    public var height: Double
    /// The number of lines, at most the style's line limit.
    public var lineCount: Int

    public init(width: Double, height: Double, lineCount: Int) {
        self.width = width
        self.height = height
        self.lineCount = lineCount
    }
}
