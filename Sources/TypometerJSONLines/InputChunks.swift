#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One line of input and its 1-based line number.
package struct InputLine: Sendable {
    package var number: Int
    package var bytes: [UInt8]
    /// For a line longer than the input keeps (its `bytes` are then
    /// empty), its length and the limit, in bytes; `nil` for a line kept
    /// whole.
    package var tooLong: (length: Int, limit: Int)?

    package init(number: Int, bytes: [UInt8], tooLong: (length: Int, limit: Int)? = nil) {
        self.number = number
        self.bytes = bytes
        self.tooLong = tooLong
    }
}

/// Cuts the input into bounded chunks of lines, so results can be computed
/// in parallel and written before the input ends.
///
/// A chunk closes at ``maximumLines`` lines, at ``maximumBytes`` bytes, or
/// as soon as the reader would have to wait for more input, so a slow
/// producer still sees each result promptly. Blank lines are skipped (their
/// numbers still count). A line longer than `maximumLineLength` bytes is
/// passed on without its bytes (``InputLine/tooLong``), so memory
/// stays bounded whatever the input. Lines are numbered from `firstLineNumber`, 1 unless
/// the input is a piece of a larger one (a Spark partition, say) whose line
/// numbers should read as in the whole.
package final class InputChunks {
    package let reader: LineReader
    /// The size of a regular input file, for the progress bar; `nil` for pipes.
    package let totalBytes: Int?
    let maximumLines: Int
    let maximumBytes: Int
    private var lineNumber = 0
    private let ownsDescriptor: Bool
    private let descriptor: Int32

    /// The longest line kept by default: 16 MiB.
    package static let defaultMaximumLineLength = 16 << 20

    /// Reads `path`, or standard input when `path` is `nil` or `-`, numbering
    /// its first line `firstLineNumber`.
    /// - Throws: ``InputError`` when the file cannot be opened.
    package init(
        path: String?, firstLineNumber: Int = 1, maximumLineLength: Int = defaultMaximumLineLength,
        maximumLines: Int = 1000, maximumBytes: Int = 32 << 20
    ) throws(InputError) {
        if let path, path != "-" {
            descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else {
                throw InputError("cannot open \(path): \(String(cString: strerror(errno)))")
            }
            ownsDescriptor = true
        } else {
            descriptor = 0
            ownsDescriptor = false
        }
        var info = stat()
        totalBytes = fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
        reader = LineReader(descriptor: descriptor, maximumLineLength: maximumLineLength)
        lineNumber = firstLineNumber - 1
        self.maximumLines = maximumLines
        self.maximumBytes = maximumBytes
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// The next chunk, or `nil` when the input is exhausted.
    package func next() throws(InputError) -> [InputLine]? {
        var lines: [InputLine] = []
        var bytes = 0
        while lines.count < maximumLines, bytes < maximumBytes {
            if !lines.isEmpty, !reader.isReady { break }
            guard let line = try reader.nextLine() else { break }
            lineNumber += 1
            switch line {
            case .bytes(let line):
                if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
                bytes += line.count
                lines.append(InputLine(number: lineNumber, bytes: line))
            case .tooLong(let length):
                lines.append(InputLine(number: lineNumber, bytes: [], tooLong: (length, reader.maximumLineLength)))
            }
        }
        return lines.isEmpty ? nil : lines
    }
}
