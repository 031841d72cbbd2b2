/// One glyph HarfBuzz placed: which glyph of its face, how far it moves the
/// pen and how far it sits off the pen, in points (1 pt = 1 CSS px).
public struct ShapedGlyph: Hashable, Sendable {
    /// The glyph's index in its face (0 is `.notdef`, drawn where the face
    /// lacks a character).
    public var id: UInt32
    /// How far the glyph moves the pen to the right, in points (0 for marks
    /// and characters that draw nothing).
    public var advance: Double
    /// How far the glyph is drawn right of the pen, in points.
    public var xOffset: Double
    /// How far the glyph is drawn above the baseline, in points (up is
    /// positive, as in HarfBuzz).
    public var yOffset: Double
    /// Where the glyph's characters start in the text: a UTF-16 offset from
    /// the start of the whole text (several glyphs may share one; a ligature
    /// takes the first of its characters).
    public var cluster: Int

    public init(id: UInt32, advance: Double, xOffset: Double, yOffset: Double, cluster: Int) {
        self.id = id
        self.advance = advance
        self.xOffset = xOffset
        self.yOffset = yOffset
        self.cluster = cluster
    }
}
