import CHarfBuzz

/// Chromium's `text-spacing-trim: normal` between adjacent fullwidth CJK
/// punctuation (Blink's `HanKerning`, CSS Text 4 "fullwidth punctuation
/// collapsing"): in a face with the OpenType `halt` feature, an opening
/// bracket after an opening bracket, a middle dot or a closing mark loses
/// its leading half, and a closing mark before a closing mark or a middle dot
/// loses its trailing half. `。」` is one and a half ems wide, not two.
struct HanKerning: Sendable {
    enum CharacterType: Sendable { case other, open, close, middle, openNarrow, closeNarrow }

    /// Whether the face can trim, and how its dots, colons and semicolons
    /// sit in their em box (from the glyphs' bounds, as Blink measures them).
    struct FaceData: Sendable {
        var hasAlternateSpacing = false
        var dot = CharacterType.other
        var colon = CharacterType.other
        var semicolon = CharacterType.other
        var quotesAreFullwidth = false
    }

    /// The face data Blink computes for `font` (`HanKerning::FontData`):
    /// each glyph's bounds against half its advance, the bounds rounded out
    /// to whole pixels where the face is not drawn with subpixel positioning
    /// (`SkFontGetBoundsForGlyphs`), as Chromium draws web fonts and the
    /// faces of character fallback. At 8 px (16 px at a device pixel ratio
    /// of 0.5) Noto Sans CJK's centred Traditional Chinese dots are wider
    /// than half an em so rounded, and Chromium 156 then trims none of them:
    /// `「一」、「二」、「三」。（四）、` takes 8 lines 56 px wide there, not 4.
    static func faceData(for font: SizedFont, language: hb_language_t?) -> FaceData {
        var data = FaceData()
        guard hasPositioningFeature(0x68616C74, in: font.face) else { return data } // 'halt'
        data.hasAlternateSpacing = true
        let unit = font.unitsPerPoint
        func type(of scalar: UInt32) -> CharacterType {
            guard let glyph = self.glyph(of: scalar, in: font, language: language) else { return .other }
            var extents = hb_glyph_extents_t()
            guard hb_font_get_glyph_extents(font.hbFont, glyph, &extents) != 0 else { return .other }
            let half = Double(hb_font_get_glyph_h_advance(font.hbFont, glyph)) / unit / 2
            var left = Double(extents.x_bearing) / unit
            var right = Double(extents.x_bearing + extents.width) / unit
            if !font.positionsSubpixel {
                left.round(.down)
                right.round(.up)
            }
            if right <= half { return .close }
            if left >= half { return .open }
            if right - left <= half && left >= half / 2 { return .middle }
            return .other
        }
        let dots = [0x3001, 0x3002, 0xFF0C, 0xFF0E].map { type(of: $0) }
        data.dot = dots.allSatisfy { $0 == dots[0] } ? dots[0] : .other
        data.colon = type(of: 0xFF1A)
        data.semicolon = type(of: 0xFF1B)
        data.quotesAreFullwidth = type(of: 0x201C) == .open && type(of: 0x2018) == .open
            && type(of: 0x201D) == .close && type(of: 0x2019) == .close
        return data
    }

    /// The glyph `font` draws `scalar` with in `language` (Blink looks at the
    /// glyphs the content language's `locl` forms give: Traditional Chinese
    /// faces center their punctuation); the nominal glyph without one.
    private static func glyph(of scalar: UInt32, in font: SizedFont, language: hb_language_t?) -> hb_codepoint_t? {
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font.hbFont, scalar, &glyph) != 0 else { return nil }
        guard let language else { return glyph }
        return HarfBuzzBuffer().withPointer { buffer in
            var unit = UInt16(truncatingIfNeeded: scalar)
            hb_buffer_add_utf16(buffer, &unit, 1, 0, 1)
            hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
            hb_buffer_set_script(buffer, HB_SCRIPT_HAN)
            hb_buffer_set_language(buffer, language)
            hb_shape(font.hbFont, buffer, nil, 0)
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count), count == 1 else { return glyph }
            return infos[0].codepoint
        }
    }

    /// Whether the face's GPOS table lists feature `tag`.
    private static func hasPositioningFeature(_ tag: hb_tag_t, in face: FontFace) -> Bool {
        var tags = [hb_tag_t](repeating: 0, count: 64)
        var offset: UInt32 = 0
        while true {
            var count = UInt32(tags.count)
            let total = hb_ot_layout_table_get_feature_tags(face.hbFace, 0x47504F53, offset, &count, &tags) // 'GPOS'
            if tags[0..<Int(count)].contains(tag) { return true }
            offset += count
            if count == 0 || offset >= total { return false }
        }
    }

    static func type(of unit: UInt16, in face: FaceData) -> CharacterType {
        switch unit {
        case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D,
             0xFF08, 0xFF3B, 0xFF5B, 0xFF5F:
            return .open
        case 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301E, 0x301F,
             0xFF09, 0xFF3D, 0xFF5D, 0xFF60:
            return .close
        case 0x30FB: return .middle
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E: return face.dot
        case 0xFF1A: return face.colon
        case 0xFF1B: return face.semicolon
        case 0x2018, 0x201C: return face.quotesAreFullwidth ? .open : .openNarrow
        case 0x2019, 0x201D: return face.quotesAreFullwidth ? .close : .closeNarrow
        // ASCII brackets, in whatever face, count as narrow ones around a
        // fullwidth mark (Chromium trims the 「 of "(「" to half an em).
        case 0x28, 0x5B, 0x7B: return .openNarrow
        case 0x29, 0x5D, 0x7D: return .closeNarrow
        default: return .other
        }
    }

    /// Whether any unit of `text` can take part in trimming.
    static func mayApply(_ text: UTF16Text) -> Bool {
        text.contains { unit in
            (0x3001...0x3002).contains(unit) || (0x3008...0x301F).contains(unit) || unit == 0x30FB
                || (0xFF08...0xFF60).contains(unit) || (0x2018...0x201D).contains(unit)
        }
    }

    /// The `halt` feature ranges for the run `range` of `text` shaped in a
    /// face described by `face` (clusters are code-unit offsets into `text`),
    /// and the offsets where breaking the line would undo one (a mark
    /// trimmed because of the character across that offset). The characters
    /// next to the run within `limit` count, whatever their face, as Blink
    /// reads them from the text around the run.
    static func features(for text: UTF16Text, range: Range<Int>, limit: Range<Int>,
                         face: FaceData) -> (features: [hb_feature_t], unsafeBefore: [Int]) {
        let context = max(limit.lowerBound, range.lowerBound - 1)..<min(limit.upperBound, range.upperBound + 1)
        guard face.hasAlternateSpacing, context.count > 1,
              mayApply(text[range]) else { return ([], []) }
        var features: [hb_feature_t] = []
        var unsafeBefore: [Int] = []
        func trim(_ index: Int) {
            features.append(hb_feature_t(tag: 0x68616C74, value: 1, start: UInt32(index), end: UInt32(index + 1)))
        }
        var last = type(of: text[context.lowerBound], in: face)
        for index in context.lowerBound + 1..<context.upperBound {
            let current = type(of: text[index], in: face)
            if last == .close && (current == .close || current == .middle || current == .closeNarrow) {
                if range.contains(index - 1) {
                    trim(index - 1)
                    unsafeBefore.append(index)
                }
            } else if current == .open && (last == .open || last == .middle || last == .close || last == .openNarrow) {
                if range.contains(index) {
                    trim(index)
                    unsafeBefore.append(index)
                }
            }
            last = current
        }
        return (features, unsafeBefore)
    }
}
