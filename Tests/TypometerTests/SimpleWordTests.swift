import CHarfBuzz
import Testing
@testable import Typometer

/// The table-lookup path for words of simple characters (issue 14) against
/// HarfBuzz itself: the expected advances are `hb_shape`'s, through the same
/// call the measurer makes (`SegmentShaper.shapeMarkingJoins`), for every
/// distinct word of real text (``RealWords``) in every bundled text face at
/// every size of the fidelity matrix, at both renderers' scales.
@Suite struct SimpleWordTests {
    static let faces = ["Inter", "Noto Sans", "Noto Serif"]
    static let sizes: [Double] = [11, 13, 15, 17, 20, 24, 32, 53]
    /// Distinct words checked in each face, size and scale.
    static let wordsPerSize = 100_000

    static func measurer(_ family: String, size: Double, profile: RenderingProfile) throws -> TextMeasurer {
        try TextMeasurer(style: TextStyle(font: .family(family), size: size, lineLimit: nil, profile: profile))
    }

    /// The script HarfBuzz shapes `chunk` in: its first character's of a
    /// script of its own, else Latin (as `SegmentShaper.graphemes` decides).
    static func script(of chunk: [UInt16]) -> hb_script_t {
        for unit in chunk {
            let script = ScalarProperties.script(of: UInt32(unit))
            if script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN { return script }
        }
        return HB_SCRIPT_LATIN
    }

    @Test("words of simple characters measure bit for bit as hb_shape shapes them, in every face and size",
          arguments: faces)
    func simpleWordsMatchHarfBuzz(family: String) throws {
        let chunks = try RealWords.chunks.get()
        try #require(chunks.count % 104_729 != 0)
        for profile in [RenderingProfile.chromium, .pango] {
            for size in Self.sizes {
                let measurer = try Self.measurer(family, size: size, profile: profile)
                let simple = try #require(measurer.simpleWords)
                let font = measurer.registry.primary
                var checked = 0
                var mismatches = 0
                // Words drawn across every source and language: a fixed
                // stride through the list, co-prime with its length.
                for step in 0..<chunks.count where checked < Self.wordsPerSize {
                    let chunk = chunks[step * 104_729 % chunks.count]
                    chunk.withUTF16Text { units in
                        guard let fast = simple.chunkMetrics(of: units, breaks: ChromiumAsciiBreaks.self), fast.count == 1 else { return }
                        checked += 1
                        let shaped = measurer.shaper.shapeMarkingJoins(
                            units, range: 0..<units.count, font: font, script: Self.script(of: chunk), rightToLeft: false,
                            language: profile.rules.language(for: Self.script(of: chunk), content: nil))
                        var content = units.count
                        while content > 0, units[content - 1] == 0x20 { content -= 1 }
                        let width = shaped.advances[..<content].reduce(0, +)
                        let trailing = shaped.advances[content...].reversed().reduce(0, +)
                        let segment = fast.segment(0)
                        if segment.width != width || segment.trailingWidth != trailing {
                            mismatches += 1
                            if mismatches <= 5 {
                                let word = String(decoding: chunk, as: UTF16.self)
                                Issue.record("\(family) \(size) pt \(profile): \"\(word)\" \(segment.width)/\(segment.trailingWidth) vs hb_shape \(width)/\(trailing)")
                            }
                        }
                    }
                }
                #expect(mismatches == 0)
                #expect(checked == Self.wordsPerSize, "\(family) \(size) pt: only \(checked) simple words")
            }
        }
    }

    @Test("the simple path gives the measurer's own metrics of a word, segment by segment", arguments: faces)
    func simpleWordsMatchTheMeasurer(family: String) throws {
        let chunks = try RealWords.chunks.get()
        let measurer = try Self.measurer(family, size: 15, profile: .chromium)
        let simple = try #require(measurer.simpleWords)
        var mismatches = 0
        var brokenInside = 0
        // Every 20th word: the measurer's own path is far slower.
        for chunk in stride(from: 0, to: chunks.count, by: 20).map({ chunks[$0] }) {
            chunk.withUTF16Text { units in
                guard let fast = simple.chunkMetrics(of: units, breaks: ChromiumAsciiBreaks.self) else { return }
                let ends = ChromiumRules.breakOpportunities(in: units, language: nil)
                let fastEnds = (0..<fast.count).map { fast.end($0) }
                // The measurer's paths: clusters shaped by HarfBuzz, and for
                // simple Latin text HarfBuzz's advances read per code unit.
                let clusters = measurer.shaper.chunkMetrics(
                    of: units, ends: ends, context: BlinkClusterFaces.isolatedContext, rules: ChromiumRules.self)
                var expected = [clusters]
                if measurer.isSimpleLatin(units) {
                    let shaped = measurer.shaper.shapeMarkingJoins(
                        units, range: 0..<units.count, font: measurer.registry.primary, script: HB_SCRIPT_LATIN,
                        rightToLeft: false, language: ChromiumRules.language(for: HB_SCRIPT_LATIN, content: nil))
                    let perUnit = shaped.advances.withUnsafeBufferPointer { advances in
                        shaped.unsafe.withUnsafeBufferPointer { unsafe in
                            measurer.shaper.simpleChunkMetrics(
                                of: units, advances: advances, unsafe: unsafe, rules: ChromiumRules.self)
                        }
                    }
                    expected.append(perUnit)
                }
                if fast.count > 1 { brokenInside += 1 }
                let agrees = expected.allSatisfy { metrics in
                    metrics.count == fast.count && (0..<fast.count).allSatisfy { metrics.segment($0) == fast.segment($0) }
                }
                if fastEnds != ends || !agrees {
                    mismatches += 1
                    if mismatches <= 5 {
                        let word = String(decoding: chunk, as: UTF16.self)
                        let found = expected.map { metrics in (0..<metrics.count).map { metrics.segment($0) } }
                        Issue.record("\"\(word)\": breaks \(ends) vs \(fastEnds), \(found) vs \((0..<fast.count).map { fast.segment($0) })")
                    }
                }
            }
        }
        #expect(mismatches == 0)
        // Hyphenated words and the like are cut, not left to HarfBuzz (in
        // Inter, contextual alternates act around hyphens: HarfBuzz's).
        #expect(family == "Inter" || brokenInside > 100, "\(brokenInside) words broken inside")
    }

    @Test("under Pango, the simple path gives the measurer's metrics, in the run a word goes on with",
          arguments: faces)
    func simpleWordsMatchTheMeasurerUnderPango(family: String) throws {
        let chunks = try RealWords.chunks.get()
        let measurer = try Self.measurer(family, size: 15, profile: .pango)
        let simple = try #require(measurer.simpleWords)
        // Each word after a word of each script, so that one of no script
        // of its own (digits, punctuation) goes on with that script's run.
        let before = ["Word ", "Слово ", "Λέξη "].map { Array($0.utf16) }
        var mismatches = 0
        var checked = 0
        for chunk in stride(from: 3, to: chunks.count, by: 20).map({ chunks[$0] }) {
            let ends = chunk.withUTF16Text { PangoRules.breakOpportunities(in: $0, language: nil) }
            guard ends == [Int32(chunk.count)] else { continue }
            for prefix in before {
                let units = prefix + chunk
                units.withUTF16Text { units in
                    let range = prefix.count..<units.count
                    let context = PangoContext(of: range, in: units, paragraph: 0..<units.count, base: 0)
                    let piece = units[range]
                    guard context.levels == nil, context.precedingScalar == nil,
                          let fast = simple.segment(
                            of: piece, contentEnd: TextScanning.contentEnd(of: piece),
                            runScript: context.precedingScript.map { hb_script_t(rawValue: $0) })
                    else { return }
                    checked += 1
                    let slow = measurer.shaper.chunkMetrics(of: piece, ends: ends, context: context, rules: PangoRules.self)
                    if slow.count != 1 || slow.segment(0) != fast {
                        mismatches += 1
                        if mismatches <= 5 {
                            let text = String(decoding: Array(units), as: UTF16.self)
                            Issue.record("\"\(text)\": \(slow.segment(0)) vs \(fast)")
                        }
                    }
                }
            }
        }
        #expect(mismatches == 0)
        #expect(checked > 10_000)
    }

    @Test("under Pango, hyphenated words and the like measure by table as the measurer shapes them, segment by segment",
          arguments: faces)
    func brokenWordsMatchTheMeasurerUnderPango(family: String) throws {
        let chunks = try RealWords.chunks.get()
        let measurer = try Self.measurer(family, size: 15, profile: .pango)
        let simple = try #require(measurer.simpleWords)
        let prefix = Array("Word ".utf16)
        var mismatches = 0
        var checked = 0
        for chunk in chunks where chunk.first.map({ ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) == true {
            let ends = chunk.withUTF16Text { PangoRules.breakOpportunities(in: $0, language: nil) }
            guard ends.count > 1 else { continue }
            // A word after it, as in a paragraph.
            let units = prefix + chunk + (chunk.last == 0x20 ? Array("next".utf16) : [])
            units.withUTF16Text { units in
                let range = prefix.count..<(prefix.count + chunk.count)
                let context = PangoContext(of: range, in: units, paragraph: 0..<units.count, base: 0)
                let piece = units[range]
                guard context.levels == nil, context.precedingScalar == nil, context.precedingScript == nil,
                      let fast = ends.withUnsafeBufferPointer({
                          simple.segments(of: piece, contentEnd: TextScanning.contentEnd(of: piece), ends: $0)
                      })
                else { return }
                checked += 1
                let slow = measurer.shaper.chunkMetrics(of: piece, ends: ends, context: context, rules: PangoRules.self)
                let agrees = slow.count == fast.count && (0..<fast.count).allSatisfy {
                    slow.end($0) == fast.end($0) && slow.segment($0) == fast.segment($0)
                }
                if !agrees {
                    mismatches += 1
                    if mismatches <= 5 {
                        let text = String(decoding: Array(piece), as: UTF16.self)
                        Issue.record("\"\(text)\": \((0..<slow.count).map { slow.segment($0) }) vs \((0..<fast.count).map { fast.segment($0) })")
                    }
                }
            }
        }
        #expect(mismatches == 0)
        #expect(family == "Inter" || checked > 1_000, "\(checked) words broken inside")
    }
}
