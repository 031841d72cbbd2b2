import CHarfBuzz

/// What a face's pair adjustments (`GPOS` type 2) give every ordered pair
/// of a set of glyphs, by kerning classes: each glyph has a class on the
/// left and one on the right of a pair, and each pair of classes one
/// ``PairCells`` cell (each lookup's adjustment of the first glyph's
/// advance in design units, and HarfBuzz's unsafe-to-break and this
/// analysis' forbidden flags).
///
/// The matrix is read over the glyphs the lookups name (the first glyphs
/// covered, the second glyphs of their pairs, those of a second class other
/// than 0) and one glyph they do not name, which stands for all the others:
/// none of them kerns, and each is kerned after the first glyphs as that
/// one is.
struct PairKerning: Sendable {
    /// The glyphs the lookups name, and their classes in the same order.
    private let named: CandidateGlyphs
    private let namedClasses: [Classes]
    /// The classes of every other glyph.
    private let otherClasses: Classes
    let leftCount: Int
    let rightCount: Int
    /// By `left * rightCount + right`.
    let cells: [UInt64]
    /// How many lookups the cells hold (one 16-bit slot each).
    let lookupCount: Int

    struct Classes: Sendable {
        var left: Int
        var right: Int
    }

    /// The kerning of `lookups` (pair adjustments that do not skip base
    /// glyphs, at most ``PairCells/slots``, in the order HarfBuzz applies
    /// them) of `table` between members of `glyphs`, whose members
    /// `firsts` are covered as first glyphs; `nil` when there are more than
    /// `classLimit` classes on either side.
    init?(
        lookups: [OpenTypeLookup], in table: OpenTypeTable, firsts: [Int], glyphs: [Int], classLimit: Int
    ) throws(MalformedOpenTypeTable) {
        let all = CandidateGlyphs(glyphs)
        let firstSet = Set(firsts)
        var named = firstSet
        for lookup in lookups {
            for subtable in lookup.subtables {
                let format = try table.uint16(at: subtable)
                let firstLength = 2 * (try table.uint16(at: subtable + 4) & 0xFF).nonzeroBitCount
                let secondLength = 2 * (try table.uint16(at: subtable + 6) & 0xFF).nonzeroBitCount
                let coverage = try all.coverageIndices(in: table, at: try table.offset16(at: subtable + 2, from: subtable))
                let covered = coverage.indices.filter { coverage[$0] >= 0 && firstSet.contains(all.glyphs[$0]) }
                guard !covered.isEmpty else { continue }
                switch format {
                case 1:
                    let setCount = try table.uint16(at: subtable + 8)
                    let recordLength = 2 + firstLength + secondLength
                    for first in covered where coverage[first] < setCount {
                        let pairSet = try table.offset16(at: subtable + 10 + 2 * coverage[first], from: subtable)
                        for record in 0..<(try table.uint16(at: pairSet)) {
                            let second = try table.uint16(at: pairSet + 2 + recordLength * record)
                            if all.index(of: second) != nil { named.insert(second) }
                        }
                    }
                case 2:
                    let secondClasses = try all.classes(in: table, at: try table.offset16(at: subtable + 10, from: subtable))
                    for (index, value) in secondClasses.enumerated() where value != 0 { named.insert(all.glyphs[index]) }
                default:
                    throw MalformedOpenTypeTable()
                }
            }
        }
        let other = all.glyphs.first { !named.contains($0) }
        let candidates = CandidateGlyphs(named.union(other.map { [$0] } ?? []))
        var cells = PairCells(count: candidates.count)
        for (slot, lookup) in lookups.enumerated() {
            try cells.record(lookup, slot: slot, in: table, candidates: candidates)
        }
        let left = cells.classes(byRow: true)
        let right = cells.classes(byRow: false)
        guard left.representatives.count <= classLimit, right.representatives.count <= classLimit else { return nil }
        var matrix: [UInt64] = []
        matrix.reserveCapacity(left.representatives.count * right.representatives.count)
        for first in left.representatives {
            for second in right.representatives { matrix.append(cells.cells[first * candidates.count + second]) }
        }
        let namedClasses = candidates.glyphs.indices.map {
            Classes(left: Int(left.classes[$0]), right: Int(right.classes[$0]))
        }
        self.otherClasses = other.flatMap { candidates.index(of: $0) }.map { namedClasses[$0] } ?? Classes(left: 0, right: 0)
        self.named = candidates
        self.namedClasses = namedClasses
        leftCount = left.representatives.count
        rightCount = right.representatives.count
        self.cells = matrix
        lookupCount = lookups.count
    }

    /// The kerning classes of `glyph`, a member of the set.
    func classes(of glyph: Int) -> Classes { named.index(of: glyph).map { namedClasses[$0] } ?? otherClasses }

    /// The kerning of a cell in HarfBuzz's units at the size of `font`: each
    /// lookup's value scaled as HarfBuzz 6 scales `GPOS` values
    /// (`hb_font_t::em_mult`, with `x_mult` computed in single precision
    /// as `mults_changed` does), summed.
    static func scaler(for font: SizedFont) -> (UInt64, Int) -> Int32 {
        var xScale: Int32 = 0
        var yScale: Int32 = 0
        hb_font_get_scale(font.hbFont, &xScale, &yScale)
        let upem = Float(hb_face_get_upem(font.face.hbFace))
        let xMultiplier = Int64(Float(Int64(xScale) << 16) / upem)
        return { cell, lookupCount in
            var kerning: Int32 = 0
            for slot in 0..<lookupCount {
                let value = Int64(Int16(truncatingIfNeeded: cell >> (16 * UInt64(slot))))
                kerning &+= Int32(truncatingIfNeeded: (value * xMultiplier + 32768) >> 16)
            }
            return kerning
        }
    }
}
