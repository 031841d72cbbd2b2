/// One lookup of a `GSUB` or `GPOS` table: its type (an extension lookup's
/// own type), its flags and its subtables' absolute offsets.
struct OpenTypeLookup {
    let type: Int
    let flags: Int
    let subtables: [Int]

    /// `LookupFlag.IGNORE_BASE_GLYPHS`: the lookup skips base glyphs, so a
    /// rule of several glyphs may match glyphs that are not adjacent.
    static let ignoreBaseGlyphs = 0x0002
    /// `LookupFlag.IGNORE_MARKS`: the lookup skips marks.
    static let ignoreMarks = 0x0008

    /// Lookup `index` of `table`, a `GSUB` table when `isPositioning` is
    /// false, else a `GPOS` table.
    init(index: Int, in table: OpenTypeTable, isPositioning: Bool) throws(MalformedOpenTypeTable) {
        let list = try table.offset16(at: 8, from: 0)
        guard index < (try table.uint16(at: list)) else { throw MalformedOpenTypeTable() }
        let lookup = try table.offset16(at: list + 2 + 2 * index, from: list)
        let declared = try table.uint16(at: lookup)
        var type = declared
        flags = try table.uint16(at: lookup + 2)
        let count = try table.uint16(at: lookup + 4)
        var subtables: [Int] = []
        let extensionType = isPositioning ? 9 : 7
        for subtable in 0..<count {
            var offset = try table.offset16(at: lookup + 6 + 2 * subtable, from: lookup)
            if declared == extensionType {
                let resolved = try table.uint16(at: offset + 2)
                guard resolved != extensionType, subtable == 0 || resolved == type else { throw MalformedOpenTypeTable() }
                type = resolved
                offset += try table.uint32(at: offset + 4)
            }
            subtables.append(offset)
        }
        // An extension lookup's type is that of its subtables (none: nothing
        // to apply).
        self.type = type == extensionType ? 0 : type
        self.subtables = subtables
    }
}
