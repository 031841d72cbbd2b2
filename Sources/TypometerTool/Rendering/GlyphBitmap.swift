/// A rendered glyph, placed relative to the pen on the baseline: 8-bit
/// coverage drawn in the text's color, or (a color emoji) its own colors.
struct GlyphBitmap {
    /// Pixels from the pen to the bitmap's left edge.
    var left: Int
    /// Pixels from the baseline up to the bitmap's top row.
    var top: Int
    var width: Int
    var rows: Int
    /// Coverage, `width × rows` bytes, for a glyph drawn in the text's
    /// color; empty for a color glyph.
    var coverage: [UInt8] = []
    /// Premultiplied red, green, blue and alpha, 4 bytes a pixel, for a
    /// color glyph; empty otherwise.
    var colors: [UInt8] = []

    static let empty = GlyphBitmap(left: 0, top: 0, width: 0, rows: 0)

    /// A BGRA bitmap (premultiplied, as FreeType gives color glyphs)
    /// resampled by `factor`: each pixel the average of the source area it
    /// covers, so a 109-pixel emoji strike shrinks to text size smoothly.
    static func scaled(bgra source: [UInt8], width: Int, rows: Int, left: Int, top: Int, by factor: Double) -> GlyphBitmap {
        let scaledWidth = max(1, Int((Double(width) * factor).rounded()))
        let scaledRows = max(1, Int((Double(rows) * factor).rounded()))
        let stepX = Double(width) / Double(scaledWidth)
        let stepY = Double(rows) / Double(scaledRows)
        var colors = [UInt8](repeating: 0, count: scaledWidth * scaledRows * 4)
        for row in 0..<scaledRows {
            let y0 = Double(row) * stepY, y1 = y0 + stepY
            for column in 0..<scaledWidth {
                let x0 = Double(column) * stepX, x1 = x0 + stepX
                var sums = (0.0, 0.0, 0.0, 0.0)
                var area = 0.0
                for sourceRow in Int(y0)..<min(rows, Int(y1.rounded(.up))) {
                    let height = min(y1, Double(sourceRow + 1)) - max(y0, Double(sourceRow))
                    for sourceColumn in Int(x0)..<min(width, Int(x1.rounded(.up))) {
                        let weight = height * (min(x1, Double(sourceColumn + 1)) - max(x0, Double(sourceColumn)))
                        let pixel = (sourceRow * width + sourceColumn) * 4
                        sums.0 += weight * Double(source[pixel + 2])
                        sums.1 += weight * Double(source[pixel + 1])
                        sums.2 += weight * Double(source[pixel])
                        sums.3 += weight * Double(source[pixel + 3])
                        area += weight
                    }
                }
                guard area > 0 else { continue }
                let pixel = (row * scaledWidth + column) * 4
                colors[pixel] = UInt8(min(255, (sums.0 / area).rounded()))
                colors[pixel + 1] = UInt8(min(255, (sums.1 / area).rounded()))
                colors[pixel + 2] = UInt8(min(255, (sums.2 / area).rounded()))
                colors[pixel + 3] = UInt8(min(255, (sums.3 / area).rounded()))
            }
        }
        return GlyphBitmap(
            left: Int((Double(left) * factor).rounded()), top: Int((Double(top) * factor).rounded()),
            width: scaledWidth, rows: scaledRows, colors: colors)
    }
}
