/// A face's pair kerning (``PairKerning``) scaled for one sized font, by
/// pair of kerning classes, as the table paths read it: each cell holds what
/// the pair adjustments add to the first glyph's advance in HarfBuzz's units
/// (low 32 bits, each lookup's value scaled as HarfBuzz scales it) and the
/// ``PairCells`` flags asked for; one cell of 0 when there is no kerning.
/// Immutable.
struct ScaledPairKerning: Sendable {
    /// By `left * rightClassCount + right`.
    private let cells: [UInt64]
    private let rightClassCount: Int

    /// `kerning` scaled for `font`, keeping the cells' `flags`.
    init(_ kerning: PairKerning?, font: SizedFont, keeping flags: UInt64) {
        guard let kerning else {
            cells = [0]
            rightClassCount = 1
            return
        }
        let scaled = PairKerning.scaler(for: font)
        cells = kerning.cells.map { cell in
            UInt64(UInt32(bitPattern: scaled(cell, kerning.lookupCount))) | cell & flags
        }
        rightClassCount = kerning.rightCount
    }

    /// The cell of a glyph of left class `left` before one of right class
    /// `right`.
    @inline(__always)
    func cell(left: Int, right: Int) -> UInt64 { cells[left * rightClassCount + right] }
}
