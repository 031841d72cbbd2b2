import CFreeType
import CHarfBuzz

/// One font face at one pixel size, ready to shape (HarfBuzz) and draw
/// (FreeType). Owns its C objects and frees them in `deinit`. Glyph
/// bitmaps are cached. Not thread-safe: drawing happens on one thread.
final class RasterFace {
    let path: String
    let index: Int
    /// Pixels per em.
    let pixelSize: Double
    /// A bitmap-only color face (Noto Color Emoji): shaped for its advances,
    /// drawn as boxes.
    let isColorBitmap: Bool
    /// Distance from the baseline up to the top of the face's line, in pixels.
    let ascent: Double
    /// Distance from the baseline down to the bottom of the line, in pixels.
    let descent: Double

    private let library: FT_Library
    private let face: FT_Face
    let font: OpaquePointer
    private var glyphs: [UInt32: GlyphBitmap] = [:]

    /// Loads face `index` of the file at `path` at `pixelSize` pixels per em.
    /// - Throws: ``RenderError`` when FreeType or HarfBuzz cannot load it.
    init(path: String, index: Int, pixelSize: Double) throws(RenderError) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw RenderError("FreeType did not start") }
        var face: FT_Face?
        guard FT_New_Face(library, path, FT_Long(index), &face) == 0, let face else {
            FT_Done_FreeType(library)
            throw RenderError("cannot load \(path)#\(index) for drawing")
        }
        let flags = face.pointee.face_flags
        isColorBitmap = flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0 || flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        if !isColorBitmap { FT_Set_Char_Size(face, 0, FT_F26Dot6(pixelSize * 64), 72, 72) }
        let blob = hb_blob_create_from_file(path)
        let hbFace = hb_face_create(blob, UInt32(index))
        let font = hb_font_create(hbFace)!
        hb_face_destroy(hbFace)
        hb_blob_destroy(blob)
        let scale = Int32((pixelSize * 64).rounded())
        hb_font_set_scale(font, scale, scale)
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        self.path = path
        self.index = index
        self.pixelSize = pixelSize
        self.library = library
        self.face = face
        self.font = font
        ascent = Double(extents.ascender) / 64
        descent = Double(-extents.descender) / 64
    }

    deinit {
        hb_font_destroy(font)
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// Whether the face maps `scalar` to a glyph.
    func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
    }

    /// The coverage bitmap of glyph `id` (anti-aliased, unhinted), cached.
    func bitmap(for id: UInt32) -> GlyphBitmap {
        if let cached = glyphs[id] { return cached }
        var bitmap = GlyphBitmap(left: 0, top: 0, width: 0, rows: 0, coverage: [])
        if !isColorBitmap, FT_Load_Glyph(face, id, Int32(FT_LOAD_NO_HINTING)) == 0,
           FT_Render_Glyph(face.pointee.glyph, FT_RENDER_MODE_NORMAL) == 0
        {
            let slot = face.pointee.glyph.pointee
            let source = slot.bitmap
            var coverage = [UInt8](repeating: 0, count: Int(source.width) * Int(source.rows))
            for row in 0..<Int(source.rows) {
                for column in 0..<Int(source.width) {
                    coverage[row * Int(source.width) + column] = source.buffer[row * Int(source.pitch) + column]
                }
            }
            bitmap = GlyphBitmap(
                left: Int(slot.bitmap_left), top: Int(slot.bitmap_top), width: Int(source.width),
                rows: Int(source.rows), coverage: coverage)
        }
        glyphs[id] = bitmap
        return bitmap
    }
}

/// A rendered glyph: 8-bit coverage, placed relative to the pen on the baseline.
struct GlyphBitmap {
    /// Pixels from the pen to the bitmap's left edge.
    var left: Int
    /// Pixels from the baseline up to the bitmap's top row.
    var top: Int
    var width: Int
    var rows: Int
    var coverage: [UInt8]
}
