/// The glyph sequences that make a lookup act: for each of its rules, the
/// candidate glyphs each position accepts, in text order (backtrack, input,
/// lookahead), and which position is the glyph the lookup is applied at.
/// A rule whose positions all accept some candidate may act on text of
/// candidates only; any other never does.
struct LookupTrigger {
    var positions: [GlyphSet]
    /// The position of the glyph the lookup starts at (the first input).
    var current: Int
    /// What a contextual rule applies once it matches: each lookup (its
    /// index in the table) and the position it applies at.
    var nested: [(position: Int, lookup: Int)] = []
}

extension OpenTypeLookup {
    /// Calls `body` with every trigger of this lookup of `table` (`GSUB`
    /// unless `isPositioning`), over `candidates`. Pair adjustments are not
    /// triggers (see ``PairAdjustments``): for them `body` gets only their
    /// first glyphs, one position each.
    func forEachTrigger(
        in table: OpenTypeTable, isPositioning: Bool, candidates: CandidateGlyphs, _ body: (LookupTrigger) -> Void
    ) throws(MalformedOpenTypeTable) {
        let reader = TriggerReader(table: table, candidates: candidates)
        for subtable in subtables {
            switch (isPositioning, type) {
            case (false, 1), (false, 2), (false, 3), (true, 1), (true, 2), (true, 3), (true, 4), (true, 5), (true, 6):
                // Single, multiple and alternate substitution; single, pair
                // and cursive adjustment; mark attachment: the glyph at hand
                // must be covered (the mark, for attachment).
                body(LookupTrigger(positions: [try reader.covered(subtable)], current: 0))
            case (false, 4): try reader.ligatures(subtable, body)
            case (false, 5), (true, 7): try reader.context(subtable, body)
            case (false, 6), (true, 8): try reader.chainedContext(subtable, body)
            case (false, 8): try reader.reverseChainedContext(subtable, body)
            case (_, 0): break
            default: throw MalformedOpenTypeTable()
            }
        }
    }
}

/// Reads the rules of one table's subtables into triggers.
private struct TriggerReader {
    let table: OpenTypeTable
    let candidates: CandidateGlyphs

    func covered(_ subtable: Int) throws(MalformedOpenTypeTable) -> GlyphSet {
        try candidates.covered(in: table, at: try table.offset16(at: subtable + 2, from: subtable))
    }

    private func single(_ glyph: Int) -> GlyphSet {
        GlyphSet(count: candidates.count, only: candidates.index(of: glyph))
    }

    /// The candidates each coverage index stands for.
    private func candidatesByCoverageIndex(_ subtable: Int) throws(MalformedOpenTypeTable) -> [Int: [Int]] {
        let indices = try candidates.coverageIndices(in: table, at: try table.offset16(at: subtable + 2, from: subtable))
        var result: [Int: [Int]] = [:]
        for (candidate, index) in indices.enumerated() where index >= 0 { result[index, default: []].append(candidate) }
        return result
    }

    private func set(of members: [Int]) -> GlyphSet {
        var set = GlyphSet(count: candidates.count)
        for member in members { set.insert(member) }
        return set
    }

    /// The glyph ids of `count` 16-bit entries at `offset`, as single sets.
    private func glyphSequence(at offset: Int, count: Int) throws(MalformedOpenTypeTable) -> [GlyphSet] {
        var result: [GlyphSet] = []
        for entry in 0..<count { result.append(single(try table.uint16(at: offset + 2 * entry))) }
        return result
    }

    /// The candidates of each class of the ClassDef at the 16-bit offset at
    /// `offset` from `base` (a null offset puts every glyph in class 0).
    private func classSets(at offset: Int, from base: Int) throws(MalformedOpenTypeTable) -> ClassSets {
        let target = try table.uint16(at: offset)
        let classes = target == 0
            ? [Int](repeating: 0, count: candidates.count) : try candidates.classes(in: table, at: base + target)
        return ClassSets(classes: classes)
    }

    func ligatures(_ subtable: Int, _ body: (LookupTrigger) -> Void) throws(MalformedOpenTypeTable) {
        let setCount = try table.uint16(at: subtable + 4)
        for (index, firsts) in try candidatesByCoverageIndex(subtable) where index < setCount {
            let ligatureSet = try table.offset16(at: subtable + 6 + 2 * index, from: subtable)
            for ligature in 0..<(try table.uint16(at: ligatureSet)) {
                let offset = try table.offset16(at: ligatureSet + 2 + 2 * ligature, from: ligatureSet)
                let componentCount = try table.uint16(at: offset + 2)
                guard componentCount > 0 else { throw MalformedOpenTypeTable() }
                body(LookupTrigger(
                    positions: [set(of: firsts)] + (try glyphSequence(at: offset + 4, count: componentCount - 1)),
                    current: 0))
            }
        }
    }

    func context(_ subtable: Int, _ body: (LookupTrigger) -> Void) throws(MalformedOpenTypeTable) {
        switch try table.uint16(at: subtable) {
        case 1:
            let setCount = try table.uint16(at: subtable + 4)
            for (index, firsts) in try candidatesByCoverageIndex(subtable) where index < setCount {
                try forEachRule(inSetAt: subtable + 6 + 2 * index, of: subtable) { rule throws(MalformedOpenTypeTable) in
                    let count = try table.uint16(at: rule)
                    guard count > 0 else { throw MalformedOpenTypeTable() }
                    body(LookupTrigger(
                        positions: [set(of: firsts)] + (try glyphSequence(at: rule + 4, count: count - 1)), current: 0,
                        nested: try records(at: rule + 4 + 2 * (count - 1), count: try table.uint16(at: rule + 2),
                                            current: 0, inputCount: count)))
                }
            }
        case 2:
            let covered = try covered(subtable)
            let classes = try classSets(at: subtable + 4, from: subtable)
            let setCount = try table.uint16(at: subtable + 6)
            for firstClass in 0..<setCount {
                let first = classes.members(of: firstClass, within: covered)
                guard !first.isEmpty else { continue }
                try forEachRule(inSetAt: subtable + 8 + 2 * firstClass, of: subtable) { rule throws(MalformedOpenTypeTable) in
                    let count = try table.uint16(at: rule)
                    guard count > 0 else { throw MalformedOpenTypeTable() }
                    var positions = [first]
                    for entry in 1..<count { positions.append(classes.members(of: try table.uint16(at: rule + 2 + 2 * entry))) }
                    body(LookupTrigger(
                        positions: positions, current: 0,
                        nested: try records(at: rule + 4 + 2 * (count - 1), count: try table.uint16(at: rule + 2),
                                            current: 0, inputCount: count)))
                }
            }
        case 3:
            let count = try table.uint16(at: subtable + 2)
            body(LookupTrigger(
                positions: try coverages(count: count, at: subtable + 6, from: subtable), current: 0,
                nested: try records(at: subtable + 6 + 2 * count, count: try table.uint16(at: subtable + 4), current: 0,
                                    inputCount: count)))
        default:
            throw MalformedOpenTypeTable()
        }
    }

    func chainedContext(_ subtable: Int, _ body: (LookupTrigger) -> Void) throws(MalformedOpenTypeTable) {
        switch try table.uint16(at: subtable) {
        case 1:
            let setCount = try table.uint16(at: subtable + 4)
            for (index, firsts) in try candidatesByCoverageIndex(subtable) where index < setCount {
                try forEachRule(inSetAt: subtable + 6 + 2 * index, of: subtable) { rule throws(MalformedOpenTypeTable) in
                    let backtrackCount = try table.uint16(at: rule)
                    let backtrack = try glyphSequence(at: rule + 2, count: backtrackCount)
                    let inputAt = rule + 2 + 2 * backtrackCount
                    let inputCount = try table.uint16(at: inputAt)
                    guard inputCount > 0 else { throw MalformedOpenTypeTable() }
                    let input = try glyphSequence(at: inputAt + 2, count: inputCount - 1)
                    let lookaheadAt = inputAt + 2 * inputCount
                    let lookaheadCount = try table.uint16(at: lookaheadAt)
                    let lookahead = try glyphSequence(at: lookaheadAt + 2, count: lookaheadCount)
                    let recordsAt = lookaheadAt + 2 + 2 * lookaheadCount
                    body(LookupTrigger(
                        positions: backtrack.reversed() + [set(of: firsts)] + input + lookahead, current: backtrackCount,
                        nested: try records(at: recordsAt + 2, count: try table.uint16(at: recordsAt),
                                            current: backtrackCount, inputCount: inputCount)))
                }
            }
        case 2:
            let covered = try covered(subtable)
            let backtrackClasses = try classSets(at: subtable + 4, from: subtable)
            let inputClasses = try classSets(at: subtable + 6, from: subtable)
            let lookaheadClasses = try classSets(at: subtable + 8, from: subtable)
            let setCount = try table.uint16(at: subtable + 10)
            for firstClass in 0..<setCount {
                let first = inputClasses.members(of: firstClass, within: covered)
                guard !first.isEmpty else { continue }
                try forEachRule(inSetAt: subtable + 12 + 2 * firstClass, of: subtable) { rule throws(MalformedOpenTypeTable) in
                    func sequence(_ classes: ClassSets, at offset: Int, count: Int) throws(MalformedOpenTypeTable) -> [GlyphSet] {
                        var result: [GlyphSet] = []
                        for entry in 0..<count { result.append(classes.members(of: try table.uint16(at: offset + 2 * entry))) }
                        return result
                    }
                    let backtrackCount = try table.uint16(at: rule)
                    let backtrack = try sequence(backtrackClasses, at: rule + 2, count: backtrackCount)
                    let inputAt = rule + 2 + 2 * backtrackCount
                    let inputCount = try table.uint16(at: inputAt)
                    guard inputCount > 0 else { throw MalformedOpenTypeTable() }
                    let input = try sequence(inputClasses, at: inputAt + 2, count: inputCount - 1)
                    let lookaheadAt = inputAt + 2 * inputCount
                    let lookaheadCount = try table.uint16(at: lookaheadAt)
                    let lookahead = try sequence(lookaheadClasses, at: lookaheadAt + 2, count: lookaheadCount)
                    let recordsAt = lookaheadAt + 2 + 2 * lookaheadCount
                    body(LookupTrigger(
                        positions: backtrack.reversed() + [first] + input + lookahead, current: backtrackCount,
                        nested: try records(at: recordsAt + 2, count: try table.uint16(at: recordsAt),
                                            current: backtrackCount, inputCount: inputCount)))
                }
            }
        case 3:
            let backtrackCount = try table.uint16(at: subtable + 2)
            let backtrack = try coverages(count: backtrackCount, at: subtable + 4, from: subtable)
            let inputAt = subtable + 4 + 2 * backtrackCount
            let inputCount = try table.uint16(at: inputAt)
            guard inputCount > 0 else { throw MalformedOpenTypeTable() }
            let input = try coverages(count: inputCount, at: inputAt + 2, from: subtable)
            let lookaheadAt = inputAt + 2 + 2 * inputCount
            let lookaheadCount = try table.uint16(at: lookaheadAt)
            let lookahead = try coverages(count: lookaheadCount, at: lookaheadAt + 2, from: subtable)
            let recordsAt = lookaheadAt + 2 + 2 * lookaheadCount
            body(LookupTrigger(
                positions: backtrack.reversed() + input + lookahead, current: backtrackCount,
                nested: try records(at: recordsAt + 2, count: try table.uint16(at: recordsAt), current: backtrackCount,
                                    inputCount: inputCount)))
        default:
            throw MalformedOpenTypeTable()
        }
    }

    func reverseChainedContext(_ subtable: Int, _ body: (LookupTrigger) -> Void) throws(MalformedOpenTypeTable) {
        let current = try covered(subtable)
        let backtrackCount = try table.uint16(at: subtable + 4)
        let backtrack = try coverages(count: backtrackCount, at: subtable + 6, from: subtable)
        let lookaheadAt = subtable + 6 + 2 * backtrackCount
        let lookahead = try coverages(count: try table.uint16(at: lookaheadAt), at: lookaheadAt + 2, from: subtable)
        body(LookupTrigger(positions: backtrack.reversed() + [current] + lookahead, current: backtrackCount))
    }

    /// The `count` lookup records at `offset` (a sequence index and a lookup
    /// index each) as positions of a trigger whose first input is at
    /// `current`; records past the rule's `inputCount` inputs are left out,
    /// as HarfBuzz skips them.
    private func records(
        at offset: Int, count: Int, current: Int, inputCount: Int
    ) throws(MalformedOpenTypeTable) -> [(position: Int, lookup: Int)] {
        var result: [(position: Int, lookup: Int)] = []
        for record in 0..<count {
            let sequenceIndex = try table.uint16(at: offset + 4 * record)
            guard sequenceIndex < inputCount else { continue }
            result.append((current + sequenceIndex, try table.uint16(at: offset + 4 * record + 2)))
        }
        return result
    }

    /// The candidates covered by each of `count` Coverage tables whose
    /// 16-bit offsets (from `base`) start at `offset`.
    private func coverages(count: Int, at offset: Int, from base: Int) throws(MalformedOpenTypeTable) -> [GlyphSet] {
        var result: [GlyphSet] = []
        for entry in 0..<count {
            result.append(try candidates.covered(in: table, at: try table.offset16(at: offset + 2 * entry, from: base)))
        }
        return result
    }

    /// Calls `body` with the offset of every rule of the rule set whose
    /// 16-bit offset from `subtable` is at `entry` (a null offset: none).
    private func forEachRule(
        inSetAt entry: Int, of subtable: Int, _ body: (Int) throws(MalformedOpenTypeTable) -> Void
    ) throws(MalformedOpenTypeTable) {
        let setOffset = try table.uint16(at: entry)
        guard setOffset != 0 else { return }
        let ruleSet = subtable + setOffset
        for rule in 0..<(try table.uint16(at: ruleSet)) {
            try body(try table.offset16(at: ruleSet + 2 + 2 * rule, from: ruleSet))
        }
    }
}

/// The candidates of each class of one ClassDef table.
private struct ClassSets {
    let classes: [Int]

    func members(of value: Int) -> GlyphSet {
        GlyphSet(count: classes.count, members: classes.map { $0 == value })
    }

    func members(of value: Int, within set: GlyphSet) -> GlyphSet {
        GlyphSet(count: classes.count, members: classes.indices.map { classes[$0] == value && set.contains($0) })
    }
}
