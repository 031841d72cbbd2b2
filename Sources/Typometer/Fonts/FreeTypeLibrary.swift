import CFreeType

/// The process's FreeType library handle, reachable only under its lock:
/// FreeType's `FT_Library` is not safe to use from two threads at once.
final class FreeTypeLibrary: @unchecked Sendable {
    static let shared = FreeTypeLibrary()

    private let lock = Lock()
    private var library: FT_Library?

    private init() {
        var handle: FT_Library?
        if FT_Init_FreeType(&handle) == 0 { library = handle }
    }

    /// Runs `body` with exclusive use of the library handle.
    func withLibrary<Result>(_ body: (FT_Library) throws -> Result) rethrows -> Result? {
        try lock.withLock {
            guard let library else { return nil }
            return try body(library)
        }
    }

    /// Opens face `index` of the file read into `bytes` with
    /// `FT_New_Memory_Face` and closes it again.
    /// - Throws: ``TypometerError/notAFont(path:)`` when FreeType cannot
    ///   open it, ``TypometerError/fontFileUnreadable(path:)`` when FreeType
    ///   did not start.
    func validateFace(_ bytes: FontFileBytes, index: Int, path: String) throws(TypometerError) {
        let error: FT_Error? = bytes.withUnsafeBytes { data in
            withLibrary { library in
                var face: FT_Face?
                let error = FT_New_Memory_Face(library, data.baseAddress?.assumingMemoryBound(to: FT_Byte.self),
                                               FT_Long(data.count), FT_Long(index), &face)
                if let face { FT_Done_Face(face) }
                return error
            }
        }
        guard let error else { throw TypometerError.fontFileUnreadable(path: path) }
        if error != 0 { throw TypometerError.notAFont(path: path) }
    }
}
