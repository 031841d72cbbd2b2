import CHarfBuzz

/// How Chromium draws the lines it lays out.
extension ChromiumRules: ShapedLineRules {
    /// The tallest face box above the baseline among the line's faces and
    /// the primary face's strut (see ``extents(_:)``): the line box's top is
    /// there, half the leading above the tallest ascent.
    static func baseline(ofFaces mask: UInt64, in registry: FaceRegistry) -> Double {
        var above = extents(registry.primary).above
        for (_, font) in registry.fonts(in: mask & FaceRegistry.faceBits) {
            above = max(above, extents(font).above)
        }
        return above
    }

    /// Every run sits on the line's alphabetic baseline.
    static func baselineShift(ofFaceAt index: Int, onLineOf mask: UInt64, in registry: FaceRegistry) -> Double { 0 }

    /// `halt` where fullwidth punctuation trims its neighbour (CSS
    /// `text-spacing-trim`), as measured.
    static func features(forRun range: Range<Int>, of text: UnsafeBufferPointer<UInt16>, limit: Range<Int>,
                         faceAt index: Int, in registry: FaceRegistry) -> [hb_feature_t] {
        guard HanKerning.mayApply(UnsafeBufferPointer(rebasing: text[range])) else { return [] }
        return HanKerning.features(for: text, range: range, limit: limit, face: registry.hanKerning(at: index)).features
    }

    static var spacesHangBeforeHardBreaks: Bool { true }
}
