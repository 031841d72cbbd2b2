/// The glyphs a layout-table analysis looks at, numbered `0..<count` in
/// increasing glyph-id order, and what the table's coverage and class
/// definitions say of each. Everything else the tables mention is ignored.
struct CandidateGlyphs {
    /// Glyph ids, increasing.
    let glyphs: [Int]
    /// The same ids as a bitmap, and the number of candidates below each of
    /// its words: a glyph's number is read in constant time.
    private let ids: GlyphSet
    private let ranks: [Int]

    /// The candidates `glyphs` (non-negative; duplicates count once).
    ///
    /// - Complexity: O(n + the largest id / 64): sorted through a bitmap of
    ///   the ids (16-bit in OpenType), not compared.
    init(_ glyphs: some Sequence<Int>) {
        let list = Array(glyphs)
        var ids = GlyphSet(count: (list.max() ?? -1) + 1)
        for id in list { ids.insert(id) }
        var ranks: [Int] = []
        ranks.reserveCapacity(ids.words.count)
        var rank = 0
        for word in ids.words {
            ranks.append(rank)
            rank += word.nonzeroBitCount
        }
        self.glyphs = ids.members
        self.ids = ids
        self.ranks = ranks
    }

    var count: Int { glyphs.count }

    /// The number of `glyph`, if it is a candidate.
    func index(of glyph: Int) -> Int? {
        let word = glyph >> 6
        guard glyph >= 0, word < ranks.count, ids.contains(glyph) else { return nil }
        return ranks[word] + (ids.words[word] & (1 << UInt64(glyph & 63) - 1)).nonzeroBitCount
    }

    /// The numbers of the candidates whose ids are in `first...last`.
    func indices(from first: Int, through last: Int) -> Range<Int> {
        guard first <= last else { return 0..<0 }
        return firstIndex(atLeast: first)..<firstIndex(atLeast: last + 1)
    }

    private func firstIndex(atLeast glyph: Int) -> Int {
        var low = 0
        var high = glyphs.count
        while low < high {
            let middle = (low + high) / 2
            if glyphs[middle] < glyph { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Each candidate's index in the Coverage table at `offset` of `table`,
    /// or -1 for one it does not cover.
    func coverageIndices(in table: OpenTypeTable, at offset: Int) throws(MalformedOpenTypeTable) -> [Int] {
        var result = [Int](repeating: -1, count: count)
        switch try table.uint16(at: offset) {
        case 1:
            let glyphCount = try table.uint16(at: offset + 2)
            for entry in 0..<glyphCount {
                if let candidate = index(of: try table.uint16(at: offset + 4 + 2 * entry)) { result[candidate] = entry }
            }
        case 2:
            let rangeCount = try table.uint16(at: offset + 2)
            for range in 0..<rangeCount {
                let record = offset + 4 + 6 * range
                let start = try table.uint16(at: record)
                let end = try table.uint16(at: record + 2)
                let startIndex = try table.uint16(at: record + 4)
                for candidate in indices(from: start, through: end) {
                    result[candidate] = startIndex + glyphs[candidate] - start
                }
            }
        default:
            throw MalformedOpenTypeTable()
        }
        return result
    }

    /// The candidates the Coverage table at `offset` covers (read entry by
    /// entry: the work follows the table's size, not the candidates').
    func covered(in table: OpenTypeTable, at offset: Int) throws(MalformedOpenTypeTable) -> GlyphSet {
        var result = GlyphSet(count: count)
        switch try table.uint16(at: offset) {
        case 1:
            let glyphCount = try table.uint16(at: offset + 2)
            for entry in 0..<glyphCount {
                if let candidate = index(of: try table.uint16(at: offset + 4 + 2 * entry)) { result.insert(candidate) }
            }
        case 2:
            let rangeCount = try table.uint16(at: offset + 2)
            for range in 0..<rangeCount {
                let record = offset + 4 + 6 * range
                for candidate in indices(from: try table.uint16(at: record), through: try table.uint16(at: record + 2)) {
                    result.insert(candidate)
                }
            }
        default:
            throw MalformedOpenTypeTable()
        }
        return result
    }

    /// Each candidate's class in the ClassDef table at `offset` (0 for a
    /// glyph it does not list).
    func classes(in table: OpenTypeTable, at offset: Int) throws(MalformedOpenTypeTable) -> [Int] {
        var result = [Int](repeating: 0, count: count)
        switch try table.uint16(at: offset) {
        case 1:
            let start = try table.uint16(at: offset + 2)
            let glyphCount = try table.uint16(at: offset + 4)
            for candidate in indices(from: start, through: start + glyphCount - 1) {
                result[candidate] = try table.uint16(at: offset + 6 + 2 * (glyphs[candidate] - start))
            }
        case 2:
            let rangeCount = try table.uint16(at: offset + 2)
            for range in 0..<rangeCount {
                let record = offset + 4 + 6 * range
                let value = try table.uint16(at: record + 4)
                for candidate in indices(from: try table.uint16(at: record), through: try table.uint16(at: record + 2)) {
                    result[candidate] = value
                }
            }
        default:
            throw MalformedOpenTypeTable()
        }
        return result
    }
}

/// A set of candidate glyphs (by their number in ``CandidateGlyphs``), or
/// of glyph ids: integers in `0..<count`.
struct GlyphSet: Equatable {
    private(set) var words: [UInt64]

    init(count: Int) { words = [UInt64](repeating: 0, count: (count + 63) / 64) }

    init(count: Int, members: [Bool]) {
        self.init(count: count)
        for (index, isMember) in members.enumerated() where isMember { insert(index) }
    }

    /// The set of one candidate, or the empty set for `nil`.
    init(count: Int, only member: Int?) {
        self.init(count: count)
        if let member { insert(member) }
    }

    mutating func insert(_ member: Int) { words[member >> 6] |= 1 << UInt64(member & 63) }

    func contains(_ member: Int) -> Bool { words[member >> 6] & (1 << UInt64(member & 63)) != 0 }

    var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    var count: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// The members, increasing.
    var members: [Int] {
        var result: [Int] = []
        result.reserveCapacity(count)
        for (wordIndex, word) in words.enumerated() {
            var bits = word
            while bits != 0 {
                result.append(wordIndex << 6 | bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
        return result
    }
}
