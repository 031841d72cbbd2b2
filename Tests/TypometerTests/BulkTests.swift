import Synchronization
import Testing
import Typometer

/// The bulk API under odd arguments, progress and cancellation (run under
/// ThreadSanitizer and AddressSanitizer by Scripts/sanitize).
@Suite struct BulkTests {
    static let measurer = try! TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15))
    static let texts = (0..<300).map { "Post \($0): " + String(repeating: "word\($0 % 13) ", count: $0 % 17) + "🎉 مرحبا" }

    @Test("no texts give no heights", arguments: [1, 4])
    func emptyInput(concurrency: Int) async throws {
        #expect(try await Self.measurer.heights(of: [String](), width: 320, concurrency: concurrency) == [])
        #expect(try await Self.measurer.heights(of: [String](), widths: [100, 200], concurrency: concurrency) == [[], []])
        #expect(try await Self.measurer.heights(of: ["a"], widths: [], concurrency: concurrency) == [])
        #expect(try await Self.measurer.heights(of: [PreparedText](), width: 320, concurrency: concurrency) == [])
    }

    /// Regression: a chunk size near Int.max overflowed computing the chunk
    /// count and ranges (TextMeasurer.bulk) and trapped.
    @Test("chunk sizes and concurrencies below one, or huge, act as the nearest sensible value",
          arguments: [(0, 0), (-5, -3), (1, 1), (Int.max, Int.max), (3, 1000)] as [(Int, Int)])
    func oddChunkingArguments(chunkSize: Int, concurrency: Int) async throws {
        let expected = Self.texts.map { Self.measurer.height(of: $0, width: 150) }
        let heights = try await Self.measurer.heights(of: Self.texts, width: 150, chunkSize: chunkSize, concurrency: concurrency)
        #expect(heights == expected)
    }

    @Test("progress counts up to the total, once per chunk")
    func progress() async throws {
        let reports = Mutex<[BulkProgress]>([])
        _ = try await Self.measurer.heights(of: Self.texts, width: 200, chunkSize: 16, concurrency: 3) { progress in
            reports.withLock { $0.append(progress) }
        }
        let seen = reports.withLock { $0 }
        #expect(seen.count == (Self.texts.count + 15) / 16)
        #expect(seen.map(\.completed) == seen.map(\.completed).sorted())
        #expect(seen.last?.completed == Self.texts.count)
        #expect(seen.allSatisfy { $0.total == Self.texts.count })
    }

    @Test("cancelling the calling task stops the pass with CancellationError")
    func cancellation() async throws {
        let many = Array(repeating: Self.texts, count: 40).flatMap { $0 }
        let task = Task { try await Self.measurer.heights(of: many, width: 100, chunkSize: 8, concurrency: 2) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test("measurers shared by many tasks, with caches cleared underneath, keep their results")
    func clearingWhileMeasuring() async throws {
        let measurer = try TextMeasurer(style: TextStyle(font: .family("Inter"), size: 13), wordCacheLimit: 64)
        let expected = Self.texts.map { measurer.height(of: $0, width: 120) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lanes in [1, 2, 4] {
                group.addTask {
                    let heights = try await measurer.heights(of: Self.texts, width: 120, chunkSize: 7, concurrency: lanes)
                    #expect(heights == expected)
                }
            }
            group.addTask {
                for _ in 0..<50 {
                    measurer.clearCaches()
                    _ = measurer.wordCacheStatistics
                    await Task.yield()
                }
            }
            try await group.waitForAll()
        }
    }
}
