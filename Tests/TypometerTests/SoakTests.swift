import Foundation
import Testing
import Typometer
import TypometerTestSupport

/// One long-lived store measuring a stream of distinct, real-looking posts
/// in several styles from several threads: once the caches are full,
/// resident memory stays flat. Opt-in: `TYPOMETER_SOAK=POSTS` (Scripts/test
/// runs a million).
@Suite struct SoakTests {
    static let posts = ProcessInfo.processInfo.environment["TYPOMETER_SOAK"].flatMap(Int.init) ?? 0

    /// Resident memory of this process, in bytes (`/proc/self/statm`).
    static func residentBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Post `index`: 8 to 47 words of real text from a sliding window of the
    /// word list (new words keep arriving, as in a real feed), a word of
    /// another script now and then, and its own number, so no two are alike.
    static func post(_ index: Int, words: [[UInt16]], others: [String]) -> String {
        var random = SplitMix64(seed: UInt64(index))
        var units: [UInt16] = []
        let window = (index * 37) % max(1, words.count - 5_000)
        for _ in 0..<(8 + Int(random.next() % 40)) {
            units += words[window + Int(random.next() % 5_000)]
            if units.last != 0x20 { units.append(0x20) }
        }
        var text = String(decoding: units, as: UTF16.self)
        if index % 5 == 0 { text += others[index % others.count] + " " }
        return text + "#\(index)"
    }

    @Test("a million distinct posts in four styles from four threads: memory flat once the caches are full",
          .enabled(if: posts > 0))
    func residentMemoryStaysFlat() async throws {
        let words = try RealWords.chunks.get()
        let others = RandomCases.corpusTexts.filter { $0.unicodeScalars.contains { $0.value > 0x2FF } }.map {
            String($0.prefix(40))
        }
        let store = try TextMeasurerStore()
        let styles = [
            TextStyle(font: .family("Noto Sans"), size: 15), TextStyle(font: .family("Inter"), size: 13, lineLimit: 4),
            TextStyle(font: .family("Noto Serif"), size: 17, profile: .pango),
            TextStyle(font: .family("Noto Sans"), size: 15, lineLimit: 3, profile: .pango),
        ]
        let threads = 4
        let round = 100_000
        var curve: [Int] = []
        let clock = ContinuousClock()
        let start = clock.now
        for first in stride(from: 0, to: SoakTests.posts, by: round) {
            let count = min(round, SoakTests.posts - first)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for thread in 0..<threads {
                    group.addTask {
                        for index in stride(from: first + thread, to: first + count, by: threads) {
                            let text = SoakTests.post(index, words: words, others: others)
                            let measurer = try store.measurer(for: styles[index % styles.count])
                            if index % 3 == 0 {
                                let prepared = measurer.prepare(text)
                                _ = measurer.height(of: prepared, width: 240)
                                _ = measurer.height(of: prepared, width: 320)
                            } else {
                                _ = measurer.height(of: text, width: 320)
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            curve.append(SoakTests.residentBytes())
        }
        let megabytes = curve.map { String(format: "%.1f", Double($0) / 1_048_576) }
        print("SoakTests: resident MB after each 100,000 posts: \(megabytes.joined(separator: ", ")) "
              + "in \(clock.now - start)")
        // Warm-up: the height caches (100,000 entries a measurer) fill within
        // the first half; after that, growth is noise.
        guard curve.count >= 6 else { return }
        let warm = curve[curve.count / 2]
        #expect(curve.last! <= warm + warm / 20 + 8 << 20, "\(megabytes)")
    }
}
