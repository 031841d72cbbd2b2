#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Typometer

/// The font files a page may publish in its `fonts/` directory for a feed
/// line's `"font_file"`: any font file, or, when the page was given
/// `--fonts-dir`, only the files of that set (however their paths are
/// spelt), so a feed cannot publish a font the operator did not offer.
/// Whatever is published is a face FreeType loaded, subset to WOFF2: never
/// a file's bytes as they are.
struct PublishableFonts: Sendable {
    /// The device and inode of every file of the set; `nil` for any file.
    private let files: Set<[UInt64]>?

    /// Any font file.
    static let any = PublishableFonts(files: nil)

    private init(files: Set<[UInt64]>?) { self.files = files }

    /// The files of `fontSet`'s faces.
    init(filesOf fontSet: FontSet) {
        var files = Set<[UInt64]>()
        for family in fontSet.families {
            for face in fontSet.faceDescriptors(family: family) {
                if let identity = Self.identity(face.path) { files.insert(identity) }
            }
        }
        self.files = files
    }

    /// Whether the file at `path` may be published.
    func allows(_ path: String) -> Bool {
        guard let files else { return true }
        return Self.identity(path).map(files.contains) ?? false
    }

    private static func identity(_ path: String) -> [UInt64]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }
}
