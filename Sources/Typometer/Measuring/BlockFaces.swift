/// Faces numbered as the block measurer's registry numbers them: another
/// style's faces are registered there (at one size, the same faces), each
/// style's registry remembering where.
final class BlockFaces: StyledFaceNumbering {
    let registry: FaceRegistry
    let measurers: [TextMeasurer]
    /// The last mapping made: most segments repeat it.
    private var last: (mask: UInt64, measurer: Int, bits: UInt64) = (0, -1, 0)

    init(registry: FaceRegistry, measurers: [TextMeasurer]) {
        self.registry = registry
        self.measurers = measurers
    }

    func bits(for mask: UInt64, measurer: Int) -> UInt64 {
        let faces = mask & FaceRegistry.faceBits
        guard measurer != 0 else { return faces }
        if faces == last.mask, measurer == last.measurer { return last.bits }
        let bits = mapped(faces, measurer: measurer)
        last = (faces, measurer, bits)
        return bits
    }

    private func mapped(_ faces: UInt64, measurer: Int) -> UInt64 {
        if faces & FaceRegistry.overflowBit != 0 { return FaceRegistry.overflowBit }
        let own = measurers[measurer].registry
        var result: UInt64 = 0
        var rest = faces
        while rest != 0 {
            let local = rest.trailingZeroBitCount
            rest &= rest - 1
            result |= FaceRegistry.bit(for: own.index(ofFace: local, in: registry))
        }
        return result
    }
}
