import CWebFontFiles
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A face as a page ships it (`tm_web_font`: HarfBuzz's subsetter, then
/// WOFF2 compression).
enum WebFontFile {
    /// Face `index` of the font file at `path` with only `codepoints` (and
    /// the glyphs their layout reaches), as WOFF2 bytes; `nil` when the face
    /// cannot be read or subset.
    static func woff2(path: String, index: Int, codepoints: [UInt32]) -> [UInt8]? {
        guard index >= 0, index <= Int(UInt32.max) else { return nil }
        var length = 0
        let bytes = codepoints.withUnsafeBufferPointer { codepoints in
            tm_web_font(path, UInt32(index), codepoints.baseAddress, codepoints.count, &length)
        }
        guard let bytes else { return nil }
        defer { free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }
}
