import CHarfBuzz

/// Mark attachment turned off where a long run of marks would make
/// HarfBuzz quadratic.
///
/// HarfBuzz 6.0 attaches each mark by looking back over every mark (and
/// default ignorable) before it for its base (CVE-2023-25193, fixed in
/// 7.1): a base and 80,000 marks took 24 s to shape. Chromium 156 and
/// Pango 1.50 shape such a run whole with the same HarfBuzz (69 s and 33 s
/// for 80,000 marks) and lay it out as any cluster: one line of the
/// primary face's height, as wide as its glyphs' advances. A run of text
/// holding more than ``longestRun`` marks and default ignorables in a row
/// is shaped with the mark positioning features (`mark`, `mkmk`, `abvm`,
/// `blwm`) off over its whole range: attachment only moves marks (their
/// offsets), never their glyphs or advances, so the widths and heights are
/// those of the renderers, in linear time. Only drawing sees the difference:
/// such a run's marks are not placed on their bases. The features are
/// turned off for a range, not globally, so HarfBuzz still knows the font
/// positions marks (a global switch would change its Hebrew compositions).
enum MarkAttachment {
    /// The most marks and default ignorables in a row shaped with
    /// attachment on: 32, HarfBuzz's own bound on the marks it reorders
    /// (`HB_OT_SHAPE_MAX_COMBINING_MARKS`).
    static let longestRun = 32

    /// The features that turn attachment off over `range` (offsets in the
    /// text HarfBuzz is given), when `range` of `text` holds a run longer
    /// than ``longestRun``; none otherwise.
    ///
    /// - Complexity: O(*n* / ``longestRun``) property lookups for *n* code
    ///   units without such a run (one every ``longestRun`` units), plus
    ///   the length of each run of marks met.
    static func featuresTurningOff(in text: UTF16Text, range: Range<Int>) -> [hb_feature_t] {
        guard hasLongRun(in: text, range: range) else { return [] }
        // A range that is not the whole text (`end` is not `UInt32.max`).
        return [0x6D61726B, 0x6D6B6D6B, 0x6162766D, 0x626C776D].map { tag in  // mark, mkmk, abvm, blwm
            hb_feature_t(tag: tag, value: 0, start: UInt32(range.lowerBound), end: UInt32(range.upperBound))
        }
    }

    /// Whether `range` of `text` holds more than ``longestRun`` code units
    /// of marks and default ignorables in a row: such a run holds one of
    /// the units ``longestRun`` apart, probed from the range's start.
    static func hasLongRun(in text: UTF16Text, range: Range<Int>) -> Bool {
        var probe = range.lowerBound + longestRun - 1
        while probe < range.upperBound {
            if mayBeSkipped(text[probe]) {
                var start = probe, end = probe
                while start > range.lowerBound, isSkipped(at: start - 1, in: text, range: range) { start -= 1 }
                while end < range.upperBound, isSkipped(at: end, in: text, range: range) { end += 1 }
                if end - start > longestRun { return true }
                probe = max(probe, end) + longestRun
            } else {
                probe += longestRun
            }
        }
        return false
    }

    /// Whether `unit` may be (part of) a mark or a default ignorable: all
    /// are from U+0300 on but the soft hyphen.
    private static func mayBeSkipped(_ unit: UInt16) -> Bool { unit >= 0x300 || unit == 0xAD }

    /// Whether the code unit at `offset` is part of a mark or a default
    /// ignorable, as HarfBuzz's look back for a mark's base skips them.
    private static func isSkipped(at offset: Int, in text: UTF16Text, range: Range<Int>) -> Bool {
        let unit = text[offset]
        guard mayBeSkipped(unit) else { return false }
        var scalar = UInt32(unit)
        if UTF16.isLeadSurrogate(unit), offset + 1 < range.upperBound, UTF16.isTrailSurrogate(text[offset + 1]) {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (UInt32(text[offset + 1]) - 0xDC00)
        } else if UTF16.isTrailSurrogate(unit), offset > range.lowerBound, UTF16.isLeadSurrogate(text[offset - 1]) {
            scalar = 0x10000 + ((UInt32(text[offset - 1]) - 0xD800) << 10) + (scalar - 0xDC00)
        }
        let properties = ScalarProperties(scalar)
        return properties.isMark || properties.isDefaultIgnorable
    }
}
