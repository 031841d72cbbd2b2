import Typometer
import TypometerLayout

extension PagePainter {
    /// Draws a flow chip in `frame`: its background, and its text inside the padding, as
    /// Typometer broke it at the chip's text width. Returns whether the text fits: every
    /// line within the width and the lines exactly as tall as measured.
    func drawChip(_ card: Card<FlowItem>, in frame: LayoutFrame, on canvas: inout Canvas) throws -> Bool {
        let chip = card.item
        canvas.fill(x: pixel(frame.x + margin), y: pixel(top(of: frame)), width: pixel(frame.width),
                    height: pixel(frame.height), color: .chip)
        let x = frame.x + margin + chip.horizontalPadding
        let y = top(of: frame) + chip.verticalPadding
        let width = max(0, frame.width - 2 * chip.horizontalPadding)
        let lines = try store.measurer(for: card.style).shapedLines(of: card.text, width: width)
        let drawn = try painter(for: card.style).drawBlock(
            lines, x: x, y: y, width: width, lineSpacing: card.style.lineSpacing, on: &canvas)
        let fits = drawn.fitsWidth && abs(drawn.height - chip.textHeight) < 0.01
        canvas.stroke(x: pixel(x), y: pixel(y), width: pixel(width), height: max(pixel(chip.textHeight), 1),
                      color: fits ? .fits : .overflows)
        outline(frame, on: &canvas)
        return fits
    }
}
