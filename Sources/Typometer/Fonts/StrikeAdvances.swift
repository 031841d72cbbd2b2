import CHarfBuzz

/// A color bitmap strike's advances at one font size, as Skia scales them
/// for Chromium (see ``ColorBitmapStrikes``): what the HarfBuzz font made by
/// ``font(advancing:by:size:)`` advances glyphs by.
final class StrikeAdvances: @unchecked Sendable {
    private let advances: [UInt32: Int]
    /// The font size over the strike's size, in single precision as Skia
    /// computes it.
    private let scale: Float

    private init(strike: ColorBitmapStrikes.Strike, size: Double) {
        advances = strike.advances
        scale = Float(size) / Float(strike.ppem)
    }

    /// `glyph`'s advance in 1/65536 px (truncated, as Chromium converts
    /// Skia's advance to a HarfBuzz position), or `nil` when the strike has
    /// no bitmap for it.
    private func advance(of glyph: UInt32) -> hb_position_t? {
        advances[glyph].map { hb_position_t(Float($0) * scale * 65536) }
    }

    /// A font over `parent` (not consumed) whose horizontal advances are
    /// `strike`'s scaled to `size`, the parent's for glyphs without a bitmap.
    static func font(advancing parent: OpaquePointer, by strike: ColorBitmapStrikes.Strike, size: Double) -> OpaquePointer {
        let font = hb_font_create_sub_font(parent)!
        let data = Unmanaged.passRetained(StrikeAdvances(strike: strike, size: size)).toOpaque()
        hb_font_set_funcs(font, functions, data) { Unmanaged<StrikeAdvances>.fromOpaque($0!).release() }
        hb_font_make_immutable(font)
        return font
    }

    nonisolated(unsafe) private static let functions: OpaquePointer = {
        let functions = hb_font_funcs_create()!
        hb_font_funcs_set_glyph_h_advance_func(functions, { font, data, glyph, _ in
            Unmanaged<StrikeAdvances>.fromOpaque(data!).takeUnretainedValue().advance(of: glyph)
                ?? hb_font_get_glyph_h_advance(hb_font_get_parent(font), glyph)
        }, nil, nil)
        hb_font_funcs_make_immutable(functions)
        return functions
    }()
}
