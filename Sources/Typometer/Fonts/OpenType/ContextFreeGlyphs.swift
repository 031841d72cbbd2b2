import CHarfBuzz

/// The glyphs of a set that a face's layout tables never act on in text made
/// of glyphs of that set alone: no substitution and no positioning of
/// HarfBuzz 6's plan for any of some scripts (left to right, in one
/// language) matches such text, so `hb_shape` gives each of them its
/// nominal advance, whatever its neighbours. Chunks of them are measured by
/// table lookup (CJK ideographs, kana and Hangul: one glyph a character).
///
/// A rule can only match text that holds a glyph for each of its positions
/// (backtrack, input, lookahead): the glyphs its least populated position
/// accepts are left out, so no rule of the plan can match text of the
/// glyphs kept. A lookup that skips base glyphs may match glyphs far apart:
/// its first input glyph is left out, as ``SimpleWordModel`` does.
enum ContextFreeGlyphs {
    /// The members of `glyphs` (glyph ids; base or unclassified glyphs
    /// only, the caller checks) that no lookup of the plans for `scripts`
    /// in `language` acts on in text of `glyphs` alone; `nil` when the face
    /// shapes with tables this analysis does not read (AAT `morx`, `kerx`,
    /// `trak`; a legacy `kern` table without `GPOS`) or has a malformed
    /// layout table.
    ///
    /// Costly (milliseconds for thousands of glyphs): made once per face.
    static func find(
        in face: FontFace, glyphs: [Int], scripts: [hb_script_t], language: hb_language_t?
    ) -> Set<Int>? {
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
        for script in scripts {
            let plan = PlanLookups(face: hbFace, script: script, language: language)
            substitutions.formUnion(plan.substitution)
            positionings.formUnion(plan.positioning)
        }
        var acted = GlyphSet(count: candidates.count)
        do {
            for (lookups, table, isPositioning) in [(substitutions, substitution, false), (positionings, positioning, true)] {
                for index in lookups.sorted() {
                    let lookup = try OpenTypeLookup(index: index, in: table, isPositioning: isPositioning)
                    try lookup.forEachTrigger(in: table, isPositioning: isPositioning, candidates: candidates) { trigger in
                        guard !trigger.positions.contains(where: \.isEmpty) else { return }
                        let position = lookup.flags & OpenTypeLookup.ignoreBaseGlyphs != 0
                            ? trigger.current
                            : trigger.positions.indices.min { trigger.positions[$0].count < trigger.positions[$1].count }!
                        for member in trigger.positions[position].members { acted.insert(member) }
                    }
                }
            }
        } catch {
            return nil
        }
        return Set(candidates.glyphs.indices.filter { !acted.contains($0) }.map { candidates.glyphs[$0] })
    }
}
