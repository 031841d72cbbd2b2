import CPNG

/// Writing a ``Canvas`` as a PNG file with libpng's simplified API
/// (`png_image_write_to_file`), which reports errors in the image struct
/// instead of through `setjmp`.
enum PNGFile {
    /// Writes `canvas` to `path` as 8-bit RGB.
    /// - Throws: ``RenderError`` with libpng's message when writing fails.
    static func write(_ canvas: Canvas, to path: String) throws(RenderError) {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(canvas.width)
        image.height = png_uint_32(canvas.height)
        image.format = png_uint_32(PNG_FORMAT_RGB)
        let written = canvas.pixels.withUnsafeBytes { pixels in
            png_image_write_to_file(&image, path, 0, pixels.baseAddress, png_int_32(canvas.width * 3), nil)
        }
        guard written != 0 else {
            let message = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            png_image_free(&image)
            throw RenderError("cannot write \(path): \(message)")
        }
    }
}

/// A picture could not be drawn or written.
struct RenderError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
}
