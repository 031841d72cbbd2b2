#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Whole-file writes and copies for commands that write more than one file.
enum Files {
    /// An error naming the file and the system's reason.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Creates `path` and any missing parent directories (`mkdir -p`).
    static func createDirectory(_ path: String) throws(Failure) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component + "/"
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw Failure(description: "cannot create \(prefix): \(String(cString: strerror(errno)))")
            }
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw Failure(description: "\(path) is not a directory")
        }
    }

    /// Writes `text` as the whole of the file at `path`.
    static func write(_ text: String, to path: String) throws(Failure) {
        var text = text
        if let failure = text.withUTF8({ write(UnsafeRawBufferPointer($0), to: path) }) { throw failure }
    }

    /// Writes `bytes` as the whole of the file at `path`.
    static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        if let failure = bytes.withUnsafeBytes({ write($0, to: path) }) { throw failure }
    }

    /// Writes `bytes` to `path`; the failure, or `nil` when written.
    private static func write(_ bytes: UnsafeRawBufferPointer, to path: String) -> Failure? {
        guard let file = fopen(path, "wb") else {
            return Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        let written = bytes.isEmpty ? 0 : fwrite(bytes.baseAddress, 1, bytes.count, file)
        let closed = fclose(file) == 0
        guard written == bytes.count, closed else {
            return Failure(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return nil
    }
}
