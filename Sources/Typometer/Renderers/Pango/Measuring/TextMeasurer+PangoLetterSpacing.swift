import CHarfBuzz

/// Where Pango keeps letter spacing that ``PangoRules/lineEdgeSpacing(letterSpacing:)``
/// says a line drops at its ends.
///
/// Pango spaces a run (`shape_run`) by half the spacing before each
/// grapheme and half after it, except before its first and after its last
/// HarfBuzz cluster, which get their halves on the run's first and last
/// glyphs instead; `adjust_line_letter_spacing` takes the outer halves off
/// the runs at a line's two ends, off the glyph nearest the end that has a
/// width.
extension TextMeasurer {
    /// The letter spacing, in points, that Pango keeps of what a line from
    /// `start` to `end` of `paragraph` drops at its ends: the outer half of
    /// a run whose last character is a mark in a HarfBuzz cluster of its own
    /// (`है` at a line's end: the half after `ह` stays, the mark's is taken
    /// off), or the half toward the paragraph's end of a word whose trailing
    /// space is a run of its own, at another bidi level (a zeroed space
    /// holds no half to take off). `wrapped`: the line breaks after its
    /// trailing spaces (Pango zeroes the last), else they count.
    func pangoKeptLineEndSpacing(
        in units: UTF16Text, start: Int, end: Int, paragraph: Range<Int>, wrapped: Bool
    ) -> Double {
        guard lineEdgeSpacing != 0, end > start else { return 0 }
        let left = lineLeftEdgeSpacing, right = lineEdgeSpacing - lineLeftEdgeSpacing
        let base = PangoRules.baseLevel(of: units, paragraph: paragraph)
        var contentEnd = end
        while contentEnd > start, units[contentEnd - 1] == 0x20 || units[contentEnd - 1] == 0x09 { contentEnd -= 1 }
        if contentEnd < end {
            guard wrapped, contentEnd > start,
                  let levels = PangoBidiLevels.levels(
                      of: units, range: contentEnd - 1..<end, paragraph: paragraph, base: base),
                  levels[0] != levels[end - contentEnd] else { return 0 }
            return base & 1 == 1 ? left : right
        }
        // A last grapheme of one code point is a cluster of its own.
        guard units[end - 1] >= 0x300 else { return 0 }
        // The last grapheme, found in the last few code units.
        var lower = max(start, end - 16)
        if lower > start, UTF16.isTrailSurrogate(units[lower]) { lower += 1 }
        let clusters = interior(
            of: units, range: lower..<end, paragraph: paragraph, base: base, rules: PangoRules.self).clusters
        guard let last = clusters.offsets.indices.last else { return 0 }
        let graphemeStart = lower + clusters.offsets[last]
        guard end - graphemeStart > (UTF16.isLeadSurrogate(units[graphemeStart]) ? 2 : 1) else { return 0 }
        let face = max(clusters.faces[last], 0)
        let script = clusters.scripts[last]
        let rightToLeft = hb_script_get_horizontal_direction(script) == HB_DIRECTION_RTL
        let shaped = shaper.shapeMarkingJoins(
            units, range: graphemeStart..<end, font: registry.font(at: face), script: script,
            rightToLeft: rightToLeft, findingClusterStarts: true,
            language: PangoRules.language(for: script, content: shaper.selector.language))
        guard shaped.hasGlyph.dropFirst().contains(true) else { return 0 }
        return rightToLeft ? left : right
    }
}
