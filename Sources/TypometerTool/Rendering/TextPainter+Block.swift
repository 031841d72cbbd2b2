import Typometer

extension TextPainter {
    /// Draws `lines` one below the other from (`x`, `y`) in points, in a box
    /// `width` points wide, with `lineSpacing` points between lines. Returns
    /// whether every line's drawn advance stays within `width`, and the
    /// block's height in points.
    func drawBlock(_ lines: [ShapedLine], x: Double, y: Double, width: Double, lineSpacing: Double,
                   on canvas: inout Canvas) -> (fitsWidth: Bool, height: Double)
    {
        var top = y
        var fitsWidth = true
        for (index, line) in lines.enumerated() {
            if index > 0 { top += lineSpacing }
            let advance = draw(line, x: x, top: top, boxWidth: width, on: &canvas)
            if advance > width + 0.5 { fitsWidth = false }
            top += line.height
        }
        return (fitsWidth, top - y)
    }
}
