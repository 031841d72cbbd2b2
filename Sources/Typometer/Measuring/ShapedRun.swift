/// A run of one line: consecutive characters drawn from one face, in one
/// script and one direction, with the glyphs HarfBuzz shaped for them.
public struct ShapedRun: Hashable, Sendable {
    /// The face the measuring chose for the run's characters (the primary
    /// face or a fallback one; the color emoji face for emoji).
    public var face: FontFace
    /// The face's size in points (the style's size).
    public var size: Double
    /// Whether the run is right to left (its bidi level is odd): its glyphs'
    /// clusters then descend from left to right.
    public var isRightToLeft: Bool
    /// The run's characters, as UTF-16 offsets from the start of the text.
    /// A hyphen drawn at a soft hyphen is a run of its own whose range is
    /// the soft hyphen's.
    public var utf16Range: Range<Int>
    /// The glyphs from left to right (visual order). Their offsets include
    /// any shift of the run off the line's baseline.
    public var glyphs: [ShapedGlyph]

    public init(face: FontFace, size: Double, isRightToLeft: Bool, utf16Range: Range<Int>, glyphs: [ShapedGlyph]) {
        self.face = face
        self.size = size
        self.isRightToLeft = isRightToLeft
        self.utf16Range = utf16Range
        self.glyphs = glyphs
    }

    /// The sum of the glyphs' advances, in points.
    public var width: Double { glyphs.reduce(0) { $0 + $1.advance } }
}
