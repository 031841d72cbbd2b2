#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Output bytes collected in memory and written to a file descriptor on
/// ``flush()`` with `write(2)`: one system call per chunk of results, so
/// output appears as each chunk finishes. Not thread-safe; one writer.
final class OutputBuffer {
    private let descriptor: Int32
    private var bytes: [UInt8] = []

    /// Writes to standard output unless told otherwise.
    init(descriptor: Int32 = 1) {
        self.descriptor = descriptor
        bytes.reserveCapacity(1 << 16)
    }

    func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    func append(_ utf8: [UInt8]) { bytes.append(contentsOf: utf8) }

    /// Writes everything collected. A failed write ends the process with
    /// status 1 (a closed pipe ends it through `SIGPIPE` first, as usual).
    func flush() {
        var offset = 0
        bytes.withUnsafeBufferPointer { buffer in
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    exit(ExitStatus.someInputFailed)
                }
                offset += written
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }
}
