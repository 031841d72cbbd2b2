import CHarfBuzz

/// A face at one point size: the immutable HarfBuzz font that shapes text
/// and the vertical metrics lines are built from.
///
/// HarfBuzz's own OpenType functions read the face's tables, so one
/// immutable `hb_font_t` is shared by every thread.
final class SizedFont: @unchecked Sendable {
    let face: FontFace
    /// Size in points (1 pt = 1 CSS px), as the style computes it: what a
    /// line height set as a multiple of the size multiplies.
    let size: Double
    /// The size the face is drawn at, which its advances and metrics scale
    /// with: Chromium's font cache keeps sizes floored to 1/100 px
    /// (`FontDescription::EffectiveFontSize`, in single precision), so a
    /// 15 px font at a device pixel ratio of 2.625 is drawn at 39.37 px
    /// (Chromium 156: `Hawke suite` in Noto Serif at 17 px × 2.625 is
    /// 261.90625 device px wide, not 44.625 px's 262); Pango's at its size.
    let drawnSize: Double
    /// Unrounded ascent, descent (positive) and line gap in points.
    let ascent: Double
    let descent: Double
    let lineGap: Double
    /// How the renderer scales the face (``FontScaling``).
    let scaling: FontScaling
    /// HarfBuzz positions are in `unitsPerPoint` units: 1/65536 point as
    /// Chromium configures HarfBuzz, 1/1024 point (whole Pango units, so
    /// each glyph's advance is rounded as Pango rounds it) for `.pango`.
    var unitsPerPoint: Double { scaling.unitsPerPoint }
    /// Ascent and descent in whole units of the HarfBuzz scale, as HarfBuzz
    /// reports them (`hb_font_get_h_extents`: each rounded half up), which
    /// is what Pango's logical rectangles are made of.
    let scaledAscent: Int
    let scaledDescent: Int
    /// Whether the renderer draws the face with subpixel positioning, which
    /// Chromium on Linux does for an installed face it found by family name
    /// on a screen of device pixel ratio above 1, and which changes how it
    /// rounds the face's ascent and descent (see
    /// ``LineHeightRules/subpixelPositionedFamily(in:language:devicePixelRatio:webFonts:)``).
    let positionsSubpixel: Bool

    let hbFont: OpaquePointer

    convenience init(face: FontFace, size: Double, scaling: FontScaling, positionsSubpixel: Bool = false) {
        let scale = scaling.drawnSize(size) / face.unitsPerEm
        self.init(face: face, size: size, scaling: scaling, ascent: face.designAscent * scale,
                  descent: face.designDescent * scale, lineGap: face.designLineGap * scale, fromFace: true,
                  positionsSubpixel: positionsSubpixel)
    }

    /// `face` at `size` with other vertical metrics (points): a line-height
    /// stand-in such as Pango's hex box.
    init(face: FontFace, size: Double, scaling: FontScaling, ascent: Double, descent: Double,
         lineGap: Double = 0, fromFace: Bool = false, positionsSubpixel: Bool = false) {
        self.face = face
        self.size = size
        let size = scaling.drawnSize(size)
        let unitsPerPoint = scaling.unitsPerPoint
        self.drawnSize = size
        self.positionsSubpixel = positionsSubpixel
        self.scaling = scaling
        self.ascent = ascent
        self.descent = descent
        self.lineGap = lineGap
        let font = hb_font_create(face.hbFace)!
        // Pango truncates its scale (an integer). Chromium sets the size in
        // 1/65536 px (truncated) and takes advances from FreeType through
        // Skia (``FreeTypeAdvances``).
        hb_font_set_scale(font, Int32((size * unitsPerPoint).rounded(.towardZero)), Int32((size * unitsPerPoint).rounded(.towardZero)))
        hb_font_make_immutable(font)
        var scaled = font
        if scaling.advancesFromFreeType {
            scaled = FreeTypeAdvances.font(advancing: font, design: face.metricsFont, size: size, unitsPerEm: face.unitsPerEm)
            hb_font_destroy(font)
        }
        if scaling.advancesFromFreeType, let strikes = face.colorStrikes {
            self.hbFont = StrikeAdvances.font(advancing: scaled, by: strikes.strike(forPixelSize: size), size: size)
            hb_font_destroy(scaled)
        } else {
            self.hbFont = scaled
        }
        var extents = hb_font_extents_t()
        if fromFace, hb_font_get_h_extents(hbFont, &extents) != 0 {
            scaledAscent = Int(extents.ascender)
            scaledDescent = -Int(extents.descender)
        } else {
            scaledAscent = Int((ascent * unitsPerPoint + 0.5).rounded(.down))
            scaledDescent = -Int((-descent * unitsPerPoint + 0.5).rounded(.down))
        }
    }

    deinit { hb_font_destroy(hbFont) }
}
