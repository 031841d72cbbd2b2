#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Messages and the progress bar, written straight to file descriptor 2.
enum StandardError {
    /// Whether stderr is a terminal (`isatty(2)`): the progress bar shows only then.
    static var isTerminal: Bool { isatty(2) == 1 }

    static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(2, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
