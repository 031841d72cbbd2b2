import Typometer
import TypometerLayout

/// Draws measured cards into their frames: the frame outlined in gray, an
/// image placeholder, the text as Typometer laid it out (its lines' shaped
/// runs), and the chrome. The text box is outlined green when every line fits the
/// width and the drawn lines fill exactly the measured height, red otherwise.
final class PagePainter {
    let store: TextMeasurerStore
    let scale: Double
    /// Points of white around the page.
    let margin: Double
    /// The content y drawn at the top margin, in points: 0, or the top of content that
    /// reaches above y = 0 (a timeline's intervals before its origin).
    var originY = 0.0
    private var painters: [TextStyle: TextPainter] = [:]

    init(store: TextMeasurerStore, scale: Double, margin: Double = 16) {
        self.store = store
        self.scale = scale
        self.margin = margin
    }

    /// A canvas for content `width` × `height` points plus the margins.
    /// - Throws: ``RenderError`` for a picture too large to draw (``Canvas/init(width:height:)``).
    func canvas(width: Double, height: Double) throws(RenderError) -> Canvas {
        try Canvas(width: (width + 2 * margin) * scale, height: (height + 2 * margin) * scale)
    }

    /// The painter for `style`, created once.
    func painter(for style: TextStyle) throws -> TextPainter {
        if let painter = painters[style] { return painter }
        let painter = try TextPainter(measurer: store.measurer(for: style), scale: scale)
        painters[style] = painter
        return painter
    }

    /// Draws a masonry `card` in `frame` (points, content coordinates) and returns whether
    /// its text fits.
    @discardableResult
    func draw(_ card: Card<MasonryItem>, in frame: LayoutFrame, on canvas: inout Canvas) throws -> Bool {
        let x = frame.x + margin
        var y = top(of: frame)
        if let ratio = card.item.imageAspectRatio {
            let imageHeight = frame.width / ratio
            canvas.fill(x: pixel(x), y: pixel(y), width: pixel(frame.width), height: pixel(imageHeight), color: .image)
            y += imageHeight
        }
        let measurer = try store.measurer(for: card.style)
        let lines = measurer.shapedLines(of: card.text, width: frame.width)
        let drawn = try painter(for: card.style).drawBlock(
            lines, x: x, y: y, width: frame.width, lineSpacing: card.style.lineSpacing, on: &canvas)
        let fits = drawn.fitsWidth && abs(drawn.height - card.item.textHeight) < 0.01
        canvas.stroke(x: pixel(x), y: pixel(y), width: pixel(frame.width), height: max(pixel(card.item.textHeight), 1),
                      color: fits ? .fits : .overflows)
        y += card.item.textHeight
        canvas.fill(x: pixel(x), y: pixel(y), width: pixel(frame.width), height: pixel(card.item.chromeHeight), color: .chrome)
        outline(frame, on: &canvas)
        return fits
    }

    /// The canvas y, in points, of `frame`'s top edge.
    func top(of frame: LayoutFrame) -> Double { frame.y - originY + margin }

    /// Outlines `frame` in gray, a pixel outside it.
    func outline(_ frame: LayoutFrame, on canvas: inout Canvas) {
        canvas.stroke(x: pixel(frame.x + margin) - 1, y: pixel(top(of: frame)) - 1, width: pixel(frame.width) + 2,
                      height: pixel(frame.height) + 2, color: .frame)
    }

    /// Points to whole pixels.
    func pixel(_ points: Double) -> Int { Int((points * scale).rounded()) }
}
