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
        return shape(text, range: range, font: font, script: script, rightToLeft: rightToLeft, features: features,
                     language: language) { infos, positions, count, windowStart in
            let units = font.unitsPerPoint
            return (0..<count).map { glyph in
                ShapedGlyph(
                    id: infos[glyph].codepoint, advance: Double(positions[glyph].x_advance) / units,
                    xOffset: Double(positions[glyph].x_offset) / units, yOffset: Double(positions[glyph].y_offset) / units,
                    cluster: Int(infos[glyph].cluster) + windowStart + clusterShift)
            }
        } ?? []
    }
}
