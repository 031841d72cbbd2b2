#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Which file a path named, and in what state: its device and inode (the
/// same however the path is spelt) and its size and modification and
/// status-change times, which a write in place changes.
struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    /// Nanoseconds since the epoch.
    let modified: Int64
    let changed: Int64

    /// `info`'s identity (from `stat` or `fstat`).
    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    }
}
