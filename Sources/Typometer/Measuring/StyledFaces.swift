/// How a styled layout numbers the faces of its styles in one mask.
protocol StyledFaceNumbering {
    /// `mask`'s faces (bits of measurer `measurer`'s registry) as this
    /// numbering's bits.
    func bits(for mask: UInt64, measurer: Int) -> UInt64
}

/// The faces seen on the lines of one styled layout, numbered across the
/// measurers of its styles, so one mask names a line's faces whatever
/// style each came from (past 55 faces, the overflow bit: every face).
final class StyledFaces: StyledFaceNumbering {
    private(set) var entries: [(measurer: Int, local: Int)] = []
    /// Each entry's index, by its measurer and face.
    private var indexByEntry: [Entry: Int] = [:]

    private struct Entry: Hashable {
        let measurer: Int
        let local: Int
    }

    /// `mask`'s faces (bits of measurer `measurer`'s registry) as bits of
    /// this table.
    /// The last mapping made: most segments repeat it.
    private var last: (mask: UInt64, measurer: Int, bits: UInt64) = (0, 0, 0)

    func bits(for mask: UInt64, measurer: Int) -> UInt64 {
        if mask == last.mask, measurer == last.measurer { return last.bits }
        let bits = mapped(mask, measurer: measurer)
        last = (mask, measurer, bits)
        return bits
    }

    private func mapped(_ mask: UInt64, measurer: Int) -> UInt64 {
        let faces = mask & FaceRegistry.faceBits
        if faces & FaceRegistry.overflowBit != 0 { return FaceRegistry.overflowBit }
        var result: UInt64 = 0
        var rest = faces
        while rest != 0 {
            let local = rest.trailingZeroBitCount
            rest &= rest - 1
            let index = indexByEntry[Entry(measurer: measurer, local: local)] ?? {
                entries.append((measurer, local))
                indexByEntry[Entry(measurer: measurer, local: local)] = entries.count - 1
                return entries.count - 1
            }()
            result |= FaceRegistry.bit(for: index)
        }
        return result
    }

    /// The faces of `mask` that measurer `measurer`'s registry holds, as
    /// its own bits.
    func localMask(of mask: UInt64, measurer: Int) -> UInt64 {
        if mask & FaceRegistry.overflowBit != 0 { return FaceRegistry.overflowBit }
        var result: UInt64 = 0
        var rest = mask & FaceRegistry.faceBits
        while rest != 0 {
            let index = rest.trailingZeroBitCount
            rest &= rest - 1
            let entry = entries[index]
            if entry.measurer == measurer { result |= FaceRegistry.bit(for: entry.local) }
        }
        return result
    }
}
