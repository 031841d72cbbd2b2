#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Every ordered pair of candidate glyphs as one 64-bit cell: what each
/// pair-adjustment lookup (`GPOS` type 2) gives the pair, up to three of
/// them in 16-bit slots (the first glyph's advance adjustment, design
/// units), and two flags.
struct PairCells {
    let count: Int
    /// By `first * count + second`.
    private(set) var cells: [UInt64]

    /// HarfBuzz marks the second glyph unsafe to break before: a non-zero
    /// placement or advance was applied, or the pair has a value for its
    /// second glyph.
    static let unsafe: UInt64 = 1 << 48
    /// Text holding the pair is left to HarfBuzz: a rule of several glyphs
    /// needs it, or a lookup adjusts its second glyph and then skips it
    /// (so the next pair is not the second glyph's).
    static let forbidden: UInt64 = 1 << 49
    static let slots = 3

    init(count: Int) {
        self.count = count
        cells = [UInt64](repeating: 0, count: count * count)
    }

    mutating func forbid(first: Int, second: Int) { cells[first * count + second] |= Self.forbidden }

    /// Records pair-adjustment `lookup` in `slot`, as HarfBuzz 6 applies
    /// it (`PairPosFormat1`/`PairPosFormat2::apply`): the first subtable
    /// that covers a pair decides it; a format 2 subtable decides every
    /// pair whose first glyph it covers and whose classes it has.
    mutating func record(
        _ lookup: OpenTypeLookup, slot: Int, in table: OpenTypeTable, candidates: CandidateGlyphs
    ) throws(MalformedOpenTypeTable) {
        var decided = [Bool](repeating: false, count: count * count)
        let shift = 16 * UInt64(slot)
        for subtable in lookup.subtables {
            let format = try table.uint16(at: subtable)
            let firstFormat = try table.uint16(at: subtable + 4)
            let secondFormat = try table.uint16(at: subtable + 6)
            let firstLength = 2 * (firstFormat & 0xFF).nonzeroBitCount
            let secondLength = 2 * (secondFormat & 0xFF).nonzeroBitCount
            let coverage = try candidates.coverageIndices(
                in: table, at: try table.offset16(at: subtable + 2, from: subtable))
            /// The cell bits of the values at `offset`.
            func values(at offset: Int) throws(MalformedOpenTypeTable) -> UInt64 {
                let first = try ValueRecord(format: firstFormat, at: offset, in: table)
                let second = try ValueRecord(format: secondFormat, at: offset + firstLength, in: table)
                var bits = UInt64(UInt16(truncatingIfNeeded: first.xAdvance)) << shift
                if first.isNonZero || second.isNonZero || secondLength > 0 { bits |= Self.unsafe }
                if secondLength > 0 { bits |= Self.forbidden }
                return bits
            }
            switch format {
            case 1:
                let setCount = try table.uint16(at: subtable + 8)
                let recordLength = 2 + firstLength + secondLength
                for (first, index) in coverage.enumerated() where index >= 0 && index < setCount {
                    let pairSet = try table.offset16(at: subtable + 10 + 2 * index, from: subtable)
                    for record in 0..<(try table.uint16(at: pairSet)) {
                        let offset = pairSet + 2 + recordLength * record
                        guard let second = candidates.index(of: try table.uint16(at: offset)),
                              !decided[first * count + second] else { continue }
                        decided[first * count + second] = true
                        cells[first * count + second] |= try values(at: offset + 2)
                    }
                }
            case 2:
                let firstClasses = try candidates.classes(in: table, at: try table.offset16(at: subtable + 8, from: subtable))
                let secondClasses = try candidates.classes(in: table, at: try table.offset16(at: subtable + 10, from: subtable))
                let firstClassCount = try table.uint16(at: subtable + 12)
                let secondClassCount = try table.uint16(at: subtable + 14)
                let recordLength = firstLength + secondLength
                // Each first class's values for every second class, read once.
                var rows: [Int: [UInt64]] = [:]
                for (first, index) in coverage.enumerated() where index >= 0 && firstClasses[first] < firstClassCount {
                    let firstClass = firstClasses[first]
                    if rows[firstClass] == nil {
                        var row: [UInt64] = []
                        row.reserveCapacity(secondClassCount)
                        for secondClass in 0..<secondClassCount {
                            row.append(try values(at: subtable + 16 + recordLength * (firstClass * secondClassCount + secondClass)))
                        }
                        rows[firstClass] = row
                    }
                    let row = rows[firstClass]!
                    let base = first * count
                    decided.withUnsafeMutableBufferPointer { decided in
                        cells.withUnsafeMutableBufferPointer { cells in
                            for second in 0..<count where !decided[base + second] {
                                let secondClass = secondClasses[second]
                                guard secondClass < secondClassCount else { continue }
                                decided[base + second] = true
                                cells[base + second] |= row[secondClass]
                            }
                        }
                    }
                }
            default:
                throw MalformedOpenTypeTable()
            }
        }
    }

    /// Numbers the rows (`byRow`) or the columns of the matrix, equal lines
    /// alike; returns each line's number and one line of each number.
    func classes(byRow: Bool) -> (classes: [UInt16], representatives: [Int]) {
        let count = self.count
        var lines = cells
        if !byRow {
            cells.withUnsafeBufferPointer { cells in
                lines.withUnsafeMutableBufferPointer { lines in
                    for first in 0..<count {
                        for second in 0..<count { lines[second * count + first] = cells[first * count + second] }
                    }
                }
            }
        }
        return lines.withUnsafeBufferPointer { lines in
            var byHash: [UInt64: [Int]] = [:]
            var classes: [UInt16] = []
            classes.reserveCapacity(count)
            var representatives: [Int] = []
            for line in 0..<count {
                let start = lines.baseAddress! + line * count
                var hash: UInt64 = 0xCBF2_9CE4_8422_2325
                for index in 0..<count { hash = (hash ^ start[index]) &* 0x0000_0100_0000_01B3 }
                let match = byHash[hash]?.first { number in
                    memcmp(lines.baseAddress! + representatives[number] * count, start, count * 8) == 0
                }
                if let match {
                    classes.append(UInt16(match))
                } else {
                    byHash[hash, default: []].append(representatives.count)
                    classes.append(UInt16(representatives.count))
                    representatives.append(line)
                }
            }
            return (classes, representatives)
        }
    }
}

/// The placement and advance fields of one `ValueRecord` (device tables
/// are skipped: HarfBuzz applies them only at a set ppem or variation).
private struct ValueRecord {
    var xPlacement = 0, yPlacement = 0, xAdvance = 0, yAdvance = 0

    init(format: Int, at offset: Int, in table: OpenTypeTable) throws(MalformedOpenTypeTable) {
        var field = offset
        if format & 0x1 != 0 { xPlacement = try table.int16(at: field); field += 2 }
        if format & 0x2 != 0 { yPlacement = try table.int16(at: field); field += 2 }
        if format & 0x4 != 0 { xAdvance = try table.int16(at: field); field += 2 }
        if format & 0x8 != 0 { yAdvance = try table.int16(at: field) }
    }

    var isNonZero: Bool { xPlacement != 0 || yPlacement != 0 || xAdvance != 0 || yAdvance != 0 }
}
