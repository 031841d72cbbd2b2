#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Reads a file descriptor line by line through a fixed 64 KiB buffer, so
/// memory stays flat however long the input is; only the line being
/// assembled grows with the line, up to `maximumLineLength` bytes: the bytes
/// of a longer line are dropped as they are read and only its length is
/// reported.
///
/// Lines end at `\n`; a `\r` before it is dropped; a last line without a
/// terminator still counts. Not thread-safe.
package final class LineReader {
    /// One line read: its bytes, or only the length of a line longer than
    /// the reader keeps.
    package enum Line: Equatable {
        case bytes([UInt8])
        case tooLong(length: Int)
    }

    private let descriptor: Int32
    private var buffer: [UInt8]
    private var start = 0
    private var end = 0
    private var reachedEnd = false
    /// The longest line kept, in bytes (without its terminator).
    package let maximumLineLength: Int
    /// Bytes read so far (for the progress bar's share of a file).
    package private(set) var bytesRead = 0

    static let bufferSize = 1 << 16

    /// Reads `descriptor`, which the caller keeps open.
    package init(descriptor: Int32, maximumLineLength: Int = .max) {
        self.descriptor = descriptor
        self.buffer = [UInt8](repeating: 0, count: Self.bufferSize)
        self.maximumLineLength = max(0, maximumLineLength)
    }

    /// Whether a line can be returned without waiting for more input
    /// (`poll(2)` with a zero timeout; regular files are always ready).
    package var isReady: Bool {
        if start < end || reachedEnd { return true }
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) > 0
    }

    /// The next line without its terminator, or `nil` at the end of input.
    /// - Throws: ``InputError`` when reading fails.
    package func nextLine() throws(InputError) -> Line? {
        var line: [UInt8] = []
        // Bytes of the line so far, dropped ones included.
        var length = 0
        var hasPartial = false
        // Whether the last byte seen (kept or dropped) is `\r`.
        var endsInReturn = false
        while true {
            if let newline = newline(from: start) {
                length += newline - start
                if newline > start { endsInReturn = buffer[newline - 1] == UInt8(ascii: "\r") }
                if endsInReturn { length -= 1 }
                if length > maximumLineLength {
                    start = newline + 1
                    return .tooLong(length: length)
                }
                if hasPartial {
                    line.append(contentsOf: buffer[start..<newline])
                    if endsInReturn { line.removeLast() }
                } else {
                    // The whole line is in the buffer: one copy of its size.
                    line = Array(buffer[start..<(endsInReturn ? newline - 1 : newline)])
                }
                start = newline + 1
                return .bytes(line)
            }
            if start < end {
                length += end - start
                endsInReturn = buffer[end - 1] == UInt8(ascii: "\r")
                // One byte over may be a `\r` that is dropped.
                if length - 1 <= maximumLineLength {
                    line.append(contentsOf: buffer[start..<end])
                } else if !line.isEmpty {
                    line = []
                }
                hasPartial = true
            }
            start = 0
            end = 0
            guard !reachedEnd, try fill() else {
                reachedEnd = true
                guard hasPartial else { return nil }
                if endsInReturn {
                    length -= 1
                    if !line.isEmpty { line.removeLast() }
                }
                return length > maximumLineLength ? .tooLong(length: length) : .bytes(line)
            }
        }
    }

    /// The index of the first `\n` in the buffer at or after `index`.
    private func newline(from index: Int) -> Int? {
        guard index < end else { return nil }
        return buffer.withUnsafeBytes { bytes -> Int? in
            guard let found = memchr(bytes.baseAddress! + index, Int32(UInt8(ascii: "\n")), end - index) else { return nil }
            return UnsafeRawPointer(found) - bytes.baseAddress!
        }
    }

    /// Reads into the empty buffer; `false` at the end of input.
    private func fill() throws(InputError) -> Bool {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, Self.bufferSize) }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError("read failed: \(String(cString: strerror(errno)))")
            }
            end = count
            bytesRead += count
            return count > 0
        }
    }
}

/// The input could not be opened or read.
package struct InputError: Error, CustomStringConvertible {
    package var description: String

    package init(_ description: String) { self.description = description }
}
