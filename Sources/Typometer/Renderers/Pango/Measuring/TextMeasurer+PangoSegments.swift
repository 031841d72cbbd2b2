import CHarfBuzz

/// Pango's way through a paragraph: break opportunities first, window by
/// window, then chunks shaped with what the paragraph tells about them.
extension TextMeasurer {
    /// Calls `body` with each segment of `paragraph` in order and its
    /// advances under Pango's rules, until `body` returns `false` (then
    /// returns `false`). Pango's break rules may keep a space with what
    /// follows, so the paragraph's break opportunities are found first.
    ///
    /// Under a line limit, a long paragraph is analysed in growing windows
    /// that end after a space, so a huge text under a few lines is shaped
    /// and broken only about as far as those lines reach.
    func forEachPangoSegment(
        in units: UTF16Text, paragraph: Range<Int>,
        _ body: (_ start: Int, _ end: Int, SegmentMetrics) -> Bool
    ) -> Bool {
        var windowStart = paragraph.lowerBound
        var windowLength = style.lineLimit == nil ? paragraph.count : TextMeasurer.windowedParagraphLength
        let base = PangoRules.baseLevel(of: units, paragraph: paragraph)
        var start = windowStart
        while windowStart < paragraph.upperBound {
            var windowEnd = paragraph.upperBound
            var endIsArtificial = false
            if paragraph.upperBound - windowStart > windowLength {
                windowEnd = TextMeasurer.windowEnd(in: units, from: windowStart, length: windowLength)
                endIsArtificial = units[windowEnd - 1] != 0x20 || units[windowEnd] == 0x20
            }
            let window = units[windowStart..<windowEnd]
            let outcome = PangoRules.withBreakOpportunities(in: window, language: nil) { found in
                // An artificial window end is no break opportunity.
                let breaks = endIsArtificial ? UnsafeBufferPointer(rebasing: found.dropLast()) : found
                // No break opportunity in the window: widen it.
                guard !breaks.isEmpty else { return PangoWindow.widen }
                return withUnsafeTemporaryAllocation(of: Int32.self, capacity: breaks.count) { chunkEnds in
                    forEachPangoChunk(
                        in: units, paragraph: paragraph, base: base, window: windowStart..<windowEnd,
                        breaks: breaks, chunkEnds: chunkEnds, from: &start, body)
                }
            }
            switch outcome {
            case .widen:
                windowLength *= 2
                continue
            case .stopped: return false
            case .done: break
            }
            windowStart = start
            windowLength *= 2
        }
        return true
    }

    /// What became of a window of a Pango paragraph.
    private enum PangoWindow {
        /// It holds no break opportunity.
        case widen
        /// `body` returned `false`.
        case stopped
        case done
    }

    /// Calls `body` with the segments of the chunks that `breaks` (relative
    /// to `window`, not empty) cut out of it, from `start` on, which it
    /// advances; `chunkEnds` is scratch space for as many ends as `breaks`.
    private func forEachPangoChunk(
        in units: UTF16Text, paragraph: Range<Int>, base: UInt8, window: Range<Int>,
        breaks: UnsafeBufferPointer<Int32>, chunkEnds: UnsafeMutableBufferPointer<Int32>, from start: inout Int,
        _ body: (_ start: Int, _ end: Int, SegmentMetrics) -> Bool
    ) -> PangoWindow {
        // Levels of the window and the unit after it.
        let levels = PangoBidiLevels.levels(of: units, range: window, paragraph: paragraph, base: base)
        let spaceKerning = shaper.primaryKernsSpace ? registry.spaceKerning : nil
        var chunkStart = window.lowerBound
        var endCount = 0
        for (index, offset) in breaks.enumerated() {
            let end = window.lowerBound + Int(offset)
            chunkEnds[endCount] = Int32(end - chunkStart)
            endCount += 1
            let afterSpace = units[end - 1] == 0x20 || units[end - 1] == 0x09
            guard afterSpace || index == breaks.count - 1 else { continue }
            let chunk: ChunkMetrics
            var chunkLevels: [UInt8]?
            if levels == nil, endCount == 1, let simpleWords, TextMeasurer.startsWithLatinLetter(units[chunkStart]),
               let segment = simpleWords.segment(
                   of: units[chunkStart..<end], contentEnd: TextScanning.contentEnd(of: units[chunkStart..<end]),
                   runScript: nil) {
                // Most words: one segment of simple characters, left to
                // right, after a letter, which gives the chunk a script and
                // a face of its own: its context is empty (no levels, no
                // preceding script or character), so it is measured by table
                // lookup before any context is built, as
                // `pangoChunkMetrics(_:ends:context:)` would measure it.
                chunk = ChunkMetrics(single: segment, length: Int32(end - chunkStart))
            } else if levels == nil, endCount > 1, let simpleWords,
                      TextMeasurer.startsWithLatinLetter(units[chunkStart]),
                      let segments = simpleWords.segments(
                          of: units[chunkStart..<end], contentEnd: TextScanning.contentEnd(of: units[chunkStart..<end]),
                          ends: UnsafeBufferPointer(rebasing: chunkEnds[0..<endCount])) {
                // Hyphenated words and the like, in the same context: cut
                // where Pango's rules break, by table lookup.
                chunk = segments
            } else {
                var context = PangoContext(
                    of: chunkStart..<end, in: units, paragraph: paragraph, base: base,
                    levels: .some(levels.map {
                        Array($0[(chunkStart - window.lowerBound)..<min(end + 1 - window.lowerBound, $0.count)])
                    }))
                if context.levels == nil, context.precedingScalar == nil,
                   TextMeasurer.startsWithLatinLetter(units[chunkStart]), isSimpleLatin(units[chunkStart..<end]) {
                    // Words the table cannot take (ligatures: "first",
                    // "offer"), of characters the primary face draws, in one
                    // run that starts with a letter: every item's face is at
                    // the head of Pango's fallback list, so the character
                    // after the chunk cannot take its trailing spaces
                    // (`resolveNeutralFaces` moves them only to a face
                    // earlier in the list). Cached by text, not once per
                    // following character.
                    context.following = nil
                }
                chunkLevels = context.levels
                chunk = pangoChunkMetrics(
                    units[chunkStart..<end],
                    ends: UnsafeBufferPointer(rebasing: chunkEnds[0..<endCount]), context: context)
            }
            for segment in 0..<chunk.count {
                let segmentEnd = chunkStart + Int(chunk.end(segment))
                var metrics = chunk.segment(segment)
                if segmentEnd == paragraph.upperBound, paragraph.upperBound < units.count {
                    // Before a hard break no space hangs in Pango: the
                    // line ends after the separator, so its spaces are
                    // not at the line's end.
                    metrics.width += metrics.trailingWidth
                    metrics.trailingWidth = 0
                    metrics.isWhite = false
                    metrics.beforeHardBreak = true
                } else if segmentEnd == end, afterSpace, let spaceKerning {
                    // Pango shapes the item's spaces with the word after them.
                    metrics.trailingWidth += pangoTrailingSpaceKerning(
                        in: units, start: start, end: segmentEnd, paragraph: paragraph, faceMask: metrics.faceMask,
                        levels: chunkLevels, kerning: spaceKerning)
                }
                guard body(start, segmentEnd, metrics) else { return .stopped }
                start = segmentEnd
            }
            chunkStart = end
            endCount = 0
        }
        return .done
    }

    /// Whether `unit` is an ASCII letter: a character of the Latin script
    /// that Pango picks a face for, so a chunk starting with it continues
    /// no script run and no item from before it.
    @inline(__always)
    private static func startsWithLatinLetter(_ unit: UInt16) -> Bool {
        (unit | 0x20) &- 0x61 < 26
    }

    /// Where a window starting at `start` should end: just after a space
    /// followed by a non-space in its second half when there is one (a real
    /// break opportunity), else at `start + length` on a code-point boundary.
    private static func windowEnd(in units: UTF16Text, from start: Int, length: Int) -> Int {
        let limit = start + length
        var candidate = limit
        while candidate > start + length / 2 {
            if units[candidate - 1] == 0x20 && units[candidate] != 0x20 { return candidate }
            candidate -= 1
        }
        return UTF16.isTrailSurrogate(units[limit]) ? limit - 1 : limit
    }

    /// A chunk's segments and advances, from the word cache or shaped now.
    /// Under `.pango` what the paragraph tells about the chunk (`context`)
    /// can change its faces, so it is part of the cache key.
    func pangoChunkMetrics(_ chunk: UTF16Text, ends: UnsafeBufferPointer<Int32>, context: PangoContext?)
        -> ChunkMetrics {
        // Most words: one segment of simple characters, left to right, that
        // goes on with no item before it, measured by table lookup.
        if let simpleWords, ends.count == 1, context?.levels == nil, context?.precedingScalar == nil,
           let segment = simpleWords.segment(
               of: chunk, contentEnd: TextScanning.contentEnd(of: chunk),
               runScript: context?.precedingScript.map { hb_script_t(rawValue: $0) }) {
            return ChunkMetrics(single: segment, length: Int32(chunk.count))
        }
        func chunkKey(for keyUnits: UTF16Text, following: UInt32?) -> ChunkKey {
            ChunkKey(
                borrowing: keyUnits, following: following, precedingScript: context?.precedingScript,
                levelCount: keyUnits.count - chunk.count)
        }
        func measure(_ keyUnits: UTF16Text) -> ChunkMetrics {
            let key = chunkKey(for: keyUnits, following: context?.following)
            if let cached = wordCache.value(for: key), cached.hasEnds(ends) { return cached }
            // The chunk before another character the itemizer sees alike
            // (the next word's first letter, mostly): kept under the
            // character's class too (bit 31, which no character has).
            let classKey = context?.following.flatMap { PangoClusterFaces.followingClass(of: $0, shaper: shaper) }
                .map { chunkKey(for: keyUnits, following: 1 << 31 | $0) }
            if let classKey, let cached = wordCache.value(for: classKey), cached.hasEnds(ends) {
                remember(cached, for: key)
                return cached
            }
            let metrics = shaper.chunkMetrics(of: chunk, ends: Array(ends), context: context, rules: PangoRules.self)
            remember(metrics, for: key)
            if let classKey { remember(metrics, for: classKey) }
            return metrics
        }
        guard context?.levels != nil || context?.precedingScalar != nil else { return measure(chunk) }
        // The levels and the preceding character are part of the key, after
        // the units (the character as two units and a marker).
        var keyUnits = Array(chunk)
        if let levels = context?.levels { keyUnits.append(contentsOf: levels.lazy.map { UInt16($0) }) }
        if let scalar = context?.precedingScalar {
            keyUnits.append(contentsOf: [UInt16(scalar >> 16), UInt16(scalar & 0xFFFF), 0xFFFF])
        }
        return keyUnits.withUTF16Text(measure)
    }
}
