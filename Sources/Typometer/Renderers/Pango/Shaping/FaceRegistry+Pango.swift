extension FaceRegistry {
    /// Pango's hex box drawn in face `index`, and the index it counts in
    /// line heights under (a stand-in face of its own, with the box's ascent
    /// and descent), registered on first use.
    func hexBox(inFaceAt index: Int, fontSet: FontSet) -> HexBoxFace {
        memo(HexBoxFace.self, slot: index) {
            let font = font(at: index)
            let digitSize = PangoHexBox.digitSize(forTextSize: size)
            let digits = fontSet.hexDigitExtents(pixelSize: digitSize)
            let box = PangoHexBox(font: font, digitSize: digitSize, digitWidth: digits.width, digitHeight: digits.height)
            let standIn = register(standIn: SizedFont(
                face: font.face, size: size, scaling: scaling, ascent: box.ascent, descent: box.descent))
            return HexBoxFace(index: standIn, box: box)
        }
    }

    /// A hex box and the index of the stand-in face it counts under.
    struct HexBoxFace {
        let index: Int
        let box: PangoHexBox
    }

    /// Pango's baseline `kind` in face `index`, in Pango units (1/1024 pt)
    /// above the alphabetic baseline, computed on first use.
    func baseline(_ kind: PangoBaseline.Kind, inFaceAt index: Int) -> Int {
        memo(BaselinePosition.self, slot: index << 2 | Int(kind.rawValue)) {
            BaselinePosition(units: PangoBaseline.position(of: kind, in: font(at: index)))
        }.units
    }

    /// A baseline's position, kept apart from other per-face integers.
    private struct BaselinePosition {
        let units: Int
    }
}
