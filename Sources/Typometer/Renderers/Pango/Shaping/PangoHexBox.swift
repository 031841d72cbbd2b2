/// The box of hexadecimal digits Pango (with cairo) draws for a character
/// that no face of the set has, in place of the face's `.notdef`: its
/// advance and its logical ascent and descent, which count in the line's
/// height like a face's (`pangocairo-font.c`, unhinted metrics: two rows of
/// digits half the text's size, padded by 1/43 of the face's height).
struct PangoHexBox: Sendable {
    /// Advances in points on Pango's 1/1024 grid, for a character of the
    /// Basic Multilingual Plane (two columns of digits) and beyond (three).
    let basicAdvance: Double
    let supplementaryAdvance: Double
    /// The box's logical extent above and below the baseline, in points on
    /// the same grid.
    let ascent: Double
    let descent: Double

    /// The box drawn in `font`, whose digits (in the set's monospace face at
    /// `digitSize`, from ``FontSet/hexDigitExtents(pixelSize:)``) are at
    /// most `digitWidth` wide and `digitHeight` high.
    init(font: SizedFont, digitSize: Double, digitWidth: Double, digitHeight: Double) {
        var ascent = font.ascent
        var descent = font.descent
        if ascent + descent <= 0 {
            ascent = 14  // PANGO_UNKNOWN_GLYPH_HEIGHT
            descent = 0
        }
        let pad = min((ascent + descent) / 43, digitSize)
        let rows = 2.0
        let boxHeight = 3 * pad + rows * (pad + digitHeight)
        let boxDescent: Double
        if boxHeight <= ascent {
            boxDescent = 2 * pad
        } else if boxHeight <= ascent + descent - 2 * pad {
            boxDescent = 2 * pad + boxHeight - ascent
        } else {
            boxDescent = descent * boxHeight / (ascent + descent)
        }
        // Pango stores the rectangle in integer units of 1/1024 point,
        // truncating.
        let top = Double(Int(1024 * (boxDescent - (boxHeight + pad))))
        let height = Double(Int(1024 * (boxHeight + 2 * pad)))
        self.ascent = -top / 1024
        self.descent = (top + height) / 1024
        basicAdvance = Double(Int(1024 * (5 * pad + 2 * (digitWidth + pad)))) / 1024
        supplementaryAdvance = Double(Int(1024 * (5 * pad + 3 * (digitWidth + pad)))) / 1024
    }

    /// The size Pango draws the digits at for text of `size` points: 1/2.2
    /// of it, on Pango's 1/1024 grid.
    static func digitSize(forTextSize size: Double) -> Double { (size / 2.2 * 1024).rounded() / 1024 }

    /// The advance of the box for `scalar`.
    func advance(for scalar: UInt32) -> Double { scalar > 0xFFFF ? supplementaryAdvance : basicAdvance }
}
