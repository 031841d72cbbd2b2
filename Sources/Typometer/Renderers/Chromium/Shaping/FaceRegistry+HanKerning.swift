extension FaceRegistry {
    /// How face `index` trims CJK punctuation, measured on first use.
    func hanKerning(at index: Int) -> HanKerning.FaceData {
        memo(HanKerning.FaceData.self, slot: index) { HanKerning.faceData(for: font(at: index)) }
    }
}
