#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What a font directory holds, read as Fontconfig scans it (every entry of
/// the directory and of its subdirectories, through links, sorted), without
/// opening a file: the regular files, whether anything else is there (a
/// named pipe, a socket, a device: opening one can block forever), and a
/// fingerprint of the files' identities that changes whenever one of them is
/// added, removed, replaced or written.
struct FontDirectoryListing {
    /// Paths of the regular files, in the order Fontconfig scans them.
    private(set) var files: [String] = []
    /// Whether an entry is neither a regular file nor a directory.
    private(set) var hasSpecialFiles = false
    /// 32 hexadecimal digits from every file's path and ``FileIdentity``.
    var fingerprint: String {
        let seeds: [UInt64] = [0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F]
        return seeds.map { seed in
            let hash = identities.withUnsafeBytes { FastHash.hash($0, seed: seed) }
            let digits = String(hash, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }
    /// The files' paths (as bytes) and identities, in order.
    private var identities: [UInt8] = []

    init(directory: String) {
        var visited = Set<[UInt64]>()
        add(directory: directory, visited: &visited)
    }

    private mutating func add(directory: String, visited: inout Set<[UInt64]>) {
        var info = stat()
        guard stat(directory, &info) == 0, visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted,
              let stream = opendir(directory) else { return }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != ".", name != ".." { names.append(name) }
        }
        closedir(stream)
        // Fontconfig sorts by strcmp, byte by byte.
        for name in names.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            guard stat(path, &info) == 0 else { continue }  // a dangling link: Fontconfig skips it too
            switch info.st_mode & S_IFMT {
            case S_IFDIR: add(directory: path, visited: &visited)
            case S_IFREG:
                files.append(path)
                identities.append(contentsOf: path.utf8)
                identities.append(0)
                withUnsafeBytes(of: FileIdentity(info)) { identities.append(contentsOf: $0) }
            default: hasSpecialFiles = true
            }
        }
    }
}
