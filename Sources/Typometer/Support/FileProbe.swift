#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What the file system says about a path, without reading the file.
enum FileProbe {
    enum Status { case missing, unreadable, readableFile }

    static func status(of path: String) -> Status {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .unreadable }
        return access(path, R_OK) == 0 ? .readableFile : .unreadable
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
