import TypometerJSONLines

/// An RGB image in memory, 8 bits a channel, drawn on in pixels with the
/// origin at the top left: filled, outlined, and blended with glyph
/// coverage or premultiplied color. Drawing outside the image is clipped.
struct Canvas {
    let width: Int
    let height: Int
    /// Rows top to bottom, three bytes (red, green, blue) a pixel.
    private(set) var pixels: [UInt8]

    /// The most pixels a side: libpng refuses more ("Invalid IHDR data").
    static let maximumSide = 1_000_000
    /// The most pixels in all: 2²⁸, 768 MiB of RGB.
    static let maximumPixels = 1 << 28

    /// A canvas filled with white, `width` × `height` pixels rounded up (at
    /// least 1 × 1); checked before anything is allocated.
    /// - Throws: ``RenderError`` when a side is longer than ``maximumSide``
    ///   or the whole larger than ``maximumPixels`` (or not finite).
    init(width: Double, height: Double) throws(RenderError) {
        let (columns, rows) = (max(width.rounded(.up), 1), max(height.rounded(.up), 1))
        guard columns <= Double(Canvas.maximumSide), rows <= Double(Canvas.maximumSide),
              columns * rows <= Double(Canvas.maximumPixels)
        else {
            throw RenderError("the picture would be \(JSONText.number(columns)) × \(JSONText.number(rows)) px, too large to "
                + "draw: at most \(Canvas.maximumSide) px a side and \(Canvas.maximumPixels) px in all "
                + "(draw fewer items with --limit, or at a smaller --scale)")
        }
        self.width = Int(columns)
        self.height = Int(rows)
        pixels = [UInt8](repeating: 255, count: self.width * self.height * 3)
    }

    /// Fills the rectangle from (`x`, `y`), `width` × `height` pixels.
    mutating func fill(x: Int, y: Int, width: Int, height: Int, color: Color) {
        let left = max(x, 0), right = min(x + width, self.width)
        let top = max(y, 0), bottom = min(y + height, self.height)
        guard left < right, top < bottom else { return }
        for row in top..<bottom {
            for column in left..<right { set(column, row, color) }
        }
    }

    /// A one-pixel outline just inside the rectangle.
    mutating func stroke(x: Int, y: Int, width: Int, height: Int, color: Color) {
        fill(x: x, y: y, width: width, height: 1, color: color)
        fill(x: x, y: y + height - 1, width: width, height: 1, color: color)
        fill(x: x, y: y, width: 1, height: height, color: color)
        fill(x: x + width - 1, y: y, width: 1, height: height, color: color)
    }

    /// Blends `color` in at (`x`, `y`) with the given coverage (0 transparent, 255 opaque).
    mutating func blend(_ x: Int, _ y: Int, _ color: Color, coverage: UInt8) {
        guard x >= 0, y >= 0, x < width, y < height, coverage > 0 else { return }
        let offset = (y * width + x) * 3
        let alpha = Int(coverage)
        for (channel, value) in [color.red, color.green, color.blue].enumerated() {
            let old = Int(pixels[offset + channel])
            pixels[offset + channel] = UInt8((Int(value) * alpha + old * (255 - alpha) + 127) / 255)
        }
    }

    /// Blends a premultiplied color in at (`x`, `y`): the color plus what
    /// shows through its transparency (`alpha` 0 transparent, 255 opaque).
    mutating func blend(_ x: Int, _ y: Int, premultipliedRed red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        guard x >= 0, y >= 0, x < width, y < height, alpha > 0 || red > 0 || green > 0 || blue > 0 else { return }
        let offset = (y * width + x) * 3
        let through = 255 - Int(alpha)
        for (channel, value) in [red, green, blue].enumerated() {
            let old = Int(pixels[offset + channel])
            pixels[offset + channel] = UInt8(min(255, Int(value) + (old * through + 127) / 255))
        }
    }

    /// Draws `glyph` with its top-left pixel at (`x`, `y`): its coverage in
    /// `color`, or its own colors.
    mutating func draw(_ glyph: GlyphBitmap, x: Int, y: Int, color: Color) {
        for row in 0..<glyph.rows {
            for column in 0..<glyph.width {
                let index = row * glyph.width + column
                if glyph.colors.isEmpty {
                    blend(x + column, y + row, color, coverage: glyph.coverage[index])
                } else {
                    blend(x + column, y + row, premultipliedRed: glyph.colors[index * 4],
                          green: glyph.colors[index * 4 + 1], blue: glyph.colors[index * 4 + 2],
                          alpha: glyph.colors[index * 4 + 3])
                }
            }
        }
    }

    private mutating func set(_ x: Int, _ y: Int, _ color: Color) {
        let offset = (y * width + x) * 3
        pixels[offset] = color.red
        pixels[offset + 1] = color.green
        pixels[offset + 2] = color.blue
    }
}

/// An opaque RGB color.
struct Color: Sendable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8

    static let text = Color(red: 20, green: 20, blue: 20)
    static let frame = Color(red: 150, green: 150, blue: 150)
    static let fits = Color(red: 40, green: 160, blue: 60)
    static let overflows = Color(red: 220, green: 30, blue: 30)
    static let image = Color(red: 214, green: 226, blue: 240)
    static let chrome = Color(red: 240, green: 240, blue: 240)
    static let chip = Color(red: 226, green: 232, blue: 244)
    static let interval = Color(red: 232, green: 240, blue: 228)
    static let missingGlyph = Color(red: 230, green: 140, blue: 20)
    static let label = Color(red: 90, green: 90, blue: 90)
}
