#if canImport(Glibc)
import Glibc
#endif

/// Where the benchmarks find the repository's files and keep what they build.
package enum RepositoryPaths {
    /// The repository's root (this file is
    /// Benchmarks/Sources/BenchSupport/RepositoryPaths.swift).
    package static var root: String {
        var components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(4)
        return components.joined(separator: "/")
    }

    /// The bundled fonts: `TYPOMETER_FONTS_DIR` when set, else `Fonts/`, as
    /// the library's `FontSet.bundledFontsDirectory` decides.
    package static var fontsDirectory: String {
        if let value = getenv("TYPOMETER_FONTS_DIR"), value.pointee != 0 { return String(cString: value) }
        return root + "/Fonts"
    }

    /// The benchmark package's build directory, for generated files that are
    /// never committed.
    package static var benchmarksBuild: String { root + "/Benchmarks/.build" }

    /// The `typometer` tool of the repository's release build.
    package static var typometerTool: String { root + "/.build/release/typometer" }

    /// The running executable's path (`/proc/self/exe`).
    package static func executablePath() throws(BenchError) -> String {
        var path = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &path, path.count - 1)
        guard length > 0 else { throw BenchError("cannot find this executable") }
        return String(decoding: path[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The directory holding the running executable (and its sibling tools).
    package static func executableDirectory() throws(BenchError) -> String {
        let path = try executablePath()
        return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
    }
}
