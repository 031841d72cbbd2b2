import CHarfBuzz

/// Calls into HarfBuzz's shaper.
extension SegmentShaper {
    /// Shapes `range` of `text` (the rest is context) and returns each code
    /// unit's share of the advance in points (a cluster's advance sits on its
    /// first unit); also tells for each unit whether breaking the text
    /// before it would change the shaping (`HB_GLYPH_FLAG_UNSAFE_TO_BREAK`)
    /// and, with `findingClusterStarts`, whether a glyph starts at it (else
    /// `hasGlyph` is empty). `language` selects `locl` forms.
    func shapeMarkingJoins(_ text: UTF16Text, range: Range<Int>, font: SizedFont,
                           script: hb_script_t, rightToLeft: Bool, features: [hb_feature_t] = [],
                           findingClusterStarts: Bool = false, language: hb_language_t?)
        -> (advances: [Double], unsafe: [Bool], hasGlyph: [Bool])
    {
        var result = [Double](filled: 0, count: range.count)
        var unsafe = [Bool](filled: false, count: range.count)
        var hasGlyph = [Bool](filled: false, count: findingClusterStarts ? range.count : 0)
        shape(text, range: range, font: font, script: script, rightToLeft: rightToLeft, features: features,
              language: language) { infos, positions, count, windowStart in
            for glyph in 0..<count {
                let unit = Int(infos[glyph].cluster) - (range.lowerBound - windowStart)
                if unit >= 0 && unit < result.count {
                    result[unit] += Double(positions[glyph].x_advance) / font.unitsPerPoint
                    if findingClusterStarts { hasGlyph[unit] = true }
                    if hb_glyph_info_get_glyph_flags(&infos[glyph]).rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0 {
                        unsafe[unit] = true
                    }
                }
            }
        }
        return (result, unsafe, hasGlyph)
    }

    /// Shapes `range` of `text` as one run with HarfBuzz and calls `read`
    /// with the glyphs' infos and positions, their count, and where the
    /// window of text HarfBuzz was given starts (glyph clusters count from
    /// it); `nil` when HarfBuzz gives no glyphs. HarfBuzz keeps 5 characters
    /// of context on each side: it is given a window of the text around the
    /// range, so offsets stay in 32 bits however long the text is.
    /// `features` count offsets in `text` and come after the style's
    /// (``styleFeatures``); `language` selects `locl` forms. A long run of
    /// marks is shaped with mark attachment off (``MarkAttachment``).
    func shape<Result>(
        _ text: UTF16Text, range: Range<Int>, font: SizedFont, script: hb_script_t, rightToLeft: Bool,
        features: [hb_feature_t], language: hb_language_t?,
        _ read: (_ infos: UnsafeMutablePointer<hb_glyph_info_t>, _ positions: UnsafeMutablePointer<hb_glyph_position_t>,
                 _ count: Int, _ windowStart: Int) -> Result
    ) -> Result? {
        HarfBuzzBuffer().withPointer { buffer in
            let window = max(0, range.lowerBound - 16)..<min(text.count, range.upperBound + 16)
            hb_buffer_add_utf16(buffer, text.baseAddress! + window.lowerBound, Int32(window.count),
                                UInt32(range.lowerBound - window.lowerBound), Int32(range.count))
            hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_set_script(buffer, script)
            hb_buffer_set_language(buffer, language)
            hb_buffer_set_cluster_level(buffer, clusterLevel)
            // Features of a range of the text (`start`, `end` offsets in it)
            // count from the window's start too; whole-text ones stay whole.
            let shift = UInt32(window.lowerBound)
            let attachmentOff = MarkAttachment.featuresTurningOff(in: text, range: range)
            let features = attachmentOff.isEmpty ? features : features + attachmentOff
            let ranged = shift == 0 ? features : features.map { feature in
                var feature = feature
                if feature.start != 0 { feature.start = feature.start >= shift ? feature.start - shift : 0 }
                if feature.end != UInt32.max { feature.end = feature.end >= shift ? feature.end - shift : 0 }
                return feature
            }
            let all = styleFeatures.isEmpty ? ranged : styleFeatures + ranged
            all.withUnsafeBufferPointer { features in
                hb_shape(font.hbFont, buffer, features.baseAddress, UInt32(features.count))
            }
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                  let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return nil }
            return read(infos, positions, Int(count), window.lowerBound)
        }
    }

    static let latin = HB_SCRIPT_LATIN
}
