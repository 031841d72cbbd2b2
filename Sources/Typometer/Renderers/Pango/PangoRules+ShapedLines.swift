import CHarfBuzz

/// How Pango draws the lines it lays out.
extension PangoRules {
    /// The top of the logical rectangle: the greatest ascent among the
    /// line's faces, each moved with its run's baseline shift (see
    /// ``lineHeight(ofFaces:in:)``).
    static func baseline(ofFaces mask: UInt64, in registry: FaceRegistry) -> Double {
        let fonts = registry.fonts(in: mask & FaceRegistry.faceBits)
        let lineHeight = registry.lineHeight
        guard !fonts.isEmpty else { return Double(extents(registry.primary, lineHeight: lineHeight).above) / 1024 }
        var top = Int.min
        for (index, font) in fonts {
            top = max(top, extents(font, lineHeight: lineHeight).above + shift(ofFaceAt: index, onLineOf: mask, in: registry))
        }
        return Double(top) / 1024
    }

    /// A run whose face puts the baseline of the line's first run elsewhere
    /// than that run's face moves by the difference (``PangoBaseline``).
    static func baselineShift(ofFaceAt index: Int, onLineOf mask: UInt64, in registry: FaceRegistry) -> Double {
        Double(shift(ofFaceAt: index, onLineOf: mask, in: registry)) / 1024
    }

    /// The shift in Pango units.
    private static func shift(ofFaceAt index: Int, onLineOf mask: UInt64, in registry: FaceRegistry) -> Int {
        guard let lead = PangoBaseline.lead(in: mask) else { return 0 }
        return registry.baseline(lead.kind, inFaceAt: lead.face) - registry.baseline(lead.kind, inFaceAt: index)
    }

    /// Pango trims no character at a line's end.
    static func lineEndFeatures(forLast unit: UInt16, at offset: Int) -> [hb_feature_t] { [] }
}
