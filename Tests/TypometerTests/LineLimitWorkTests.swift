import Testing
import Typometer

@Suite struct LineLimitWorkTests {
    @Test("a 10 kB text under a 3-line limit shapes little more than three lines need")
    func boundedWork() throws {
        // 1,250 distinct words, so no cached word hides the work; each
        // with the "fi" ligature, which only HarfBuzz shapes (words of
        // simple characters are measured by table lookup, uncounted).
        let text = (0..<1250).map { "fiord\($0)" }.joined(separator: " ")
        #expect(text.utf8.count > 10000)
        let limited = try TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15, lineLimit: 3))
        #expect(limited.lineCount(of: text, width: 320) == 3)
        // Three Chromium lines of Noto Sans 15 pt: 3 × 20 (its line box).
        #expect(limited.height(of: text, width: 320) == 60)
        // About 25 words fill three 320 pt lines; the first analysis window
        // (1,024 code units) holds about 110. All 1,250 would be shaped
        // without the limit.
        #expect(limited.wordCacheStatistics.misses < 200)
        let unlimited = try TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15))
        #expect(unlimited.lines(of: text, width: 320).prefix(3) == limited.lines(of: text, width: 320)[...])
    }

    @Test("a huge word under a line limit is broken into the limited lines")
    func hugeWord() throws {
        let text = String(repeating: "a", count: 20000)
        let limited = try TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15, lineLimit: 2))
        #expect(limited.lineCount(of: text, width: 100) == 2)
    }
}
