import CHarfBuzz

/// Where Pango keeps letter spacing that ``PangoRules/lineEdgeSpacing(letterSpacing:)``
/// says a line drops at its ends.
///
/// Pango spaces a run (`pango_glyph_item_letter_space`) by half the spacing
/// before each HarfBuzz cluster that starts a grapheme (but the run's
/// first) and half after it (but after the run's last cluster);
/// `shape_run` puts the run's outer halves on its first and last glyphs,
/// and `adjust_line_letter_spacing` takes the outer halves off the runs at
/// a line's two ends, off the glyph nearest the end that has a width.
extension TextMeasurer {
    /// The letter spacing, in points, that Pango keeps of what a line from
    /// `start` to `end` of `paragraph` drops at its ends, in this style:
    ///
    /// - the outer half of each run whose last character is a mark in a
    ///   HarfBuzz cluster of its own (`है`: the half after `ह` stays; the
    ///   run's own is on the mark, taken off at a line's end, kept inside
    ///   a line);
    /// - the half toward the paragraph's end of a word whose trailing space
    ///   is a run of its own, at another bidi level or in another face (the
    ///   space is zeroed at the break: no half to take off).
    ///
    /// `wrapped`: the line breaks after its trailing spaces (Pango zeroes
    /// the last), else they count.
    func pangoKeptLineEndSpacing(
        in units: UTF16Text, start: Int, end: Int, paragraph: Range<Int>, wrapped: Bool
    ) -> Double {
        guard lineEdgeSpacing != 0, end > start else { return 0 }
        let left = lineLeftEdgeSpacing, right = lineEdgeSpacing - lineLeftEdgeSpacing
        let base = PangoRules.baseLevel(of: units, paragraph: paragraph)
        var contentEnd = end
        while contentEnd > start, units[contentEnd - 1] == 0x20 || units[contentEnd - 1] == 0x09 { contentEnd -= 1 }
        guard contentEnd > start else { return 0 }
        let towardParagraphEnd = base & 1 == 1 ? left : right
        if wrapped, contentEnd < end,
           let levels = PangoBidiLevels.levels(of: units, range: contentEnd - 1..<end, paragraph: paragraph, base: base),
           levels[0] != levels[end - contentEnd] {
            return towardParagraphEnd
        }
        // Latin letters are clusters of their own, their spaces in their face.
        guard units[start..<end].contains(where: { $0 >= 0x300 }) else { return 0 }
        let clusters = interior(
            of: units, range: start..<end, paragraph: paragraph, base: base, rules: PangoRules.self).clusters
        let count = clusters.offsets.count
        var kept = 0.0
        if wrapped, contentEnd < end, count > 1, clusters.faces[count - 1] != clusters.faces[count - 2] {
            kept += towardParagraphEnd
        }
        for index in 0..<count where !clusters.isSpace[index] {
            // Pango's items end where the face or the script does.
            guard index == count - 1 || clusters.faces[index + 1] != clusters.faces[index]
                || clusters.scripts[index + 1] != clusters.scripts[index] else { continue }
            let grapheme = start + clusters.offsets[index]..<(index + 1 < count ? start + clusters.offsets[index + 1] : end)
            if endsWithMarkCluster(units, grapheme, face: max(clusters.faces[index], 0), script: clusters.scripts[index]) {
                kept += hb_script_get_horizontal_direction(clusters.scripts[index]) == HB_DIRECTION_RTL ? left : right
            }
        }
        return kept
    }

    /// Whether `grapheme`, drawn in face `face` in `script`, ends with a
    /// HarfBuzz cluster (at Pango's cluster level) that starts after it: a
    /// mark left apart from its base.
    private func endsWithMarkCluster(_ units: UTF16Text, _ grapheme: Range<Int>, face: Int, script: hb_script_t) -> Bool {
        let single = UTF16.isLeadSurrogate(units[grapheme.lowerBound]) ? 2 : 1
        guard grapheme.count > single, units[grapheme.upperBound - 1] >= 0x300 else { return false }
        let shaped = shaper.shapeMarkingJoins(
            units, range: grapheme, font: registry.font(at: face), script: script,
            rightToLeft: hb_script_get_horizontal_direction(script) == HB_DIRECTION_RTL, findingClusterStarts: true,
            language: PangoRules.language(for: script, content: shaper.selector.language))
        return shaped.hasGlyph.dropFirst().contains(true)
    }
}
