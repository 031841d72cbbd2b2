import Foundation
import Testing
import Typometer
import TypometerTestSupport

/// Properties every measurement must have, checked over random texts drawn
/// from the corpus (every script it has), random styles, sizes, limits and
/// widths. Each failure prints the case's seed and recipe; replay one with
/// `RandomCases.make(seed:)`. `TYPOMETER_PROPERTY_CASES` sets how many cases
/// each property draws (default 600).
@Suite struct PropertyTests {
    static let caseCount = ProcessInfo.processInfo.environment["TYPOMETER_PROPERTY_CASES"].flatMap(Int.init) ?? 600
    static let seeds: [UInt64] = (0..<UInt64(caseCount)).map { 0x7E57_0000 + $0 }

    /// Widths to check monotonicity at: the case's own and a few exact ones.
    static func widths(_ testCase: RandomCase) -> [Double] {
        Array(Set(testCase.widths + [0, 1, 17.5, 60, 120, 320, .infinity])).sorted()
    }

    /// Greedy line filling never needs more lines for more room, so the
    /// line count never grows with the width. The height can: a line's
    /// height is the tallest face on it, and a wider line can gather a tall
    /// fallback face (or, under a line limit, show more of the text) — both
    /// Chromium and Pango do this (see `tallerWhenWiderMatchesChromium`). So
    /// the height is checked only where every line at both widths is equally
    /// tall (one face's strut), where it follows from the count.
    @Test("a text never takes more lines when the width grows, nor gets taller when its lines are uniform")
    func heightNeverGrowsWithWidth() throws {
        var violations: [String] = []
        var tallerFromFaces = 0
        for seed in Self.seeds {
            let testCase = RandomCases.make(seed: seed)
            let measurer = try MeasurerPool.shared.measurer(for: testCase.style)
            let widths = Self.widths(testCase)
            let lines = widths.map { measurer.lines(of: testCase.text, width: $0) }
            let heights = widths.map { measurer.height(of: testCase.text, width: $0) }
            for index in widths.indices.dropFirst() {
                let (narrow, wide) = (lines[index - 1], lines[index])
                let uniform = Set((narrow + wide).map(\.height)).count <= 1
                let describe = {
                    "\(testCase): width \(widths[index - 1]) → \(heights[index - 1]) pt, \(narrow.count) lines; "
                        + "width \(widths[index]) → \(heights[index]) pt, \(wide.count) lines"
                }
                if wide.count > narrow.count || (uniform && heights[index] > heights[index - 1]) {
                    violations.append(describe())
                } else if heights[index] > heights[index - 1] {
                    tallerFromFaces += 1
                }
            }
        }
        print("PropertyTests: \(tallerFromFaces) width steps got taller from a taller face on a line (expected)")
        #expect(violations.isEmpty, "\(violations.count) cases took more lines when wider:\n\(violations.joined(separator: "\n"))")
    }

    /// Counterexamples the property test found, laid out by Chromium 156 with
    /// `Scripts/reference/chromium_reference.py` on the bundled fonts: the
    /// wider width is taller there too (a fallback face joins a line, or the
    /// clamp shows more of the text), and Typometer matches it exactly.
    @Test("taller when wider, exactly as Chromium draws it", arguments: [
        ("\u{441}\u{435}\u{43B}\u{430}\u{445} \u{43C}\u{435}\u{AD}\u{E17}\u{E35}\u{E48}\u{1F44D}\u{1F3FD}",
         "Noto Sans", 20.0, 3, [(17.5, 81.0), (45.614933174285234, 84)]),
        (" Nutzung ist daher potentiell gef\u{E4}hrlich.\u{3002} at the beach \u{1F3D6}\u{FE0F} ",
         "Noto Sans", 32, 1, [(570, 43), (694.3486183038866, 46)]),
        ("anoconiosis is the longest word\u{2069}\u{1F327}\u{FE0F} then \u{1F1EB}\u{1F1F7}\u{646}\u{638}\u{627}"
            + "\u{645} \u{627}\u{644}\u{633}\u{62A} \u{639}\u{634}\u{631}\u{64A} \u{648} \u{623}\u{633}\u{644}"
            + "\u{648}\u{628} HTML\u{60C} \u{623}\u{648} \u{627}\u{633}\u{645}\u{AD}",
         "Inter", 24, 4, [(120, 116), (169.39290627781924, 138), (457.63585561561905, 80), (608, 102)]),
    ] as [(String, String, Double, Int, [(Double, Double)])])
    func tallerWhenWiderMatchesChromium(
        text: String, family: String, size: Double, limit: Int, expected: [(width: Double, height: Double)]
    ) throws {
        let measurer = try TextMeasurer(style: TextStyle(font: .family(family), size: size, lineLimit: limit))
        for (width, height) in expected {
            #expect(measurer.height(of: text, width: width) == height, "width \(width)")
        }
    }

    @Test("line counts stay within the line limit and the lines add up to the height")
    func lineCountWithinLimit() throws {
        for seed in Self.seeds {
            let testCase = RandomCases.make(seed: seed, widthCount: 3)
            let measurer = try MeasurerPool.shared.measurer(for: testCase.style)
            for width in testCase.widths {
                let count = measurer.lineCount(of: testCase.text, width: width)
                let lines = measurer.lines(of: testCase.text, width: width)
                if let limit = testCase.style.lineLimit {
                    // The unlimited layout's count, cut at the limit.
                    var unlimited = testCase.style
                    unlimited.lineLimit = nil
                    let all = try MeasurerPool.shared.measurer(for: unlimited).lineCount(of: testCase.text, width: width)
                    #expect(count == min(limit, all), "\(testCase) at \(width)")
                }
                #expect(lines.count == count, "\(testCase) at \(width)")
                // The same additions in the same order: equal bit for bit.
                var height = 0.0
                for (index, line) in lines.enumerated() {
                    if index > 0 { height += testCase.style.lineSpacing }
                    height += line.height
                }
                #expect(height == measurer.height(of: testCase.text, width: width), "\(testCase) at \(width)")
                for (line, next) in zip(lines, lines.dropFirst()) {
                    #expect(line.utf16Range.upperBound <= next.utf16Range.lowerBound, "\(testCase) at \(width)")
                }
            }
        }
    }

    @Test("a non-empty text is at least one line tall; empty text only under Pango")
    func nonEmptyTextHasALine() throws {
        for seed in Self.seeds {
            let testCase = RandomCases.make(seed: seed, widthCount: 3)
            let measurer = try MeasurerPool.shared.measurer(for: testCase.style)
            for width in testCase.widths + [0, .infinity] {
                let count = measurer.lineCount(of: testCase.text, width: width)
                let height = measurer.height(of: testCase.text, width: width)
                if testCase.text.isEmpty && testCase.style.profile == .chromium {
                    #expect(count == 0 && height == 0, "\(testCase) at \(width)")
                } else {
                    #expect(count >= 1 && height > 0 && height.isFinite, "\(testCase) at \(width)")
                }
            }
        }
    }

    /// Heights as bit patterns, so equality means bit for bit.
    static func bits(_ heights: [Double]) -> [UInt64] { heights.map(\.bitPattern) }

    @Test("cached, uncached, prepared, bulk serial and bulk parallel agree bit for bit", arguments: 0..<6)
    func everyPathAgrees(batch: Int) async throws {
        var random = SplitMix64(seed: 0xB0_1C00 + UInt64(batch))
        let style = RandomCases.style(using: &random)
        let texts = (0..<120).map { _ in RandomCases.text(using: &random) }
        let widths = RandomCases.widths(3, using: &random)
        let context = "batch \(batch) (seed \(0xB0_1C00 + batch)): style \(style), widths \(widths)"

        let uncached = try TextMeasurer(style: style, cacheLimits: CacheLimits(words: 0, preparedTexts: 0, heights: 0))
        // Tiny caches evict all the time: results must not depend on what they hold.
        let thrashing = try TextMeasurer(style: style, cacheLimits: CacheLimits(words: 8, preparedTexts: 2, heights: 4))
        let warm = try TextMeasurer(style: style)
        for text in texts { _ = warm.height(of: text, width: widths[0]) }

        for width in widths {
            let expected = Self.bits(texts.map { uncached.height(of: $0, width: width) })
            for (index, text) in texts.enumerated() where expected[index] != warm.height(of: text, width: width).bitPattern {
                Issue.record("cached ≠ uncached: \(context): \"\(RandomCase.escaped(text))\" at \(width)")
            }
            #expect(Self.bits(texts.map { thrashing.height(of: $0, width: width) }) == expected, "thrashing cache: \(context)")
            let prepared = texts.map { warm.prepare($0) }
            for (index, text) in texts.enumerated() {
                #expect(warm.height(of: prepared[index], width: width).bitPattern == expected[index],
                        "prepared: \(context): \"\(RandomCase.escaped(text))\" at \(width)")
                #expect(warm.lines(of: prepared[index], width: width) == uncached.lines(of: text, width: width),
                        "prepared lines: \(context): \"\(RandomCase.escaped(text))\" at \(width)")
            }
            for concurrency in [1, 2, 3, 8] {
                for chunkSize in [1, 7, 256] {
                    let bulk = try await warm.heights(of: texts, width: width, chunkSize: chunkSize, concurrency: concurrency)
                    #expect(Self.bits(bulk) == expected, "bulk \(concurrency) lanes × \(chunkSize): \(context) at \(width)")
                }
                let fresh = try TextMeasurer(style: style)
                let cold = try await fresh.heights(of: texts, width: width, chunkSize: 5, concurrency: concurrency)
                #expect(Self.bits(cold) == expected, "bulk from cold, \(concurrency) lanes: \(context) at \(width)")
                let bulkPrepared = try await warm.heights(of: prepared, width: width, chunkSize: 9, concurrency: concurrency)
                #expect(Self.bits(bulkPrepared) == expected, "bulk prepared, \(concurrency) lanes: \(context) at \(width)")
            }
        }
        for concurrency in [1, 4] {
            let perWidth = try await warm.heights(of: texts, widths: widths, chunkSize: 11, concurrency: concurrency)
            for (column, width) in widths.enumerated() {
                let expected = Self.bits(texts.map { uncached.height(of: $0, width: width) })
                #expect(Self.bits(perWidth[column]) == expected, "heights(of:widths:), \(concurrency) lanes: \(context) at \(width)")
            }
        }
    }

    /// Chunks of simple Latin text that are not cached yet are shaped
    /// together; a chunk alone goes through the general path. Both must
    /// measure it alike, or a text's height would depend on what was measured
    /// before it (a soft hyphen before a space once drew its hyphen on one
    /// path only). Expected: the same heights, bit for bit.
    @Test("a text measures the same whatever was measured before it", arguments: [
        "Version:\u{AD} 1,234,567.89 done", "co\u{AD}op\u{AD}erate now and then", "well-known (items) ?maybe AV To",
    ])
    func independentOfEarlierTexts(text: String) throws {
        let style = TextStyle(font: .family("Inter"), size: 40)
        let widths = Array(stride(from: 40.0, through: 400.0, by: 0.25))
        let fresh = try TextMeasurer(style: style)
        let primed = try TextMeasurer(style: style)
        // Each chunk (a word and the spaces after it) measured alone first.
        var chunk = ""
        for character in text {
            if character != " ", chunk.last == " " {
                _ = primed.height(of: chunk, width: 100)
                chunk = ""
            }
            chunk.append(character)
        }
        _ = primed.height(of: chunk, width: 100)
        let differing = widths.filter {
            fresh.height(of: text, width: $0).bitPattern != primed.height(of: text, width: $0).bitPattern
        }
        #expect(differing.isEmpty, "widths measured otherwise: \(differing.prefix(5))")
    }

    @Test("the same cases measured again, on fresh measurers and many threads, give the same results")
    func resultsAreReproducible() async throws {
        func run(threads: Int) async throws -> [[UInt64]] {
            try await withThrowingTaskGroup(of: (Int, [UInt64]).self) { group in
                let seeds = Array(Self.seeds.prefix(120))
                let perThread = (seeds.count + threads - 1) / threads
                var measurers: [TextStyle: TextMeasurer] = [:]
                for seed in seeds {
                    let style = RandomCases.make(seed: seed).style
                    if measurers[style] == nil { measurers[style] = try TextMeasurer(style: style) }
                }
                let shared = measurers
                for thread in 0..<threads {
                    group.addTask {
                        let mine = seeds.indices.filter { $0 / perThread == thread }
                        var results: [UInt64] = []
                        for index in mine {
                            let testCase = RandomCases.make(seed: seeds[index])
                            let measurer = shared[testCase.style]!
                            results += testCase.widths.map { measurer.height(of: testCase.text, width: $0).bitPattern }
                        }
                        return (thread, results)
                    }
                }
                var byThread: [Int: [UInt64]] = [:]
                for try await (thread, results) in group { byThread[thread] = results }
                return [(0..<threads).flatMap { byThread[$0] ?? [] }]
            }
        }
        let first = try await run(threads: 1)
        for threads in [1, 2, 4, 8] {
            #expect(try await run(threads: threads) == first, "\(threads) threads")
        }
    }
}
