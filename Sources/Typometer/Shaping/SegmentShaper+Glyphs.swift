import CHarfBuzz

/// Shaping a run into glyphs to draw, as the measuring shapes it.
extension SegmentShaper {
    /// The glyphs of `range` of `text` shaped as one run in `font`, in
    /// visual order (left to right; a right-to-left run's clusters descend),
    /// with the text around the range as context, as
    /// ``shapeMarkingJoins(_:range:font:script:rightToLeft:features:findingClusterStarts:language:)``
    /// shapes it for measuring. `features` count offsets in `text`;
    /// `language` selects `locl` forms. Each glyph's cluster is an offset in
    /// `text` plus `clusterShift`.
    func glyphs(of text: UTF16Text, range: Range<Int>, font: SizedFont, script: hb_script_t,
                rightToLeft: Bool, features: [hb_feature_t] = [], language: hb_language_t?,
                clusterShift: Int = 0) -> [ShapedGlyph] {
        guard !range.isEmpty else { return [] }
        return HarfBuzzBuffer().withPointer { buffer in
            // The same window of context as measuring passes HarfBuzz.
            let window = max(0, range.lowerBound - 16)..<min(text.count, range.upperBound + 16)
            hb_buffer_add_utf16(buffer, text.baseAddress! + window.lowerBound, Int32(window.count),
                                UInt32(range.lowerBound - window.lowerBound), Int32(range.count))
            hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_set_script(buffer, script)
            hb_buffer_set_language(buffer, language)
            let shift = UInt32(window.lowerBound)
            let features = shift == 0 ? features : features.map { feature in
                var feature = feature
                if feature.start != 0 { feature.start = feature.start >= shift ? feature.start - shift : 0 }
                if feature.end != UInt32.max { feature.end = feature.end >= shift ? feature.end - shift : 0 }
                return feature
            }
            features.withUnsafeBufferPointer { features in
                hb_shape(font.hbFont, buffer, features.baseAddress, UInt32(features.count))
            }
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                  let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
            let units = font.unitsPerPoint
            return (0..<Int(count)).map { glyph in
                ShapedGlyph(
                    id: infos[glyph].codepoint, advance: Double(positions[glyph].x_advance) / units,
                    xOffset: Double(positions[glyph].x_offset) / units, yOffset: Double(positions[glyph].y_offset) / units,
                    cluster: Int(infos[glyph].cluster) + window.lowerBound + clusterShift)
            }
        }
    }
}
