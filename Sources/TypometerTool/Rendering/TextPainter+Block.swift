extension TextPainter {
    /// One line to draw: its text and line-box height in points.
    struct Line {
        var text: Substring
        var height: Double
    }

    /// Draws `lines` one below the other from (`x`, `y`) in points, trailing
    /// white space and line breaks left out, with `lineSpacing` points
    /// between lines. Returns whether every line's ink advance stays within
    /// `width`, and the block's height in points.
    func drawBlock(_ lines: [Line], x: Double, y: Double, width: Double, lineSpacing: Double,
                   on canvas: inout Canvas) -> (fitsWidth: Bool, height: Double)
    {
        var top = y
        var fitsWidth = true
        for (index, line) in lines.enumerated() {
            if index > 0 { top += lineSpacing }
            var text = line.text
            while let last = text.last, last.isWhitespace || last.isNewline { text.removeLast() }
            let advance = draw(text, x: x, baseline: top + baselineOffset(lineHeight: line.height), on: &canvas)
            if advance > width + 0.5 { fitsWidth = false }
            top += line.height
        }
        return (fitsWidth, top - y)
    }
}
