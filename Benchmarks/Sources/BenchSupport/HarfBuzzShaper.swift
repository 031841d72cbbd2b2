import BenchGlue

/// HarfBuzz alone: one `hb_shape` of a whole post with the OpenType font
/// functions Typometer uses (`bench_shaper_shape`). Not shared between threads.
package final class HarfBuzzShaper: @unchecked Sendable {
    private let handle: OpaquePointer

    package init(fontFile: String, size: Double) throws(BenchError) {
        guard let handle = bench_shaper_new(fontFile, size) else {
            throw BenchError("HarfBuzz cannot open \(fontFile)")
        }
        self.handle = handle
    }

    deinit { bench_shaper_free(handle) }

    /// The advance of `text` shaped as one Latin run, in points.
    package func advance(of text: String) -> Double {
        var text = text
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                bench_shaper_shape(handle, chars.baseAddress, Int32(chars.count))
            }
        }
    }
}
