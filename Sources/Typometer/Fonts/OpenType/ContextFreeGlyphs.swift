import CHarfBuzz

/// The glyphs of a set that a face's layout tables act on, in text made of
/// glyphs of that set alone, only by pair kerning: no substitution and no
/// positioning but pair adjustments of HarfBuzz 6's plan for any of some
/// scripts (in one language and direction) matches such text, so
/// `hb_shape` gives each of them its nominal advance plus the kerning of
/// the pair it starts (``PairKerning``). Chunks of them are measured by
/// table lookup (CJK ideographs, kana and Hangul: one glyph a character).
///
/// A rule can only match text that holds a glyph for each of its positions
/// (backtrack, input, lookahead): the glyphs its least populated position
/// accepts are left out, so no rule of the plan can match text of the
/// glyphs kept. A lookup that skips base glyphs may match glyphs far apart:
/// its first input glyph is left out, as ``SimpleWordModel`` does. A pair
/// adjustment (`GPOS` type 2) that every plan applies is read pair by pair
/// instead; one that only some plans apply leaves out its first glyphs.
struct ContextFreeGlyphs {
    /// The members of the set no lookup acts on but the pair adjustments.
    private let kept: CandidateGlyphs
    /// What those pair adjustments give pairs of them; `nil` when they
    /// give none.
    let kerning: PairKerning?

    /// Whether no lookup acts on `glyph`, a member of the set, but the pair
    /// adjustments.
    func contains(_ glyph: Int) -> Bool { kept.index(of: glyph) != nil }

    private init(kept: [Int], kerning: PairKerning?) {
        self.kept = CandidateGlyphs(kept)
        self.kerning = kerning
    }

    /// The members of `glyphs` (glyph ids; base or unclassified glyphs
    /// only, the caller checks) that no lookup of the plans for `scripts`
    /// in `language` acts on in text of `glyphs` alone but pair
    /// adjustments (right to left with `rightToLeft`), with those
    /// adjustments' classes of at most
    /// `classLimit` left and right classes (more: their first glyphs are
    /// left out too); `nil` when the face shapes with tables this analysis
    /// does not read (AAT `morx`, `kerx`, `trak`; a legacy `kern` table
    /// without `GPOS`) or has a malformed layout table.
    ///
    /// Costly (milliseconds for thousands of glyphs): made once per face.
    static func find(
        in face: FontFace, glyphs: [Int], scripts: [hb_script_t], language: hb_language_t?, classLimit: Int,
        rightToLeft: Bool = false
    ) -> ContextFreeGlyphs? {
        let hbFace = face.hbFace
        for tag: StaticString in ["morx", "kerx", "trak"] where !OpenTypeTable(of: hbFace, tag: UInt32(tag: tag)).isEmpty {
            return nil
        }
        let substitution = OpenTypeTable(of: hbFace, tag: UInt32(tag: "GSUB"))
        let positioning = OpenTypeTable(of: hbFace, tag: UInt32(tag: "GPOS"))
        if positioning.isEmpty, !OpenTypeTable(of: hbFace, tag: UInt32(tag: "kern")).isEmpty { return nil }
        let candidates = CandidateGlyphs(glyphs)
        var substitutions = Set<Int>()
        var positionings = Set<Int>()
        var everyPlanPositions: Set<Int>?
        for script in scripts {
            let plan = PlanLookups(face: hbFace, script: script, language: language, rightToLeft: rightToLeft)
            substitutions.formUnion(plan.substitution)
            positionings.formUnion(plan.positioning)
            everyPlanPositions = everyPlanPositions.map { $0.intersection(plan.positioning) } ?? Set(plan.positioning)
        }
        var acted = GlyphSet(count: candidates.count)
        var pairLookups: [OpenTypeLookup] = []
        var kerned = GlyphSet(count: candidates.count)
        do {
            for (lookups, table, isPositioning) in [(substitutions, substitution, false), (positionings, positioning, true)] {
                for index in lookups.sorted() {
                    let lookup = try OpenTypeLookup(index: index, in: table, isPositioning: isPositioning)
                    let isPair = isPositioning && lookup.type == 2 && lookup.flags & OpenTypeLookup.ignoreBaseGlyphs == 0
                        && everyPlanPositions?.contains(index) == true
                    if isPair { pairLookups.append(lookup) }
                    try lookup.forEachTrigger(in: table, isPositioning: isPositioning, candidates: candidates) { trigger in
                        guard !trigger.positions.contains(where: \.isEmpty) else { return }
                        let position = lookup.flags & OpenTypeLookup.ignoreBaseGlyphs != 0
                            ? trigger.current
                            : trigger.positions.indices.min { trigger.positions[$0].count < trigger.positions[$1].count }!
                        for member in trigger.positions[position].members {
                            if isPair { kerned.insert(member) } else { acted.insert(member) }
                        }
                    }
                }
            }
            let kept = candidates.glyphs.indices.filter { !acted.contains($0) }
            if pairLookups.isEmpty || !kept.contains(where: kerned.contains) {
                return ContextFreeGlyphs(kept: kept.map { candidates.glyphs[$0] }, kerning: nil)
            }
            if pairLookups.count <= PairCells.slots,
               let kerning = try PairKerning(
                   lookups: pairLookups, in: positioning, firsts: kept.filter(kerned.contains).map { candidates.glyphs[$0] },
                   glyphs: kept.map { candidates.glyphs[$0] }, classLimit: classLimit) {
                return ContextFreeGlyphs(kept: kept.map { candidates.glyphs[$0] }, kerning: kerning)
            }
            return ContextFreeGlyphs(kept: kept.filter { !kerned.contains($0) }.map { candidates.glyphs[$0] }, kerning: nil)
        } catch {
            return nil
        }
    }
}
