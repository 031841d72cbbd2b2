#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What the file system says about a path, without reading the file.
enum FileProbe {
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
