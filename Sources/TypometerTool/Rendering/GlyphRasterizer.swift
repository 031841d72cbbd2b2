import CFreeType
import Typometer

/// Draws glyphs with FreeType: one `FT_Library` and the faces opened in it,
/// each cached by face and pixel size. Not thread-safe.
final class GlyphRasterizer {
    private let library: FT_Library
    private struct Key: Hashable {
        var face: FontFace
        var pixelSize: Double
    }
    /// `nil` for a face FreeType could not load, so it is tried once.
    private var faces: [Key: RasterFace?] = [:]

    /// - Throws: ``RenderError`` when FreeType does not start.
    init() throws(RenderError) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw RenderError("FreeType did not start") }
        self.library = library
    }

    deinit {
        // Faces first: they live in the library.
        faces.removeAll()
        FT_Done_FreeType(library)
    }

    /// `face` at `pixelSize` pixels per em, loaded on first use; `nil` when
    /// FreeType cannot load it.
    func face(_ face: FontFace, pixelSize: Double) -> RasterFace? {
        let key = Key(face: face, pixelSize: pixelSize)
        if let known = faces[key] { return known }
        let loaded = try? RasterFace(library: library, source: face, pixelSize: pixelSize)
        faces[key] = .some(loaded)
        return loaded
    }
}
