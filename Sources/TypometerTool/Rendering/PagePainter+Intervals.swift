import Typometer
import TypometerLayout

extension PagePainter {
    /// Draws a timeline interval in `frame`: its background and as many lines of `text`,
    /// broken at the frame's width, as fit its height. Returns whether the whole text fits
    /// (an interval's height comes from its duration, not its text); the text box is
    /// outlined green when it does, red when lines were left out.
    func drawInterval(_ text: String, style: TextStyle, in frame: LayoutFrame, on canvas: inout Canvas) throws -> Bool {
        let x = frame.x + margin
        let y = top(of: frame)
        canvas.fill(x: pixel(x), y: pixel(y), width: pixel(frame.width), height: pixel(frame.height), color: .interval)
        let lines = try store.measurer(for: style).shapedLines(of: text, width: frame.width)
        var kept = 0
        var height = 0.0
        while kept < lines.count {
            let next = height + (kept > 0 ? style.lineSpacing : 0) + lines[kept].height
            if next > frame.height + 0.01 { break }
            height = next
            kept += 1
        }
        let drawn = try painter(for: style).drawBlock(
            Array(lines[..<kept]), x: x, y: y, width: frame.width, lineSpacing: style.lineSpacing, on: &canvas)
        let fits = kept == lines.count && drawn.fitsWidth
        if !text.isEmpty {
            canvas.stroke(x: pixel(x), y: pixel(y), width: pixel(frame.width), height: max(pixel(drawn.height), 1),
                          color: fits ? .fits : .overflows)
        }
        outline(frame, on: &canvas)
        return fits
    }
}
