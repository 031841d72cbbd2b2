import Foundation
import Testing
import Typometer

/// ICU objects a thread opens (break iterators, a bidi object) are closed
/// when the thread ends. Regression: they were kept for the life of the
/// process, so a server that starts a thread per request grew without end
/// (19 MB over the 2,000 threads here; 0.1–0.3 MB now).
@Suite struct ThreadExitTests {
    static func residentBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Starts `count` threads one after another, each measuring with both
    /// profiles, and waits for each to end.
    static func measureOnNewThreads(_ count: Int, _ measurers: [TextMeasurer]) {
        let texts = ["สวัสดีครับ ยินดีต้อนรับสู่ประเทศไทย", "مرحبا بالعالم، كيف حالك اليوم؟", "Ünïcödé — “quoted” text"]
        for index in 0..<count {
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                for measurer in measurers {
                    // A width of its own each time: the height cache does not answer.
                    _ = measurer.height(of: texts[index % texts.count], width: 100 + Double(index))
                }
                done.signal()
            }
            thread.start()
            done.wait()
        }
    }

    @Test("two thousand threads that measured and ended leave no memory behind")
    func threadsLeaveNothing() throws {
        let measurers = try [RenderingProfile.chromium, .pango].map {
            try TextMeasurer(style: TextStyle(profile: $0), cacheLimits: CacheLimits(words: 0, preparedTexts: 0, heights: 0))
        }
        Self.measureOnNewThreads(100, measurers)
        let before = Self.residentBytes()
        Self.measureOnNewThreads(2_000, measurers)
        let growth = Self.residentBytes() - before
        print("ThreadExitTests: resident memory grew \(growth / 1024) kB over 2,000 threads")
        #expect(growth < 4 << 20, "grew \(growth / 1024) kB")
    }
}
