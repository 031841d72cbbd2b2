import CHarfBuzz

/// What a face's substitutions and positionings do to text of base glyphs
/// each followed by marks, in a script whose HarfBuzz shaper gives every
/// glyph `GDEF` classes as a mark no advance after positioning (Thai's:
/// `HB_OT_SHAPE_ZERO_WIDTH_MARKS_BY_GDEF_LATE`): which rules change no
/// advance and reach no further back than the base a mark follows, so that
/// such text keeps its base glyphs' advances and HarfBuzz marks no break
/// between two bases unsafe for them.
///
/// Such a rule swaps marks for marks (a single substitution, a ligature or
/// a multiple substitution of marks alone, or a contextual rule applying
/// single substitutions), or a base glyph for another of the same advance
/// (which must also kern alike: the caller checks), at glyphs after the
/// first of its sequence that are all marks; or it positions marks (single
/// adjustment, attachment). Where such a rule would swap a glyph for one of
/// another advance (Noto Sans Thai's YO YING without its tail before a
/// vowel below), that glyph is left out instead.
struct MarkNeutralLookups {
    /// The glyphs text of the given ones may hold after substitution.
    let closure: [Int]

    /// What a rule may do to text of such clusters.
    struct Effect {
        /// Neutral swaps: each glyph and one it may become.
        var swaps: [(glyph: Int, variant: Int)] = []
        /// Glyphs it may swap for others of another advance: text without
        /// them never meets such a swap.
        var unlike: [Int] = []
        /// Base glyphs it swaps for others of another advance only where
        /// one of `followers` (marks) comes next: a cluster of such a base
        /// without any of them never meets the swap.
        var guarded: [(glyph: Int, followers: [Int])] = []
    }
    private let face: FontFace
    private let table: OpenTypeTable

    /// The analysis of `glyphs` (bases and marks) under `substitutions`
    /// (lookup indices) of the face's `GSUB`, `table`.
    init(face: FontFace, glyphs: [Int], substitutions: Set<Int>, table: OpenTypeTable) {
        self.face = face
        self.table = table
        let lookups = HarfBuzzSet()
        for index in substitutions { hb_set_add(lookups.handle, hb_codepoint_t(index)) }
        let reached = HarfBuzzSet()
        for glyph in glyphs { hb_set_add(reached.handle, hb_codepoint_t(glyph)) }
        hb_ot_layout_lookups_substitute_closure(face.hbFace, lookups.handle, reached.handle)
        closure = reached.members
    }

    func isMark(_ glyph: Int) -> Bool {
        hb_ot_layout_get_glyph_class(face.hbFace, hb_codepoint_t(glyph)) == HB_OT_LAYOUT_GLYPH_CLASS_MARK
    }

    /// What `trigger` (a rule of lookup `index`, `lookup`) may do when it
    /// stays within a cluster; `nil` when the rule may reach across
    /// clusters or act otherwise.
    func effect(
        of trigger: LookupTrigger, lookup: OpenTypeLookup, index: Int, isPositioning: Bool, candidates: CandidateGlyphs
    ) throws(MalformedOpenTypeTable) -> Effect? {
        let glyphs = trigger.positions.map { $0.members.map { candidates.glyphs[$0] } }
        if isPositioning {
            // Single adjustment and attachment of marks: no advance after
            // positioning, offsets only.
            guard [1, 4, 5, 6].contains(lookup.type), glyphs[trigger.current].allSatisfy(isMark) else { return nil }
            return Effect()
        }
        // Past the first glyph, marks only: the rule stays within the
        // cluster of the base it starts at or follows.
        guard lookup.flags & OpenTypeLookup.ignoreBaseGlyphs == 0,
              glyphs.dropFirst().allSatisfy({ $0.allSatisfy(isMark) })
        else { return nil }
        switch lookup.type {
        case 1:
            let found = try swaps(of: glyphs[trigger.current], by: lookup, candidates: candidates)
            return Effect(swaps: found.swaps, unlike: found.unlike)
        case 2, 4:
            // Marks into marks only.
            let outputs = HarfBuzzSet()
            hb_ot_layout_lookup_collect_glyphs(
                face.hbFace, UInt32(tag: "GSUB"), UInt32(index), nil, nil, nil, outputs.handle)
            let made = outputs.members
            guard glyphs.allSatisfy({ $0.allSatisfy(isMark) }), made.allSatisfy(isMark) else { return nil }
            return Effect(swaps: glyphs.flatMap { $0 }.flatMap { glyph in made.map { (glyph, $0) } })
        case 5, 6:
            var result = Effect()
            for (position, nested) in trigger.nested {
                let nestedLookup = try OpenTypeLookup(index: nested, in: table, isPositioning: false)
                guard nestedLookup.type == 1 else { return nil }
                let found = try swaps(of: glyphs[position], by: nestedLookup, candidates: candidates)
                result.swaps += found.swaps
                // A rule that starts at the base it swaps, marks after it,
                // needs the next glyph to be one of its second position's.
                for glyph in found.unlike {
                    if position == 0, glyphs.count > 1, !isMark(glyph) {
                        result.guarded.append((glyph, glyphs[1]))
                    } else {
                        result.unlike.append(glyph)
                    }
                }
            }
            return result
        default:
            return nil
        }
    }

    /// What single substitution `lookup` makes of each of `glyphs`
    /// (candidates): the swaps where a mark stays a mark or a base a base
    /// of the same advance, and the glyphs it swaps otherwise. The first
    /// subtable covering a glyph substitutes it, as HarfBuzz applies them.
    private func swaps(
        of glyphs: [Int], by lookup: OpenTypeLookup, candidates: CandidateGlyphs
    ) throws(MalformedOpenTypeTable) -> (swaps: [(glyph: Int, variant: Int)], unlike: [Int]) {
        var variants = [Int?](repeating: nil, count: glyphs.count)
        for subtable in lookup.subtables {
            let format = try table.uint16(at: subtable)
            let coverage = try candidates.coverageIndices(in: table, at: try table.offset16(at: subtable + 2, from: subtable))
            for (slot, glyph) in glyphs.enumerated() where variants[slot] == nil {
                let index = coverage[candidates.index(of: glyph)!]
                guard index >= 0 else { continue }
                switch format {
                case 1: variants[slot] = (glyph + (try table.uint16(at: subtable + 4))) & 0xFFFF
                case 2:
                    guard index < (try table.uint16(at: subtable + 4)) else { throw MalformedOpenTypeTable() }
                    variants[slot] = try table.uint16(at: subtable + 6 + 2 * index)
                default: throw MalformedOpenTypeTable()
                }
            }
        }
        var result: (swaps: [(glyph: Int, variant: Int)], unlike: [Int]) = ([], [])
        for (glyph, variant) in zip(glyphs, variants) {
            guard let variant else { continue }
            if isMark(glyph) == isMark(variant),
               isMark(glyph) || hb_font_get_glyph_h_advance(face.metricsFont, hb_codepoint_t(glyph))
                   == hb_font_get_glyph_h_advance(face.metricsFont, hb_codepoint_t(variant)) {
                result.swaps.append((glyph, variant))
            } else {
                result.unlike.append(glyph)
            }
        }
        return result
    }
}
