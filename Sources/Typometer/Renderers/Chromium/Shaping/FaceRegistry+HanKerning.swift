extension FaceRegistry {
    /// How face `index` trims CJK punctuation, measured on first use.
    /// (The registry is the measurer's, so its text's language is fixed.)
    func hanKerning(at index: Int, language: TextLanguage?) -> HanKerning.FaceData {
        memo(HanKerning.FaceData.self, slot: index) {
            HanKerning.faceData(for: font(at: index), language: language?.harfBuzz)
        }
    }
}
