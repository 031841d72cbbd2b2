import Typometer

/// Draws the lines a measurer laid out, as a browser shows them: each
/// line's runs (``ShapedLine``) in visual order, every glyph from the face
/// the measuring chose for it, drawn with FreeType: outlines anti-aliased,
/// color emoji from their bitmap strikes in color.
///
/// Simplifications, stated in `typometer render --help`: each glyph is
/// placed on a whole pixel; outlines are hinted lightly, with grayscale
/// anti-aliasing; a character no face has is drawn as the `.notdef` glyph
/// of the face measured for it (Pango draws a hex box of its code there).
/// Coordinates are points scaled by ``scale`` into pixels. Not thread-safe.
final class TextPainter {
    let measurer: TextMeasurer
    let scale: Double
    private let rasterizer: GlyphRasterizer

    /// - Throws: ``RenderError`` when FreeType does not start.
    init(measurer: TextMeasurer, scale: Double) throws(RenderError) {
        self.measurer = measurer
        self.scale = scale
        rasterizer = try GlyphRasterizer()
    }

    /// Draws `line` with the top of its line box at `top` and its start at
    /// `x` (points); a line of a right-to-left paragraph ends at `x +
    /// boxWidth` instead. Returns the line's drawn advance in points.
    @discardableResult
    func draw(_ line: ShapedLine, x: Double, top: Double, boxWidth: Double, color: Color = .text,
              on canvas: inout Canvas) -> Double {
        let advance = line.runs.reduce(0) { $0 + $1.width }
        let baseline = ((top + line.baseline) * scale).rounded()
        var pen = (line.isRightToLeft ? x + boxWidth - advance : x) * scale
        for run in line.runs {
            let face = rasterizer.face(run.face, pixelSize: run.size * scale)
            for glyph in run.glyphs {
                let origin = Int((pen + glyph.xOffset * scale).rounded())
                let glyphBaseline = Int(baseline - (glyph.yOffset * scale).rounded())
                if let face {
                    let bitmap = face.bitmap(for: glyph.id)
                    canvas.draw(bitmap, x: origin + bitmap.left, y: glyphBaseline - bitmap.top, color: color)
                } else {
                    // A face FreeType cannot open (it opened for measuring).
                    let size = Int((run.size * scale).rounded())
                    canvas.stroke(x: origin, y: glyphBaseline - size, width: max(Int(glyph.advance * scale), 2),
                                  height: size, color: .missingGlyph)
                }
                pen += glyph.advance * scale
            }
        }
        return advance
    }

    /// Draws `text` as one line, not wrapped, with its baseline at
    /// `baseline` and its start at `x` (points), shaped by the measurer;
    /// returns its advance in points.
    @discardableResult
    func draw(_ text: Substring, x: Double, baseline: Double, color: Color = .text, on canvas: inout Canvas) -> Double {
        guard let line = measurer.shapedLines(of: String(text), width: .infinity).first else { return 0 }
        return draw(line, x: x, top: baseline - line.baseline, boxWidth: line.width, color: color, on: &canvas)
    }

    /// `text` shaped as one line, not wrapped, in a line box `height` points
    /// tall (its baseline kept as far from the box's middle as the
    /// measurer put it): a line some other renderer broke.
    func line(of text: Substring, height: Double) -> ShapedLine {
        var line = measurer.shapedLines(of: String(text), width: .infinity).first
            ?? ShapedLine(utf16Range: 0..<0, width: 0, height: height, baseline: 0, isRightToLeft: false, runs: [])
        line.baseline += (height - line.height) / 2
        line.height = height
        return line
    }
}
