#if os(Linux)
import Glibc
#endif

/// Asks the kernel to back large buffers with transparent huge pages: the one place this
/// pure-Swift module calls into C (`madvise(2)` with `MADV_HUGEPAGE`).
///
/// A million frames are 32 MB; first touching them in 4 KiB pages costs about 7,800 page
/// faults, which were half of a 1M masonry solve. Where transparent huge pages are enabled
/// for regions that ask (`/sys/kernel/mm/transparent_hugepage/enabled` set to `madvise`
/// or `always`), the advised part of a buffer is mapped 2 MiB at a time: 512 times fewer
/// faults, and queries that jump about the frames miss the TLB less. Elsewhere the advice
/// is ignored and nothing changes. Only the 2 MiB-aligned pages inside a buffer are
/// advised, so buffers under 4 MiB rarely are; an advised page is backed whole once any
/// byte of it is touched (at most 2 MiB more resident memory at each end of the used
/// part).
///
/// Safe to call from any thread.
enum HugePages {
    /// Size of a transparent huge page on x86-64 and the usual arm64 kernels, in bytes.
    static let size = 2 << 20

    /// Advises the 2 MiB-aligned pages inside `buffer`; call it before the buffer is first
    /// written, as later advice does not remap pages already touched.
    static func advise<Element>(_ buffer: UnsafeMutableBufferPointer<Element>) {
        #if os(Linux)
        guard let base = buffer.baseAddress else { return }
        let address = Int(bitPattern: base)
        let start = (address + size - 1) & ~(size - 1)
        let end = (address + buffer.count * MemoryLayout<Element>.stride) & ~(size - 1)
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE)
        #endif
    }
}

extension Array {
    /// An empty array with room for `capacity` elements, its storage advised for huge pages
    /// (``HugePages``) before anything is written to it.
    init(hugePageCapacity capacity: Int) {
        self.init(unsafeUninitializedCapacity: capacity) { buffer, initialized in
            HugePages.advise(buffer)
            initialized = 0
        }
    }
}
