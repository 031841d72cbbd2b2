import CFreeType
import Typometer

/// One face of a font file at one pixel size, drawn with FreeType: outline
/// glyphs anti-aliased with light hinting (Chromium's `hintslight` on
/// Debian), color bitmap glyphs (Noto Color Emoji's CBDT strikes) loaded
/// with `FT_LOAD_COLOR` from the strike nearest the size and scaled to it.
/// Glyph bitmaps are cached. Owns its `FT_Face`, opened from the bytes the
/// measured face read (which it keeps alive), so a font file changed on disk
/// since cannot fault the drawing; the ``GlyphRasterizer`` that made it owns
/// the library and outlives it. Not thread-safe.
final class RasterFace {
    /// Pixels per em.
    let pixelSize: Double
    private let face: FT_Face
    /// The measured face, whose file bytes `face` reads.
    private let source: FontFace
    /// For a face of bitmap strikes only: the size over the chosen strike's.
    private let strikeScale: Double?
    private var glyphs: [UInt32: GlyphBitmap] = [:]

    /// Loads `source` into `library` at `pixelSize` pixels per em.
    /// - Throws: ``RenderError`` when FreeType cannot load it or size it.
    init(library: FT_Library, source: FontFace, pixelSize: Double) throws(RenderError) {
        let (path, index) = (source.path, source.index)
        var loaded: FT_Face?
        let error = source.withFileBytes { bytes in
            FT_New_Memory_Face(library, bytes.baseAddress?.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count),
                               FT_Long(index), &loaded)
        }
        guard error == 0, let face = loaded else { throw RenderError("cannot load \(path)#\(index) for drawing") }
        let flags = face.pointee.face_flags
        var strikeScale: Double?
        if flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0, face.pointee.num_fixed_sizes > 0 {
            // The strike nearest the size; its bitmaps are scaled to it.
            let sizes = UnsafeBufferPointer(start: face.pointee.available_sizes, count: Int(face.pointee.num_fixed_sizes))
            let nearest = sizes.indices.min { abs(Double(sizes[$0].y_ppem) / 64 - pixelSize) < abs(Double(sizes[$1].y_ppem) / 64 - pixelSize) }!
            guard FT_Select_Size(face, FT_Int(nearest)) == 0 else {
                FT_Done_Face(face)
                throw RenderError("cannot select a bitmap size of \(path)#\(index)")
            }
            strikeScale = pixelSize / (Double(sizes[nearest].y_ppem) / 64)
        } else if FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72) != 0 {
            FT_Done_Face(face)
            throw RenderError("cannot size \(path)#\(index) at \(pixelSize) px")
        }
        self.face = face
        self.source = source
        self.pixelSize = pixelSize
        self.strikeScale = strikeScale
    }

    deinit { FT_Done_Face(face) }

    /// Glyph `id` rendered, cached (empty when FreeType cannot render it).
    func bitmap(for id: UInt32) -> GlyphBitmap {
        if let cached = glyphs[id] { return cached }
        let bitmap = render(id) ?? .empty
        glyphs[id] = bitmap
        return bitmap
    }

    private func render(_ id: UInt32) -> GlyphBitmap? {
        let hasColor = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        // FT_LOAD_TARGET_LIGHT: hinted vertically only, as `hintslight`.
        let flags = hasColor ? Int32(FT_LOAD_COLOR) : Int32(FT_RENDER_MODE_LIGHT.rawValue & 15) << 16
        guard FT_Load_Glyph(face, id, flags) == 0 else { return nil }
        let slot = face.pointee.glyph!
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
            guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        }
        let source = slot.pointee.bitmap
        let width = Int(source.width), rows = Int(source.rows), pitch = Int(source.pitch)
        let left = Int(slot.pointee.bitmap_left), top = Int(slot.pointee.bitmap_top)
        guard width > 0, rows > 0, let buffer = source.buffer else { return .empty }
        switch source.pixel_mode {
        case UInt8(FT_PIXEL_MODE_GRAY.rawValue):
            var coverage = [UInt8](repeating: 0, count: width * rows)
            for row in 0..<rows {
                for column in 0..<width { coverage[row * width + column] = buffer[row * pitch + column] }
            }
            return GlyphBitmap(left: left, top: top, width: width, rows: rows, coverage: coverage)
        case UInt8(FT_PIXEL_MODE_BGRA.rawValue):
            var bgra = [UInt8](repeating: 0, count: width * rows * 4)
            for row in 0..<rows {
                for byte in 0..<width * 4 { bgra[row * width * 4 + byte] = buffer[row * pitch + byte] }
            }
            return GlyphBitmap.scaled(bgra: bgra, width: width, rows: rows, left: left, top: top, by: strikeScale ?? 1)
        default:
            return nil
        }
    }
}
