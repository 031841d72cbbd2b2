import BenchSupport

/// What a Debian package installed, from dpkg's own record of it
/// (`/var/lib/dpkg/info/PACKAGE.list`, the list `dpkg -L PACKAGE` prints).
enum DebianPackage {
    static let infoDirectory = "/var/lib/dpkg/info"

    /// The regular files (not directories, not symbolic links) that
    /// `package` installed under `directory`, sorted.
    /// - Throws: ``BenchError`` saying to install `package` when dpkg has no
    ///   record of it or it installed no such file.
    static func files(of package: String, under directory: String) throws(BenchError) -> [String] {
        let names = TextFiles.names(in: infoDirectory)
        guard let listName = names.first(where: { $0 == package + ".list" })
                ?? names.first(where: { $0.hasPrefix(package + ":") && $0.hasSuffix(".list") }),
              let list = try? TextFiles.read(infoDirectory + "/" + listName)
        else { throw missing(package) }
        let files = list.split(separator: "\n").map(String.init)
            .filter { $0.hasPrefix(directory + "/") && TextFiles.isRegularFile($0) }
            .sorted()
        guard !files.isEmpty else { throw missing(package) }
        return files
    }

    static func missing(_ package: String) -> BenchError {
        BenchError("the real-text feeds need the Debian package \(package), which is not installed: "
            + "apt-get install -y \(package)")
    }
}
