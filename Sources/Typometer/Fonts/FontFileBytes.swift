#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CHarfBuzz

/// The bytes of one font file, read into memory once and shared by the
/// faces of a collection: a file truncated or overwritten on disk afterwards
/// cannot take them away, as it would pages mapped from it (SIGBUS).
/// Immutable; safe from any thread.
final class FontFileBytes: @unchecked Sendable {
    /// The file as it was read.
    let identity: FileIdentity
    /// A HarfBuzz blob of the bytes, owned: destroyed in `deinit`.
    let blob: OpaquePointer

    /// The largest font file read, in bytes: 512 MiB (the largest font
    /// collections are about a quarter of that).
    static let maximumSize = 512 << 20

    /// Reads the regular file at `path`, never waiting on a named pipe or
    /// a device.
    /// - Throws: ``TypometerError/fontFileNotFound(path:)``,
    ///   ``TypometerError/fontFileUnreadable(path:)`` (not a regular file,
    ///   a read error, or no memory for it), ``TypometerError/notAFont(path:)`` (no OpenType
    ///   or TrueType header, or larger than ``maximumSize``).
    init(path: String) throws(TypometerError) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw errno == ENOENT || errno == ENOTDIR ? .fontFileNotFound(path: path) : .fontFileUnreadable(path: path)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw .fontFileUnreadable(path: path)
        }
        guard info.st_size <= FontFileBytes.maximumSize else { throw .notAFont(path: path) }
        guard let memory = Memory(byteCount: Int(info.st_size)) else { throw .fontFileUnreadable(path: path) }
        var count = 0
        while count < memory.byteCount {
            let read = Glibc.read(descriptor, memory.base + count, memory.byteCount - count)
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else { throw .fontFileUnreadable(path: path) }
            if read == 0 { break }  // cut short while being read
            count += read
        }
        guard count >= 4, FontFileBytes.isSfnt(memory.base.loadUnaligned(as: UInt32.self).bigEndian) else {
            throw .notAFont(path: path)
        }
        identity = FileIdentity(info)
        blob = hb_blob_create(memory.base.assumingMemoryBound(to: CChar.self), UInt32(count), HB_MEMORY_MODE_READONLY,
                              Unmanaged.passRetained(memory).toOpaque()) { Unmanaged<Memory>.fromOpaque($0!).release() }
    }

    deinit { hb_blob_destroy(blob) }

    /// Calls `body` with the bytes; they live as long as this value.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        var length: UInt32 = 0
        let data = hb_blob_get_data(blob, &length)
        return try body(UnsafeRawBufferPointer(start: data, count: Int(length)))
    }

    /// Anonymous memory for a file's bytes, unmapped when the blob that
    /// holds it is destroyed. Its 2 MiB-aligned part is advised for
    /// transparent huge pages: reading the 19 MB CJK collection into 4 KiB
    /// pages took about 19 ms of page faults here, into huge pages about 5.
    private final class Memory {
        let base: UnsafeMutableRawPointer
        let byteCount: Int
        private let mappedCount: Int

        /// `nil` when the system has no memory to give.
        init?(byteCount: Int) {
            self.byteCount = byteCount
            mappedCount = max(byteCount, 1)
            guard let base = mmap(nil, mappedCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                  base != MAP_FAILED else { return nil }
            self.base = base
            let hugePage = 2 << 20
            let start = (Int(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
            let end = (Int(bitPattern: base) + mappedCount) & ~(hugePage - 1)
            if end > start { madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE) }
        }

        deinit { munmap(base, mappedCount) }
    }

    /// Whether `tag`, a file's first four bytes, starts an OpenType font,
    /// a TrueType one (also Apple's `true` and `typ1`) or a collection.
    private static func isSfnt(_ tag: UInt32) -> Bool {
        [0x0001_0000, 0x4F54_544F /* OTTO */, 0x7472_7565 /* true */, 0x7479_7031 /* typ1 */,
         0x7474_6366 /* ttcf */].contains(tag)
    }
}
