import BenchGlue
import Dispatch

/// One thread's Pango: a font map and context set up as the reference
/// renderer's, laying out each post with a fresh `PangoLayout`
/// (`bench_pango_height`). Not shared between threads.
package final class PangoLayouter: @unchecked Sendable {
    private let handle: OpaquePointer

    /// - Throws: when the Fontconfig file does not load or `family` resolves
    ///   to a file other than `expectedFile`.
    package init(fontconfigFile: String, family: String, size: Double, expectedFile: String) throws(BenchError) {
        var message = [CChar](repeating: 0, count: 1024)
        guard let handle = bench_pango_new(fontconfigFile, family, size, expectedFile, &message, message.count) else {
            throw BenchError("Pango: " + String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.handle = handle
    }

    deinit { bench_pango_free(handle) }

    /// The height in points of `text` at `width` points; `lineLimit` > 0
    /// limits the lines Pango's way (height -N, ellipsize end).
    package func height(of text: String, width: Double, lineLimit: Int = 0) -> Double {
        var text = text
        return text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                bench_pango_height(handle, chars.baseAddress, Int32(chars.count), width, Int32(lineLimit), nil)
            }
        }
    }

    /// Height and line count of `text` at `width`.
    package func layout(of text: String, width: Double) -> (height: Double, lines: Int) {
        var text = text
        var lines: Int32 = 0
        let height = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                bench_pango_height(handle, chars.baseAddress, Int32(chars.count), width, 0, &lines)
            }
        }
        return (height, Int(lines))
    }
}

extension PangoLayouter {
    /// A layout of `text` kept for re-measuring at new widths.
    package func keptLayout(of text: String) -> KeptPangoLayout {
        var text = text
        let layout = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                bench_pango_layout_new(handle, chars.baseAddress, Int32(chars.count))!
            }
        }
        return KeptPangoLayout(handle: layout, owner: self)
    }
}

/// One text's `PangoLayout`, re-measured with `pango_layout_set_width`.
package final class KeptPangoLayout {
    private let handle: OpaquePointer
    private let owner: PangoLayouter

    fileprivate init(handle: OpaquePointer, owner: PangoLayouter) {
        self.handle = handle
        self.owner = owner
    }

    deinit { bench_pango_layout_free(handle) }

    package func height(width: Double) -> Double { bench_pango_layout_height(handle, width) }
}
