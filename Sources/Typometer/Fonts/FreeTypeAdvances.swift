import CHarfBuzz

/// Glyph advances as Chromium gets them on Linux: FreeType's linear
/// advance (`linearHoriAdvance`, the design advance times the size's 16.16
/// scale, `FT_MulDiv(advance, x_scale, 64)`), which Skia hands to HarfBuzz
/// unchanged in 1/65536 px. HarfBuzz's own scaling of the same advance can
/// differ by a unit, which moves a rounded-up `LayoutUnit` now and then.
final class FreeTypeAdvances: @unchecked Sendable {
    /// The face's design-unit font (owned here by a reference of its own).
    private let design: OpaquePointer
    /// FreeType's 16.16 scale from font units to 26.6 pixels:
    /// `FT_DivFix(size in 26.6, units per em)`.
    private let scale: Int64

    private init(design: OpaquePointer, scale: Int64) {
        self.design = hb_font_reference(design)
        self.scale = scale
    }

    deinit { hb_font_destroy(design) }

    /// FreeType's 16.16 scale for `size` px in a face of `unitsPerEm`.
    static func scale(size: Double, unitsPerEm: Double) -> Int64 {
        let size26Dot6 = Int64((size * 64).rounded(.towardZero))
        let upem = Int64(unitsPerEm)
        return (size26Dot6 * 65536 + upem / 2) / upem
    }

    /// `units` (font units) at the size: `FT_MulDiv(units, scale, 64)`,
    /// rounded half away from zero.
    private func scaled(_ units: hb_position_t) -> hb_position_t {
        let product = Int64(units) * scale
        let magnitude = (abs(product) + 32) / 64
        return hb_position_t(product < 0 ? -magnitude : magnitude)
    }

    private func advance(of glyph: UInt32) -> hb_position_t {
        scaled(hb_font_get_glyph_h_advance(design, glyph))
    }

    /// The advances of `count` glyphs at once, as HarfBuzz asks while
    /// shaping: the design font's in one call, then scaled in place.
    private func advances(
        count: UInt32, glyphs: UnsafePointer<hb_codepoint_t>, glyphStride: UInt32,
        advances: UnsafeMutablePointer<hb_position_t>, advanceStride: UInt32
    ) {
        hb_font_get_glyph_h_advances(design, count, glyphs, glyphStride, advances, advanceStride)
        var slot = UnsafeMutableRawPointer(advances)
        for _ in 0..<count {
            let advance = slot.assumingMemoryBound(to: hb_position_t.self)
            advance.pointee = scaled(advance.pointee)
            slot += Int(advanceStride)
        }
    }

    /// A font over `parent` (not consumed) whose horizontal advances are
    /// FreeType's for `size`, from `design` (a font at the face's units per
    /// em).
    static func font(advancing parent: OpaquePointer, design: OpaquePointer, size: Double, unitsPerEm: Double) -> OpaquePointer {
        let font = hb_font_create_sub_font(parent)!
        let advances = FreeTypeAdvances(design: design, scale: scale(size: size, unitsPerEm: unitsPerEm))
        let data = Unmanaged.passRetained(advances).toOpaque()
        hb_font_set_funcs(font, functions, data) { Unmanaged<FreeTypeAdvances>.fromOpaque($0!).release() }
        hb_font_make_immutable(font)
        return font
    }

    nonisolated(unsafe) private static let functions: OpaquePointer = {
        let functions = hb_font_funcs_create()!
        hb_font_funcs_set_glyph_h_advance_func(functions, { _, data, glyph, _ in
            Unmanaged<FreeTypeAdvances>.fromOpaque(data!).takeUnretainedValue().advance(of: glyph)
        }, nil, nil)
        hb_font_funcs_set_glyph_h_advances_func(functions, { _, data, count, glyphs, glyphStride, advances, advanceStride, _ in
            Unmanaged<FreeTypeAdvances>.fromOpaque(data!).takeUnretainedValue().advances(
                count: count, glyphs: glyphs!, glyphStride: glyphStride, advances: advances!, advanceStride: advanceStride)
        }, nil, nil)
        hb_font_funcs_make_immutable(functions)
        return functions
    }()
}
