#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
/// Where Typometer finds the data it ships with: the bundled fonts and
/// Chromium's Khmer and Lao break dictionaries.
///
/// A data directory holds `fonts/` and `break-dictionaries/`, as a release
/// package's `share/typometer/` does. The first measurer, bundled font set
/// or call of ``use(_:)`` fixes the one the process uses: the directory
/// given to ``use(_:)``; else `share/typometer/` under the parent of the
/// running executable's directory (`PREFIX/bin/typometer` reads
/// `PREFIX/share/typometer/`; the executable is found through
/// `/proc/self/exe`, links resolved), when it exists; else the package's own
/// `Fonts/` and `Sources/CICUShim/BreakDictionaries/`, as a build from the
/// sources or a SwiftPM dependency finds them. The `TYPOMETER_FONTS_DIR`
/// environment variable, when set, overrides where the fonts are read from.
public enum DataDirectory {
    /// Makes `path` the data directory of this process. Call it before the
    /// first measurer or bundled font set is created: ICU reads the break
    /// dictionaries from one place for the whole process. Calling it again
    /// with the same path does nothing. Safe from any thread.
    /// - Throws: ``TypometerError/dataNotFound(path:)`` when `path` has no
    ///   `fonts/` or `break-dictionaries/` directory,
    ///   ``TypometerError/dataDirectoryAlreadyChosen(path:)`` when the
    ///   process already uses another.
    public static func use(_ path: String) throws(TypometerError) {
        let requested = Location(directory: path)
        for directory in [requested.fonts, requested.breakDictionaries] where !FileProbe.isDirectory(directory) {
            throw .dataNotFound(path: directory)
        }
        let inUse = lock.withLock {
            let inUse = chosen ?? requested
            chosen = inUse
            return inUse
        }
        guard inUse == requested else { throw .dataDirectoryAlreadyChosen(path: path) }
    }

    /// Where the fonts and the break dictionaries of this process are.
    struct Location: Equatable {
        /// The data directory, or the package's root for its sources.
        let directory: String
        let fonts: String
        let breakDictionaries: String

        init(directory: String) {
            var directory = Substring(directory)
            while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
            self.directory = String(directory)
            fonts = self.directory + "/fonts"
            breakDictionaries = self.directory + "/break-dictionaries"
        }

        private init(packageRoot: String) {
            directory = packageRoot
            fonts = packageRoot + "/Fonts"
            breakDictionaries = packageRoot + "/Sources/CICUShim/BreakDictionaries"
        }

        /// `share/typometer` beside the running executable's `bin/`;
        /// `nil` when `/proc/self/exe` cannot be read.
        static var installed: Location? {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            guard length > 0 else { return nil }
            var path = Substring(String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self))
            for _ in 0..<2 { path = path[..<(path.lastIndex(of: "/") ?? path.startIndex)] }
            return Location(directory: path + "/share/typometer")
        }

        /// The package's sources, from this file's path at build time
        /// (Sources/Typometer/Text/DataDirectory.swift).
        static var sources: Location {
            var components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
            components.removeLast(4)
            return Location(packageRoot: components.joined(separator: "/"))
        }
    }

    private static let lock = Lock()
    nonisolated(unsafe) private static var chosen: Location?

    /// The data this process uses, chosen on the first call: the installed
    /// data when it exists, else the sources when they do; else the
    /// installed location, which errors then name as missing.
    static var location: Location {
        lock.withLock {
            if let chosen { return chosen }
            let installed = Location.installed
            let sources = Location.sources
            let found = installed.flatMap { FileProbe.isDirectory($0.directory) ? $0 : nil }
                ?? (FileProbe.isDirectory(sources.fonts) ? sources : installed ?? sources)
            chosen = found
            return found
        }
    }

    /// Hands the break dictionaries to ICU, once per process, before any
    /// line is broken (``TextMeasurer`` calls it first).
    /// - Throws: ``TypometerError/dataNotFound(path:)`` when their directory
    ///   does not exist, ``TypometerError/dataDirectoryAlreadyChosen(path:)``
    ///   when ICU already reads dictionaries from elsewhere.
    static func prepareBreakDictionaries() throws(TypometerError) {
        try breakDictionaries.get()
    }

    private static let breakDictionaries = Result { () throws(TypometerError) in
        let directory = location.breakDictionaries
        guard FileProbe.isDirectory(directory) else { throw .dataNotFound(path: directory) }
        guard ICU.useBreakDictionaries(in: directory) else { throw .dataDirectoryAlreadyChosen(path: directory) }
    }
}
