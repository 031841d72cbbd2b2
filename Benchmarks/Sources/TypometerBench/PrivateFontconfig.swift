#if canImport(Glibc)
import Glibc
#endif

/// A Fontconfig configuration that sees only the bundled `Fonts/`, written
/// at run time into a temporary directory from the repository's template
/// (`Scripts/reference/fonts.conf.in`), as `Scripts/reference/generate`
/// does, and named in `FONTCONFIG_FILE` before Pango initialises.
struct PrivateFontconfig {
    let directory: String
    var file: String { directory + "/fonts.conf" }

    init(fontsDirectory: String) throws(BenchError) {
        var template = Array("/tmp/typometer-bench.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw BenchError("cannot make a temporary directory") }
        directory = String(cString: made)
        let templateText = try CorpusSources.readFile(CorpusSources.repositoryRoot + "/Scripts/reference/fonts.conf.in")
        let text = templateText
            .replacing("@FONTS_DIR@", with: fontsDirectory)
            .replacing("@CACHE_DIR@", with: directory + "/fccache")
        guard let output = fopen(file, "wb") else { throw BenchError("cannot write \(file)") }
        let written = fputs(text, output)
        fclose(output)
        guard written >= 0 else { throw BenchError("cannot write \(file)") }
        setenv("FONTCONFIG_FILE", file, 1)
    }

    /// Deletes the temporary directory and everything in it.
    func remove() { Self.removeTree(directory) }

    private static func removeTree(_ path: String) {
        if let directory = opendir(path) {
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let child = path + "/" + name
                var info = stat()
                if lstat(child, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
                    removeTree(child)
                } else {
                    unlink(child)
                }
            }
            closedir(directory)
        }
        rmdir(path)
    }
}
