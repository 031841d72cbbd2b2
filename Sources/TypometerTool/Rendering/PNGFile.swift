#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CPNG

/// Writing a ``Canvas`` as a PNG file with libpng's simplified API
/// (`png_image_write_to_stdio`), which reports errors in the image struct
/// instead of through `setjmp`.
enum PNGFile {
    /// Writes `canvas` to `path` as 8-bit RGB: into a new file beside the
    /// file `path` names (through links), renamed over it once whole, so a
    /// failure leaves a file already there as it was. An existing `path`
    /// that is not a regular file (`/dev/stdout`, a named pipe) is written
    /// directly.
    /// - Throws: ``RenderError`` with the system's or libpng's message when writing fails.
    static func write(_ canvas: Canvas, to path: String) throws(RenderError) {
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            guard let file = fopen(path, "wb") else { throw failure(path) }
            try write(canvas, to: file, named: path)
            return
        }
        let target = realpath(path, nil).map { resolved in
            defer { free(resolved) }
            return String(cString: resolved)
        } ?? path
        var template = Array((target + ".tmp-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw failure(path) }
        let temporary = String(cString: template)
        do throws(RenderError) {
            // As readable as a file `fopen` creates: mkstemp's are the owner's only.
            let mask = umask(0)
            umask(mask)
            fchmod(descriptor, 0o666 & ~mask)
            guard let file = fdopen(descriptor, "wb") else {
                close(descriptor)
                throw failure(path)
            }
            try write(canvas, to: file, named: path)
            guard rename(temporary, target) == 0 else { throw failure(path) }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Writes `canvas` into `file` and closes it.
    private static func write(_ canvas: Canvas, to file: UnsafeMutablePointer<FILE>, named path: String) throws(RenderError) {
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(canvas.width)
        image.height = png_uint_32(canvas.height)
        image.format = png_uint_32(PNG_FORMAT_RGB)
        let written = canvas.pixels.withUnsafeBytes { pixels in
            png_image_write_to_stdio(&image, file, 0, pixels.baseAddress, png_int_32(canvas.width * 3), nil)
        }
        let closed = fclose(file) == 0
        guard written != 0 else {
            let message = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            png_image_free(&image)
            throw RenderError("cannot write \(path): \(message)")
        }
        guard closed else { throw failure(path) }
    }

    /// `path` could not be written, for the reason `errno` gives.
    private static func failure(_ path: String) -> RenderError {
        RenderError("cannot write \(path): \(String(cString: strerror(errno)))")
    }
}

/// A picture could not be drawn or written.
struct RenderError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
}
