import CHarfBuzz

/// How Pango 1.50 lines up the runs of a line (`apply_baseline_shift`): on
/// the baseline the script of the line's first run uses (alphabetic for
/// most scripts, ideographic face bottom for Han, kana and Hangul, hanging
/// for Devanagari and its kin), as each run's face places it (its `BASE`
/// table, or HarfBuzz's synthesis without one). A run whose face puts that
/// baseline elsewhere than the first run's moves up or down by the
/// difference, and its ascent and descent with it.
///
/// Line masks carry the first run's face and baseline kind in their top 8
/// bits (``FaceRegistry/faceBits`` masks them out).
enum PangoBaseline {
    enum Kind: UInt8 {
        case alphabetic = 0, ideographic = 1, hanging = 2
    }

    /// The baseline kind a run of `script` sets for its line.
    static func kind(for script: hb_script_t) -> Kind {
        switch hb_ot_layout_get_horizontal_baseline_tag_for_script(script) {
        case HB_OT_LAYOUT_BASELINE_TAG_IDEO_FACE_BOTTOM_OR_LEFT: return .ideographic
        case HB_OT_LAYOUT_BASELINE_TAG_HANGING: return .hanging
        default: return .alphabetic
        }
    }

    /// The lead bits for a line whose first run is in face `index` and sets
    /// baseline `kind`; 0 (no shift) when either is not worth telling.
    static func lead(face index: Int, kind: Kind) -> UInt64 {
        guard kind != .alphabetic, index < 63 else { return 0 }
        return (UInt64(kind.rawValue) << 6 | UInt64(index)) << 56
    }

    /// The first run's face index and baseline kind in `mask`, if any.
    static func lead(in mask: UInt64) -> (face: Int, kind: Kind)? {
        let bits = mask >> 56
        guard bits != 0, let kind = Kind(rawValue: UInt8(bits >> 6)) else { return nil }
        return (Int(bits & 63), kind)
    }

    /// Where `font` puts baseline `kind`, in Pango units, as HarfBuzz gives
    /// it for Pango's font scale (the size in 1/1024 points).
    static func position(of kind: Kind, in font: SizedFont) -> Int {
        guard let scaled = hb_font_create(font.face.hbFace) else { return 0 }
        defer { hb_font_destroy(scaled) }
        let scale = Int32(clamping: Int((font.size * 1024).rounded(.towardZero)))
        hb_font_set_scale(scaled, scale, scale)
        let (tag, script): (hb_ot_layout_baseline_tag_t, hb_script_t) = switch kind {
        case .alphabetic: (HB_OT_LAYOUT_BASELINE_TAG_ROMAN, HB_SCRIPT_LATIN)
        case .ideographic: (HB_OT_LAYOUT_BASELINE_TAG_IDEO_FACE_BOTTOM_OR_LEFT, HB_SCRIPT_HAN)
        case .hanging: (HB_OT_LAYOUT_BASELINE_TAG_HANGING, HB_SCRIPT_DEVANAGARI)
        }
        var scriptTags = [hb_tag_t](repeating: 0, count: Int(HB_OT_MAX_TAGS_PER_SCRIPT))
        var scriptCount = UInt32(HB_OT_MAX_TAGS_PER_SCRIPT)
        var languageCount: UInt32 = 0
        hb_ot_tags_from_script_and_language(script, nil, &scriptCount, &scriptTags, &languageCount, nil)
        let scriptTag = scriptCount > 0 ? scriptTags[Int(scriptCount) - 1] : 0
        var coordinate: hb_position_t = 0
        hb_ot_layout_get_baseline_with_fallback(scaled, tag, HB_DIRECTION_LTR, scriptTag, 0, &coordinate)
        return Int(coordinate)
    }
}
