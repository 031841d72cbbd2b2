#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Typometer

/// A committed font set, `Corpus/fontsets/<name>.txt`: the font files a case
/// set is measured in, one a line, relative to the repository root (the
/// bundled `Fonts/`) or absolute (files Debian packages install); `#` starts
/// a comment. The files are linked into one directory, which is then the
/// whole set, as `Scripts/reference/fontset` does for the reference
/// renderers' `FONTS_DIR`.
public enum CorpusFontSet {
    /// Errors building a font set's directory.
    public enum BuildError: Error, CustomStringConvertible {
        case missingFile(set: String, path: String)
        case cannotLink(path: String, errno: Int32)

        public var description: String {
            switch self {
            case .missingFile(let set, let path):
                return "font set \(set): missing \(path) (run Scripts/install-dependencies)"
            case .cannotLink(let path, let code): return "cannot link \(path): errno \(code)"
            }
        }
    }

    /// The font files of the set `name`, as absolute paths, in list order.
    public static func files(_ name: String) throws -> [String] {
        let relative = "Corpus/fontsets/\(name).txt"
        guard let file = fopen(Corpus.root + "/" + relative, "r") else {
            throw Corpus.ReadError.unreadable(Corpus.root + "/" + relative)
        }
        defer { fclose(file) }
        var paths: [String] = []
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        while getline(&buffer, &capacity, file) >= 0, let buffer {
            var line = Substring(String(cString: buffer))
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            let path = line.trimmingWhitespace()
            if path.isEmpty { continue }
            paths.append(path.hasPrefix("/") ? path : Corpus.fontPath(path))
        }
        return paths
    }

    /// A directory holding links to exactly the set's files:
    /// `$TMPDIR/typometer-fontsets/<name>-<hash of the paths>` (made once and
    /// reused, so Fontconfig's cache of it is too).
    /// - Throws: ``BuildError`` when a file is missing or cannot be linked.
    public static func directory(_ name: String) throws -> String {
        let files = try files(name)
        for path in files where access(path, R_OK) != 0 {
            throw BuildError.missingFile(set: name, path: path)
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in files.joined(separator: "\n").utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let temporary = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let parent = temporary + "/typometer-fontsets"
        let directory = parent + "/\(name)-" + String(hash, radix: 16)
        for path in [parent, directory] where mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw BuildError.cannotLink(path: path, errno: errno)
        }
        for path in files {
            let link = directory + "/" + String(path.split(separator: "/").last ?? "")
            if symlink(path, link) != 0 && errno != EEXIST { throw BuildError.cannotLink(path: link, errno: errno) }
        }
        return directory
    }

    /// The set `name` as a ``FontSet`` (its directory of links scanned).
    public static func fontSet(_ name: String) throws -> FontSet {
        try FontSet(directory: directory(name))
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> String {
        var text = self
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}
