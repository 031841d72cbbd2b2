import Foundation
import Testing
@testable import Typometer

/// ICU objects a thread opens (break iterators, a bidi object) are closed
/// when the thread ends. Regression: they were kept for the life of the
/// process, so a server that starts a thread per request grew without end
/// (resident memory grew 19 MB over these 2,000 threads, run alone; 0.1–0.3
/// MB now). Counted, not measured by resident memory, which other tests
/// running at the same time move.
@Suite struct ThreadExitTests {
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

    @Test("two thousand threads that measured and ended leave no ICU objects open")
    func threadsLeaveNothing() throws {
        let measurers = try [RenderingProfile.chromium, .pango].map {
            try TextMeasurer(style: TextStyle(profile: $0), cacheLimits: CacheLimits(words: 0, preparedTexts: 0, heights: 0))
        }
        let before = ThreadObjects.open
        Self.measureOnNewThreads(2_000, measurers)
        let after = ThreadObjects.open
        print("ThreadExitTests: \(after - before) more ICU objects open after 2,000 threads")
        // Each thread opens up to four; threads of other tests running now
        // may open theirs meanwhile, a few per thread of the pool.
        #expect(after - before < 200, "\(before) open before, \(after) after")
    }
}
