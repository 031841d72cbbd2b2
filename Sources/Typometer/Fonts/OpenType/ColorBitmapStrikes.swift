/// The bitmap strikes of a color bitmap face (`CBLC` and `CBDT`, as Noto
/// Color Emoji has): each strike's size and its glyphs' advances in the
/// strike's pixels. FreeType loads such a glyph from a strike, and Skia
/// scales the strike's advance to the font size: Chromium advances a color
/// emoji by it, not by `hmtx` (Noto Color Emoji: 136 px at 109 ppem,
/// 1.2477 em, against 2550/2048 = 1.2451 em).
struct ColorBitmapStrikes: Sendable {
    struct Strike: Sendable {
        /// The strike's size in pixels per em.
        let ppem: Int
        /// Each glyph's horizontal advance in the strike's pixels.
        let advances: [UInt32: Int]
    }

    let strikes: [Strike]

    /// The strikes of `face` (an `hb_face_t`); `nil` when it has no `CBLC`
    /// table, or none that can be read.
    init?(face: OpaquePointer) {
        let locations = OpenTypeTable(of: face, tag: UInt32(tag: "CBLC"))
        let data = OpenTypeTable(of: face, tag: UInt32(tag: "CBDT"))
        guard !locations.isEmpty, !data.isEmpty,
              let strikes = try? Self.read(locations: locations, data: data), !strikes.isEmpty
        else { return nil }
        self.strikes = strikes
    }

    /// The strike a `pixelSize` font draws from (Skia's choice for FreeType):
    /// the smallest at least that large, else the largest.
    func strike(forPixelSize pixelSize: Double) -> Strike {
        strikes.filter { Double($0.ppem) >= pixelSize }.min { $0.ppem < $1.ppem }
            ?? strikes.max { $0.ppem < $1.ppem }!
    }

    private static func read(locations: OpenTypeTable, data: OpenTypeTable) throws(MalformedOpenTypeTable) -> [Strike] {
        let count = try locations.uint32(at: 4)
        guard count < 256 else { throw MalformedOpenTypeTable() }
        var strikes: [Strike] = []
        for index in 0..<count {
            let record = 8 + 48 * index
            let array = try locations.uint32(at: record)
            let subtables = try locations.uint32(at: record + 8)
            guard subtables < 65_536 else { throw MalformedOpenTypeTable() }
            var advances: [UInt32: Int] = [:]
            for subtable in 0..<subtables {
                let entry = array + 8 * subtable
                let first = try locations.uint16(at: entry)
                let last = try locations.uint16(at: entry + 2)
                let header = array + (try locations.uint32(at: entry + 4))
                try readSubtable(at: header, glyphs: first...max(first, last), locations: locations, data: data,
                                 into: &advances)
            }
            strikes.append(Strike(ppem: try locations.uint8(at: record + 45), advances: advances))
        }
        return strikes.filter { $0.ppem > 0 }
    }

    /// Reads one index subtable's glyphs (formats 1 to 5) into `advances`.
    private static func readSubtable(
        at header: Int, glyphs: ClosedRange<Int>, locations: OpenTypeTable, data: OpenTypeTable,
        into advances: inout [UInt32: Int]
    ) throws(MalformedOpenTypeTable) {
        let indexFormat = try locations.uint16(at: header)
        let imageFormat = try locations.uint16(at: header + 2)
        let imageData = try locations.uint32(at: header + 4)
        /// The advance in the glyph's image record at `offset` of `CBDT`.
        func imageAdvance(at offset: Int) throws(MalformedOpenTypeTable) -> Int? {
            switch imageFormat {
            case 17: try data.uint8(at: offset + 4)  // smallGlyphMetrics.advance
            case 18: try data.uint8(at: offset + 4)  // bigGlyphMetrics.horiAdvance
            default: nil
            }
        }
        switch indexFormat {
        case 1, 3:
            let size = indexFormat == 1 ? 4 : 2
            for (position, glyph) in glyphs.enumerated() {
                let at = header + 8 + size * position
                let start = size == 4 ? try locations.uint32(at: at) : try locations.uint16(at: at)
                let end = size == 4 ? try locations.uint32(at: at + size) : try locations.uint16(at: at + size)
                guard end > start, let advance = try imageAdvance(at: imageData + start) else { continue }
                advances[UInt32(glyph)] = advance
            }
        case 2:
            let advance = try locations.uint8(at: header + 12 + 4)  // bigGlyphMetrics.horiAdvance
            for glyph in glyphs { advances[UInt32(glyph)] = advance }
        case 4:
            let count = try locations.uint32(at: header + 8)
            guard count < 65_536 else { throw MalformedOpenTypeTable() }
            for pair in 0..<count {
                let at = header + 12 + 4 * pair
                let glyph = try locations.uint16(at: at)
                let start = try locations.uint16(at: at + 2)
                let end = try locations.uint16(at: at + 6)
                guard end > start, let advance = try imageAdvance(at: imageData + start) else { continue }
                advances[UInt32(glyph)] = advance
            }
        case 5:
            let advance = try locations.uint8(at: header + 12 + 4)  // bigGlyphMetrics.horiAdvance
            let count = try locations.uint32(at: header + 20)
            guard count < 65_536 else { throw MalformedOpenTypeTable() }
            for index in 0..<count { advances[UInt32(try locations.uint16(at: header + 24 + 2 * index))] = advance }
        default:
            break
        }
    }
}
