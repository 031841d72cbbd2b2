/// How a renderer scales a face to a size (``SizedFont``): the unit of its
/// HarfBuzz positions, the size it actually draws, and where its advances
/// come from.
struct FontScaling: Sendable, Equatable {
    /// HarfBuzz units per point (``SizedFont/unitsPerPoint``).
    let unitsPerPoint: Double
    /// Whether the renderer floors sizes to 1/100 point in single precision
    /// before drawing them (``SizedFont/drawnSize``).
    let floorsSizeToHundredths: Bool
    /// Whether advances come from FreeType's unhinted outlines (``FreeTypeAdvances``)
    /// and a color face's bitmap strikes (``StrikeAdvances``) rather than
    /// from HarfBuzz's own scaling of the face's tables.
    let advancesFromFreeType: Bool

    /// The size `size` is drawn at.
    func drawnSize(_ size: Double) -> Double {
        guard floorsSizeToHundredths else { return size }
        return Double((Float(size) * 100).rounded(.down) / 100)
    }
}
