#if canImport(Glibc)
import Glibc
#endif

/// A Fontconfig configuration that sees only the bundled `Fonts/`, written
/// at run time into a temporary directory from the repository's template
/// (`Scripts/reference/fonts.conf.in`), as `Scripts/reference/generate`
/// does, and named in `FONTCONFIG_FILE` before Pango initialises.
package struct PrivateFontconfig {
    package let directory: String
    package var file: String { directory + "/fonts.conf" }

    /// - Parameter cacheDirectory: where Fontconfig keeps its scan of the
    ///   fonts; `nil` for a fresh one inside the temporary directory (the
    ///   fonts are scanned again), a lasting directory to scan them once,
    ///   as an installed system does.
    package init(fontsDirectory: String, cacheDirectory: String? = nil) throws(BenchError) {
        var template = Array("/tmp/typometer-bench.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw BenchError("cannot make a temporary directory") }
        directory = String(cString: made)
        let templateText = try TextFiles.read(RepositoryPaths.root + "/Scripts/reference/fonts.conf.in")
        let text = templateText
            .replacing("@FONTS_DIR@", with: fontsDirectory)
            .replacing("@CACHE_DIR@", with: cacheDirectory ?? directory + "/fccache")
        try TextFiles.write(text, to: file)
        setenv("FONTCONFIG_FILE", file, 1)
    }

    /// Deletes the temporary directory and everything in it.
    package func remove() { Self.removeTree(directory) }

    private static func removeTree(_ path: String) {
        for name in TextFiles.names(in: path) {
            let child = path + "/" + name
            var info = stat()
            if lstat(child, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                removeTree(child)
            } else {
                unlink(child)
            }
        }
        rmdir(path)
    }
}
