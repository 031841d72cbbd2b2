/// Line heights under one rendering profile, from the faces on each line.
struct LineHeights: Sendable {
    let profile: RenderingProfile
    let registry: FaceRegistry
    /// The height of a line drawn only in the primary face.
    let primaryHeight: Double

    init(profile: RenderingProfile, registry: FaceRegistry) {
        self.profile = profile
        self.registry = registry
        let primary = registry.primary
        switch profile {
        case .chromium:
            let (above, below) = LineHeights.chromiumExtents(primary)
            primaryHeight = above + below
        case .pango:
            primaryHeight = LineHeights.pangoAscent(primary) + LineHeights.pangoDescent(primary)
        }
    }

    /// The height of a line whose glyphs come from the faces in `mask`.
    @inline(__always)
    func height(of mask: UInt64) -> Double {
        mask <= 1 ? primaryHeight : height(ofFaces: mask)
    }

    private func height(ofFaces mask: UInt64) -> Double {
        let fonts = registry.fonts(in: mask & FaceRegistry.faceBits)
        switch profile {
        case .chromium:
            // The primary face's strut is always part of the line.
            var (above, below) = LineHeights.chromiumExtents(registry.primary)
            for (_, font) in fonts {
                let extents = LineHeights.chromiumExtents(font)
                above = max(above, extents.above)
                below = max(below, extents.below)
            }
            return above + below
        case .pango:
            // Runs move by how far their face puts the first run's baseline
            // from where the first run's face does (Pango units).
            let lead = PangoBaseline.lead(in: mask)
            let leadBaseline = lead.map { registry.baseline($0.kind, inFaceAt: $0.face) } ?? 0
            var ascent = Int.min
            var descent = Int.min
            for (index, font) in fonts {
                var shift = 0
                if let lead { shift = leadBaseline - registry.baseline(lead.kind, inFaceAt: index) }
                ascent = max(ascent, Int(LineHeights.pangoAscent(font) * 1024) + shift)
                descent = max(descent, Int(LineHeights.pangoDescent(font) * 1024) - shift)
            }
            return fonts.isEmpty ? primaryHeight : Double(ascent + descent) / 1024
        }
    }

    /// Blink's box for a face under `line-height: normal`: ascent, descent
    /// and line gap each rounded to whole points (`SkScalarRoundToScalar`),
    /// the gap split with its floor half above the baseline
    /// (`CalculateLeadingSpace`).
    static func chromiumExtents(_ font: SizedFont) -> (above: Double, below: Double) {
        let ascent = (font.ascent + 0.5).rounded(.down)
        let descent = (font.descent + 0.5).rounded(.down)
        let gap = (font.lineGap + 0.5).rounded(.down)
        let gapAbove = (gap / 2).rounded(.down)
        return (ascent + gapAbove, descent + gap - gapAbove)
    }

    /// Pango's logical ascent and descent: HarfBuzz extents at 1024 units per
    /// point (the face's font is scaled so under `.pango`).
    static func pangoAscent(_ font: SizedFont) -> Double { Double(font.scaledAscent) / 1024 }
    static func pangoDescent(_ font: SizedFont) -> Double { Double(font.scaledDescent) / 1024 }
}
