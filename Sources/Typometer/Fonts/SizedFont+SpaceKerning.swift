import CHarfBuzz

extension SizedFont {
    /// Whether the face may kern its space with a character after it: one
    /// of its `kern` lookups takes the space glyph among its input glyphs
    /// (Liberation Sans and Serif do; Noto, Inter and DejaVu do not), or it
    /// has a legacy `kern` table and no `GPOS`. Reads the face's tables:
    /// worth asking once per measurer, not per word.
    var mayKernSpace: Bool {
        let face = self.face.hbFace
        var space: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(hbFont, 0x20, &space) != 0 else { return false }
        guard hb_ot_layout_has_positioning(face) != 0 else {
            let kern = hb_face_reference_table(face, UInt32(tag: "kern"))
            defer { hb_blob_destroy(kern) }
            return hb_blob_get_length(kern) > 0
        }
        let lookups = hb_set_create()
        defer { hb_set_destroy(lookups) }
        var features: [hb_tag_t] = [UInt32(tag: "kern"), 0]
        hb_ot_layout_collect_lookups(face, UInt32(tag: "GPOS"), nil, nil, &features, lookups)
        var lookup = hb_codepoint_t.max
        while hb_set_next(lookups, &lookup) != 0 {
            let glyphs = hb_set_create()
            defer { hb_set_destroy(glyphs) }
            hb_ot_layout_lookup_collect_glyphs(face, UInt32(tag: "GPOS"), lookup, nil, glyphs, nil, nil)
            if hb_set_has(glyphs, space) != 0 { return true }
        }
        return false
    }
}
