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

    /// Base glyphs kept only in clusters without certain marks (with
    /// marks, ``MarkNeutralLookups/Effect/guarded``): each with the glyphs
    /// of those marks, and of marks that may become them.
    let barredMarks: [Int: Set<Int>]

    /// Whether no lookup acts on `glyph`, a member of the set, but the pair
    /// adjustments.
    func contains(_ glyph: Int) -> Bool { kept.index(of: glyph) != nil }

    private init(kept: [Int], kerning: PairKerning?, barredMarks: [Int: Set<Int>] = [:]) {
        self.kept = CandidateGlyphs(kept)
        self.kerning = kerning
        self.barredMarks = barredMarks
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
    /// With `marks` (glyphs `GDEF` classes as marks, which the script's
    /// HarfBuzz shaper gives no advance after positioning: Thai's), text of
    /// both sets is one of base glyphs each followed by marks, and a lookup
    /// may also act where it changes no advance and reaches no further than
    /// the base before (``MarkNeutralLookups``); the pair adjustments must
    /// skip marks.
    ///
    /// Costly (milliseconds for thousands of glyphs): made once per face.
    static func find(
        in face: FontFace, glyphs: [Int], marks: [Int] = [], scripts: [hb_script_t], language: hb_language_t?,
        classLimit: Int, rightToLeft: Bool = false
    ) -> ContextFreeGlyphs? {
        let hbFace = face.hbFace
        for tag: StaticString in ["morx", "kerx", "trak"] where !OpenTypeTable(of: hbFace, tag: UInt32(tag: tag)).isEmpty {
            return nil
        }
        let substitution = OpenTypeTable(of: hbFace, tag: UInt32(tag: "GSUB"))
        let positioning = OpenTypeTable(of: hbFace, tag: UInt32(tag: "GPOS"))
        if positioning.isEmpty, !OpenTypeTable(of: hbFace, tag: UInt32(tag: "kern")).isEmpty { return nil }
        var substitutions = Set<Int>()
        var positionings = Set<Int>()
        var everyPlanPositions: Set<Int>?
        for script in scripts {
            let plan = PlanLookups(face: hbFace, script: script, language: language, rightToLeft: rightToLeft)
            substitutions.formUnion(plan.substitution)
            positionings.formUnion(plan.positioning)
            everyPlanPositions = everyPlanPositions.map { $0.intersection(plan.positioning) } ?? Set(plan.positioning)
        }
        // With marks, the glyphs the substitutions may turn them into too.
        let neutral = marks.isEmpty ? nil : MarkNeutralLookups(
            face: face, glyphs: glyphs + marks, substitutions: substitutions, table: substitution)
        let candidates = CandidateGlyphs(neutral?.closure ?? glyphs)
        var acted = GlyphSet(count: candidates.count)
        var pairLookups: [OpenTypeLookup] = []
        var kerned = GlyphSet(count: candidates.count)
        var variants: [(glyph: Int, variant: Int)] = []
        var guards: [Int: Set<Int>] = [:]
        do {
            for (lookups, table, isPositioning) in [(substitutions, substitution, false), (positionings, positioning, true)] {
                for index in lookups.sorted() {
                    let lookup = try OpenTypeLookup(index: index, in: table, isPositioning: isPositioning)
                    let isPair = isPositioning && lookup.type == 2 && lookup.flags & OpenTypeLookup.ignoreBaseGlyphs == 0
                        && everyPlanPositions?.contains(index) == true
                    if isPair {
                        if neutral != nil, lookup.flags & OpenTypeLookup.ignoreMarks == 0 { return nil }
                        pairLookups.append(lookup)
                    }
                    try lookup.forEachTrigger(in: table, isPositioning: isPositioning, candidates: candidates) { trigger in
                        guard !trigger.positions.contains(where: \.isEmpty) else { return }
                        if let neutral, !isPair, let effect = (try? neutral.effect(
                            of: trigger, lookup: lookup, index: index, isPositioning: isPositioning, candidates: candidates)) ?? nil {
                            variants += effect.swaps
                            for glyph in effect.unlike { acted.insert(candidates.index(of: glyph)!) }
                            for (glyph, followers) in effect.guarded { guards[glyph, default: []].formUnion(followers) }
                            return
                        }
                        // With marks, of equally populated positions the last:
                        // a letter that only follows another (Thai's
                        // LAKKHANGYAO after RU and LU) rather than that one.
                        let position = lookup.flags & OpenTypeLookup.ignoreBaseGlyphs != 0
                            ? trigger.current
                            : neutral == nil
                            ? trigger.positions.indices.min { trigger.positions[$0].count < trigger.positions[$1].count }!
                            : trigger.positions.indices.reversed().min {
                                trigger.positions[$0].count < trigger.positions[$1].count
                            }!
                        for member in trigger.positions[position].members {
                            if isPair { kerned.insert(member) } else { acted.insert(member) }
                        }
                    }
                }
            }
            // A glyph a lookup swaps for one acted on is acted on too; a base
            // glyph swapped for another of the same advance stays only if
            // the other kerns as it does.
            let isMark = { (member: Int) in neutral?.isMark(candidates.glyphs[member]) == true }
            let swaps = variants.compactMap { pair in
                candidates.index(of: pair.glyph).flatMap { glyph in candidates.index(of: pair.variant).map { (glyph, $0) } }
            }
            // A mark that may become one a base bars is barred too.
            var barred: [Int: Set<Int>] = [:]
            for (glyph, marks) in guards {
                var all = GlyphSet(count: candidates.count)
                for mark in marks { if let index = candidates.index(of: mark) { all.insert(index) } }
                spread(&all, over: swaps)
                barred[glyph] = Set(all.members.map { candidates.glyphs[$0] })
            }
            while true {
                spread(&acted, over: swaps)
                let kept = candidates.glyphs.indices.filter { !acted.contains($0) }
                let bases = kept.filter { !isMark($0) }
                if pairLookups.isEmpty || !bases.contains(where: kerned.contains) {
                    return ContextFreeGlyphs(kept: kept.map { candidates.glyphs[$0] }, kerning: nil, barredMarks: barred)
                }
                guard pairLookups.count <= PairCells.slots,
                      let kerning = try PairKerning(
                          lookups: pairLookups, in: positioning,
                          firsts: bases.filter(kerned.contains).map { candidates.glyphs[$0] },
                          glyphs: bases.map { candidates.glyphs[$0] }, classLimit: classLimit)
                else {
                    // Swaps are checked against kerning classes only.
                    guard swaps.isEmpty, guards.isEmpty else { return nil }
                    return ContextFreeGlyphs(kept: kept.filter { !kerned.contains($0) }.map { candidates.glyphs[$0] }, kerning: nil)
                }
                let unlike = swaps.filter { glyph, variant in
                    guard !acted.contains(glyph), !isMark(glyph) else { return false }
                    let (before, after) = (kerning.classes(of: candidates.glyphs[glyph]),
                                           kerning.classes(of: candidates.glyphs[variant]))
                    return before.left != after.left || before.right != after.right
                }
                guard !unlike.isEmpty else {
                    return ContextFreeGlyphs(kept: kept.map { candidates.glyphs[$0] }, kerning: kerning, barredMarks: barred)
                }
                for (glyph, _) in unlike { acted.insert(glyph) }
            }
        } catch {
            return nil
        }
    }

    /// Adds to `set` every glyph a swap turns into a member, until none is left.
    private static func spread(_ set: inout GlyphSet, over swaps: [(Int, Int)]) {
        var grew = true
        while grew {
            grew = false
            for (glyph, variant) in swaps where set.contains(variant) && !set.contains(glyph) {
                set.insert(glyph)
                grew = true
            }
        }
    }
}
