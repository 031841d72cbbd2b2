import CHarfBuzz

/// Which characters a face shapes, in runs of one script, exactly as
/// HarfBuzz would shape them without any context: one nominal glyph each,
/// moved only by pair kerning. For those, a word's advances are table
/// lookups (see ``SimpleWordShaper``) instead of a `hb_shape` call.
///
/// Found from the face's layout tables, for the lookups HarfBuzz 6's plan
/// applies to left-to-right text of the script in English (`en-us`, the
/// language both renderers shape Latin, Cyrillic and Greek in) with no
/// features requested:
/// - a character is simple when it maps to a glyph that is a base or
///   unclassified glyph and that no substitution or non-pair adjustment
///   acts on by itself (a rule of one glyph);
/// - a pair of simple glyphs is forbidden when some rule of several glyphs
///   could match text holding it (every rule needs each pair of adjacent
///   positions it names; the pair whose positions accept fewest glyphs is
///   forbidden), or when a pair adjustment skips its second glyph;
/// - every other pair is kerned by the sum of what each pair-adjustment
///   lookup gives it, in design units, scaled per size as HarfBuzz scales.
///
/// Costly (a few milliseconds per face and script): made once per face by
/// ``FontFace/simpleWordModel(for:)``. Immutable; safe from any thread.
struct SimpleWordModel: Sendable {
    /// Scripts that have a model: their words are often made of simple
    /// characters.
    static let scripts: [hb_script_t] = [HB_SCRIPT_LATIN, HB_SCRIPT_CYRILLIC, HB_SCRIPT_GREEK]
    /// Code units at or past this have no entry (the table ends after
    /// General Punctuation).
    static let unitLimit = 0x2070
    /// A unit's entry when it is not simple.
    static let notSimple = UInt16.max
    /// Entry bits: the glyph's number, a fact for line breaking and
    /// whether the character has the model's script.
    static let glyphBits: UInt16 = 0x0FFF
    /// A character no break opportunity can fall next to in a word of
    /// these characters alone: outside ASCII, line-break classes AL and
    /// QU; in ASCII, letters, digits and `' " , . : ; )`.
    static let joins: UInt16 = 0x4000
    /// A character of the model's script (the others have none of their
    /// own: they take the run's).
    static let ownScript: UInt16 = 0x2000

    /// One entry per UTF-16 code unit below ``unitLimit``.
    let units: [UInt16]
    /// The glyph of each glyph number.
    let glyphs: [UInt32]
    /// Kerning classes of each glyph number, on the left and on the right
    /// of a pair.
    let leftClasses: [UInt16]
    let rightClasses: [UInt16]
    let leftClassCount: Int
    let rightClassCount: Int
    /// Per pair of classes (`left * rightClassCount + right`): each
    /// pair-adjustment lookup's advance adjustment (16 bits each, design
    /// units) and the ``unsafeBit`` and ``forbiddenBit`` flags.
    let pairs: [UInt64]
    /// How many pair-adjustment lookups the plan has (at most 3).
    let pairLookupCount: Int

    static let unsafeBit = PairCells.unsafe
    static let forbiddenBit = PairCells.forbidden

    /// The model of `face` for `script`, or `nil` when the face shapes
    /// with tables this analysis does not read (AAT `morx`, `kerx`, `trak`;
    /// a legacy `kern` table without `GPOS`), has a malformed layout table,
    /// or has no simple character.
    init?(face: FontFace, script: hb_script_t) {
        let hbFace = face.hbFace
        for tag: StaticString in ["morx", "kerx", "trak"] where !OpenTypeTable(of: hbFace, tag: UInt32(tag: tag)).isEmpty {
            return nil
        }
        let substitution = OpenTypeTable(of: hbFace, tag: UInt32(tag: "GSUB"))
        let positioning = OpenTypeTable(of: hbFace, tag: UInt32(tag: "GPOS"))
        if positioning.isEmpty, !OpenTypeTable(of: hbFace, tag: UInt32(tag: "kern")).isEmpty { return nil }

        let characters = SimpleWordModel.characters(of: face, script: script)
        let candidates = CandidateGlyphs(characters.map(\.glyph))
        guard candidates.count > 0, candidates.count <= Int(SimpleWordModel.glyphBits) else { return nil }
        let plan = PlanLookups(face: hbFace, script: script)
        let count = candidates.count
        var unigrams = GlyphSet(count: count)
        var cells = PairCells(count: count)
        var pairLookupCount = 0
        do {
            for index in plan.substitution {
                let lookup = try OpenTypeLookup(index: index, in: substitution, isPositioning: false)
                try lookup.forEachTrigger(in: substitution, isPositioning: false, candidates: candidates) {
                    SimpleWordModel.forbid($0, flags: lookup.flags, unigrams: &unigrams, cells: &cells)
                }
            }
            for index in plan.positioning {
                let lookup = try OpenTypeLookup(index: index, in: positioning, isPositioning: true)
                if lookup.type == 2, lookup.flags & OpenTypeLookup.ignoreBaseGlyphs == 0 {
                    guard pairLookupCount < PairCells.slots else { return nil }
                    try cells.record(lookup, slot: pairLookupCount, in: positioning, candidates: candidates)
                    pairLookupCount += 1
                } else {
                    try lookup.forEachTrigger(in: positioning, isPositioning: true, candidates: candidates) {
                        SimpleWordModel.forbid($0, flags: lookup.flags, unigrams: &unigrams, cells: &cells)
                    }
                }
            }
        } catch {
            return nil
        }

        // Classes of equal rows and of equal columns; each pair of classes
        // is the cell of one row and one column of them.
        let left = cells.classes(byRow: true)
        let right = cells.classes(byRow: false)
        var pairs: [UInt64] = []
        pairs.reserveCapacity(left.representatives.count * right.representatives.count)
        for first in left.representatives {
            for second in right.representatives { pairs.append(cells.cells[first * count + second]) }
        }

        var units = [UInt16](repeating: SimpleWordModel.notSimple, count: SimpleWordModel.unitLimit)
        for character in characters {
            guard let number = candidates.index(of: character.glyph), !unigrams.contains(number) else { continue }
            units[Int(character.unit)] = UInt16(number) | character.bits
        }
        guard units.contains(where: { $0 != SimpleWordModel.notSimple }) else { return nil }
        self.units = units
        self.glyphs = candidates.glyphs.map { UInt32($0) }
        self.leftClasses = left.classes
        self.rightClasses = right.classes
        self.leftClassCount = left.representatives.count
        self.rightClassCount = right.representatives.count
        self.pairs = pairs
        self.pairLookupCount = pairLookupCount
    }

    /// Whether `script` has characters of its own below ``unitLimit``. The
    /// models of scripts without (Han, kana) hold the same characters,
    /// those of no script, so two whose plans apply the same lookups are
    /// the same model.
    static func hasCharacters(of script: hb_script_t) -> Bool {
        (0x20..<UInt32(unitLimit)).contains { ScalarProperties.script(of: $0) == script }
    }

    /// The Latin model's candidates: ASCII, Latin-1, Latin Extended-A, the
    /// Romanian commas of Latin Extended-B and General Punctuation (other
    /// scripts' models take their own script's characters with the same
    /// common ones). Every candidate glyph costs the analysis a row and a
    /// column of pairs.
    private static let latinUnits: [ClosedRange<UInt16>] = [0x20...0x17F, 0x218...0x21B, 0x2000...0x206F]

    /// The characters of `script` and of no script below ``unitLimit``
    /// that `face` maps to a base or unclassified glyph, leaving out those
    /// HarfBuzz or the renderers treat apart: controls, default ignorables
    /// (the soft hyphen), marks, tabs, spaces but U+0020 and U+00A0, the
    /// line and paragraph separators, the fraction slash (which starts
    /// HarfBuzz's automatic fractions) and emoji.
    private static func characters(
        of face: FontFace, script: hb_script_t
    ) -> [(unit: UInt16, glyph: Int, bits: UInt16)] {
        let font = hb_font_create(face.hbFace)
        defer { hb_font_destroy(font) }
        let glyphCount = hb_face_get_glyph_count(face.hbFace)
        var result: [(unit: UInt16, glyph: Int, bits: UInt16)] = []
        for unit in 0x20..<UInt16(unitLimit) where script != HB_SCRIPT_LATIN || latinUnits.contains(where: { $0.contains(unit) }) {
            let scalar = UInt32(unit)
            if (0x7F...0x9F).contains(unit) || (0xD800...0xDFFF).contains(unit) || unit == 0x2028 || unit == 0x2029
                || unit == 0x2044 { continue }
            let own = ScalarProperties.script(of: scalar)
            guard own == script || own == HB_SCRIPT_COMMON else { continue }
            let properties = ScalarProperties(scalar)
            if properties.isDefaultIgnorable || properties.isMark || properties.isControl || properties.isEmojiPresentation
                || (properties.isSpaceSeparator && unit != 0x20 && unit != 0xA0) { continue }
            var glyph: hb_codepoint_t = 0
            // A glyph past the face's count (a damaged `cmap`; format 12 has
            // 32-bit ids) is left to HarfBuzz, which keeps the analysis's
            // glyph bitmaps within OpenType's 16-bit ids.
            guard hb_font_get_nominal_glyph(font, scalar, &glyph) != 0, glyph < glyphCount else { continue }
            let glyphClass = hb_ot_layout_get_glyph_class(face.hbFace, glyph)
            guard glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED || glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH
            else { continue }
            result.append((unit, Int(glyph), lineBreakBits(of: unit, properties) | (own == script ? ownScript : 0)))
        }
        return result
    }

    private static func lineBreakBits(of unit: UInt16, _ properties: ScalarProperties) -> UInt16 {
        if unit < 0x80 {
            switch UInt8(unit) {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: ","),
                 UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: ")"):
                return joins
            default:
                return 0
            }
        }
        return properties.isLineBreakAlphabetic || properties.isLineBreakQuotation ? joins : 0
    }
}

extension SimpleWordModel {
    /// Forbids what `trigger` of a lookup with `flags` needs: its glyph, for
    /// a rule of one; else the adjacent pair of positions that forbids
    /// fewest pairs (every match holds one of them). A lookup that skips
    /// base glyphs may match glyphs far apart: only its first input glyph is
    /// certain to be in the text, so that glyph is forbidden.
    fileprivate static func forbid(
        _ trigger: LookupTrigger, flags: Int, unigrams: inout GlyphSet, cells: inout PairCells
    ) {
        if flags & OpenTypeLookup.ignoreBaseGlyphs != 0 {
            for member in trigger.positions[trigger.current].members { unigrams.insert(member) }
            return
        }
        guard !trigger.positions.contains(where: \.isEmpty) else { return }
        if trigger.positions.count == 1 {
            for member in trigger.positions[0].members { unigrams.insert(member) }
            return
        }
        let sizes: [Int] = trigger.positions.map(\.count)
        let products: [Int] = (0..<sizes.count - 1).map { sizes[$0] * sizes[$0 + 1] }
        let pair = products.indices.min { products[$0] < products[$1] }!
        let seconds = trigger.positions[pair + 1].members
        for first in trigger.positions[pair].members {
            for second in seconds { cells.forbid(first: first, second: second) }
        }
    }
}
