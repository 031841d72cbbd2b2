#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads and writes, and the file-system questions the
/// benchmarks ask (no Foundation).
package enum TextFiles {
    /// The file's bytes as UTF-8 text (invalid bytes replaced).
    /// - Throws: ``BenchError`` naming the file when it cannot be read.
    package static func read(_ path: String) throws(BenchError) -> String {
        String(decoding: try bytes(of: path), as: UTF8.self)
    }

    /// The file's bytes.
    /// - Throws: ``BenchError`` naming the file when it cannot be read.
    package static func bytes(of path: String) throws(BenchError) -> [UInt8] {
        guard let file = fopen(path, "rb") else { throw BenchError("cannot read \(path)") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let read = fread(&buffer, 1, buffer.count, file)
            if read == 0 { break }
            bytes.append(contentsOf: buffer[..<read])
        }
        return bytes
    }

    /// Writes `text` to `path` through a temporary file renamed into place,
    /// so a reader never sees half a file.
    package static func write(_ text: String, to path: String) throws(BenchError) {
        let temporary = path + ".partial"
        guard let file = fopen(temporary, "wb") else { throw BenchError("cannot write \(temporary)") }
        var text = text
        let written = text.withUTF8 { bytes in fwrite(bytes.baseAddress, 1, bytes.count, file) }
        let closed = fclose(file)
        guard written == text.utf8.count, closed == 0, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw BenchError("cannot write \(path)")
        }
    }

    /// Whether `path` names a regular file (symbolic links not followed).
    package static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether `path` names an executable file.
    package static func isExecutable(_ path: String) -> Bool { access(path, X_OK) == 0 }

    /// The names in `directory` (without `.` and `..`), sorted; empty when
    /// it cannot be read.
    package static func names(in directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Creates `path` and its missing parents (like `mkdir -p`).
    package static func makeDirectories(_ path: String) throws(BenchError) {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o755) != 0, errno != EEXIST { throw BenchError("cannot create \(current)") }
        }
    }
}
