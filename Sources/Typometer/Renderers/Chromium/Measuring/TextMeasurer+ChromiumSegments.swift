extension TextMeasurer {
    /// How many new chunks wait to be shaped together, at first and at most:
    /// enough to shape runs of new words in one call, and few at first so a
    /// line limit stops the work soon after the last visible line.
    static let chunkBatch = (first: 16, most: 128)

    /// `forEachSegment` for Chromium, whose break rules always allow a break
    /// after a run of spaces: the paragraph is cut there into chunks, each
    /// looked up in the word cache by its text alone, so a text made of known
    /// words needs no line-break analysis and no shaping. Runs of unknown
    /// chunks in a paragraph of Latin text in the primary face are shaped in
    /// one HarfBuzz call and split where shaping allows breaking.
    ///
    /// A closing bracket that ends a paragraph a hard break ends keeps its
    /// whole width: Blink's `text-spacing-trim` trims one at a wrap and at
    /// the end of the text, not before a forced break. A space the primary
    /// face kerns with the word after it counts that kerning
    /// (``blinkTrailingSpaceKerning(in:end:paragraph:faceMask:kerning:)``).
    func forEachChromiumSegment(
        in units: UTF16Text, paragraph: Range<Int>, width: Double?,
        _ body: (_ start: Int, _ end: Int, SegmentMetrics) -> Bool
    ) -> Bool {
        let beforeHardBreak = paragraph.upperBound < units.count
        let spaceKerning = shaper.primaryKernsSpace ? registry.spaceKerning : nil
        guard beforeHardBreak || spaceKerning != nil else {
            return walkChromiumSegments(in: units, paragraph: paragraph, width: width, body)
        }
        return walkChromiumSegments(in: units, paragraph: paragraph, width: width) { start, end, metrics in
            var metrics = metrics
            if beforeHardBreak, end == paragraph.upperBound { metrics.endTrim = 0 }
            if let spaceKerning {
                // Blink shapes a space with the word after it.
                metrics.trailingWidth += blinkTrailingSpaceKerning(
                    in: units, end: end, paragraph: paragraph, faceMask: metrics.faceMask, kerning: spaceKerning)
            }
            return body(start, end, metrics)
        }
    }

    private func walkChromiumSegments(
        in units: UTF16Text, paragraph: Range<Int>, width: Double?,
        _ body: (_ start: Int, _ end: Int, SegmentMetrics) -> Bool
    ) -> Bool {
        let boundsWork = style.lineLimit != nil && width != nil
        // Known chunks are laid out as soon as they are found; unknown ones
        // wait in `pending` (their starts) so that a run of them is shaped
        // together. Under a line limit, the first run holds about as many
        // words as the visible lines (eight a line) plus the one that ends them.
        var pending: [Int] = []
        var batch = style.lineLimit.map { min(TextMeasurer.chunkBatch.most, 8 * min($0, TextMeasurer.chunkBatch.most) + 1) }
            ?? TextMeasurer.chunkBatch.first
        func feed(_ chunk: ChunkMetrics, at chunkStart: Int) -> Bool { TextMeasurer.feed(chunk, at: chunkStart, body) }
        func flush(upTo end: Int) -> Bool { shapePending(&pending, upTo: end, in: units, body) }
        // Blink's fallback run goes on from chunk to chunk; chunks of simple
        // Latin text have no holes and can only end it.
        var run = BlinkFallbackRun()
        var lastTable: BlinkIdeographTable?
        var lastLetterTable: BlinkLetterTable?
        var position = paragraph.lowerBound
        // The measurer keeps it alive: reached without a reference count
        // per word, which threads measuring at once would contend on.
        let simpleWords = self.simpleWords.map(Unmanaged.passUnretained)
        while position < paragraph.upperBound {
            let (contentEnd, end) = TextScanning.chunkBounds(in: units, from: position, before: paragraph.upperBound)
            if boundsWork, end - position > TextMeasurer.longChunk {
                // A long run without spaces (CJK, an unbroken token) is
                // analysed window by window, after the chunks before it.
                guard flush(upTo: position),
                      forEachLongChunkSegment(in: units, chunk: position..<end, width: width!, body)
                else { return false }
                run = BlinkFallbackRun()
                position = end
                continue
            }
            let text = units[position..<end]
            let runIsEmpty = run.isEmpty
            // Most words: simple characters, measured by table lookup. Only
            // simple Latin text goes on with a fallback run.
            if let simpleWords, runIsEmpty || isSimpleLatin(text),
               let segments = simpleWords._withUnsafeGuaranteedRef({
                   $0.segments(of: text, contentEnd: contentEnd - position, breaks: ChromiumAsciiBreaks.self)
               }) {
                if !pending.isEmpty { guard flush(upTo: position) else { return false } }
                guard TextMeasurer.feed(segments, of: text, at: position, contentEnd: contentEnd, simpleWords: simpleWords, body)
                else { return false }
                if !runIsEmpty { run = run.continued(byText: text) }
                position = end
                continue
            }
            // CJK chunks: by table lookup, before the word cache (they are
            // not worth caching).
            if let chunk = tableChunk(text, run: run, lastTable: &lastTable) {
                guard flush(upTo: position), feed(chunk, at: position) else { return false }
                run = chunk.blinkRunAfter
                position = end
                continue
            }
            // Words of Thai letters: by table lookup, cached (finding their
            // breaks takes ICU's dictionary); words of Hebrew letters: by
            // table lookup too, one segment each.
            if BlinkLetterTable.findsBreaks(in: text) {
                let key = ChunkKey(borrowing: text, blinkRun: run, followingLevel: nil)
                var chunk = key.flatMap { wordCache.value(for: $0) }
                if chunk == nil {
                    chunk = BlinkLetterTable.chunkMetrics(
                        of: text, run: run, followingLevel: { 0 }, shaper: shaper, lastTable: &lastLetterTable)
                    if let chunk, let key { remember(chunk, for: key) }
                }
                if let chunk {
                    guard flush(upTo: position), feed(chunk, at: position) else { return false }
                    run = chunk.blinkRunAfter
                    position = end
                    continue
                }
            } else if let (segment, runAfter) = BlinkLetterTable.segment(
                of: text, run: run,
                followingLevel: { TextMeasurer.strongLevel(after: end, in: units, paragraph: paragraph) },
                shaper: shaper, lastTable: &lastLetterTable) {
                guard flush(upTo: position), body(position, end, segment) else { return false }
                run = runAfter
                position = end
                continue
            }
            // Most chunks: no run to go on with, found by their text alone (a
            // chunk that needs more context is never cached under it).
            if runIsEmpty, let chunk = wordCache.value(for: ChunkKey(borrowing: text)) {
                guard flush(upTo: position), feed(chunk, at: position) else { return false }
                if chunk.leavesCarry { run = chunk.blinkRunAfter }
                position = end
                continue
            }
            if !isSimpleLatin(text) {
                // Shaped at once: the run it leaves is the next one's key.
                let chunk = blinkChunk(text, in: units, paragraph: paragraph, run: run, tableTried: true)
                guard flush(upTo: position), feed(chunk, at: position) else { return false }
                run = chunk.blinkRunAfter
                position = end
                continue
            }
            if !runIsEmpty { run = run.continued(byText: text) }
            if !runIsEmpty, let chunk = wordCache.value(for: ChunkKey(borrowing: text)) {
                guard flush(upTo: position), feed(chunk, at: position) else { return false }
            } else {
                pending.append(position)
                if pending.count >= batch {
                    guard flush(upTo: end) else { return false }
                    batch = min(batch * 2, TextMeasurer.chunkBatch.most)
                }
            }
            position = end
        }
        return flush(upTo: position)
    }

    /// Shapes the chunks that start at `pending` (the last one ending at
    /// `end`), caches them, calls `body` with their segments and empties
    /// `pending`.
    private func shapePending(
        _ pending: inout [Int], upTo end: Int, in units: UTF16Text,
        _ body: (_ start: Int, _ end: Int, SegmentMetrics) -> Bool
    ) -> Bool {
        guard !pending.isEmpty else { return true }
        pending.append(end)
        var found = [ChunkMetrics?](filled: nil, count: pending.count - 1)
        shapeMissingChunks(in: units, starts: pending, found: &found)
        defer { pending.removeAll(keepingCapacity: true) }
        for index in found.indices {
            guard TextMeasurer.feed(found[index]!, at: pending[index], body) else { return false }
        }
        return true
    }

    /// Calls `body` with each segment of `chunk`, which starts at `chunkStart`.
    private static func feed(
        _ chunk: ChunkMetrics, at chunkStart: Int, _ body: (_ start: Int, _ end: Int, SegmentMetrics) -> Bool
    ) -> Bool {
        var start = chunkStart
        for segment in 0..<chunk.count {
            let end = chunkStart + Int(chunk.end(segment))
            guard body(start, end, chunk.segment(segment)) else { return false }
            start = end
        }
        return true
    }

    /// Calls `body` with the segments of a chunk of simple characters
    /// (`text`, at `position`, its spaces from `contentEnd`) measured by
    /// table lookup.
    private static func feed(
        _ segments: SimpleWordShaper.Segments, of text: UTF16Text, at position: Int, contentEnd: Int,
        simpleWords: Unmanaged<SimpleWordShaper>, _ body: (_ start: Int, _ end: Int, SegmentMetrics) -> Bool
    ) -> Bool {
        switch segments {
        case .whole(let segment):
            return body(position, position + text.count, segment)
        case .several:
            var start = position
            return simpleWords.takeUnretainedValue().forEachSegment(
                of: text, contentEnd: contentEnd - position, breaks: ChromiumAsciiBreaks.self, { segmentEnd, segment in
                    defer { start = position + segmentEnd }
                    return body(start, position + segmentEnd, segment)
                })
        }
    }

    /// How far back (code units) `blinkRun(at:in:paragraph:)` replays
    /// the chunks before a segment; a run reaching further back is taken
    /// to start there.
    static let blinkRunReach = 256

    /// Blink's fallback run in effect at `position` of `paragraph` (a
    /// segment's start), replayed over the chunks before it as the layout
    /// pass met them, from at most `blinkRunReach` units back.
    func blinkRun(at position: Int, in units: UTF16Text, paragraph: Range<Int>) -> BlinkFallbackRun {
        // Start at a chunk's start: just after a space or tab.
        var start = max(paragraph.lowerBound, position - TextMeasurer.blinkRunReach)
        while start > paragraph.lowerBound, start < position, units[start - 1] != 0x20, units[start - 1] != 0x09 {
            start += 1
        }
        var run = BlinkFallbackRun()
        while start < position {
            let chunkEnd = TextScanning.chunkEnd(in: units, from: start, before: paragraph.upperBound)
            let end = min(chunkEnd, position)
            let text = units[start..<end]
            if isSimpleLatin(text) {
                if !run.isEmpty { run = run.continued(byText: text) }
            } else if end == chunkEnd {
                run = blinkChunk(text, in: units, paragraph: paragraph, run: run).blinkRunAfter
            } else {
                run = shaper.graphemes(
                    of: units, range: start..<end,
                    context: BlinkClusterFaces.Context(
                        run: run, followingLevel: TextMeasurer.strongLevel(after: end, in: units, paragraph: paragraph)),
                    rules: ChromiumRules.self
                ).carry
            }
            start = end
        }
        return run
    }

    /// The metrics of `chunk` going on with Blink's fallback `run` by a CJK
    /// table (``BlinkIdeographTable``), when one takes it: a chunk with CJK
    /// text that no right-to-left text reaches. `lastTable` keeps the table
    /// used last, for the next chunk.
    private func tableChunk(
        _ chunk: UTF16Text, run: BlinkFallbackRun, lastTable: inout BlinkIdeographTable?
    ) -> ChunkMetrics? {
        guard run.level & 1 == 0, chunk.contains(where: { $0 >= 0x3000 }),
              !chunk.contains(where: TextScanning.mayBeRightToLeft) else { return nil }
        return BlinkIdeographTable.chunkMetrics(
            of: chunk, run: run, shaper: shaper, simpleWords: simpleWords, lastTable: &lastTable)
    }

    /// The metrics of `chunk` (a chunk of `units` in `paragraph`, not
    /// simple Latin text) going on with Blink's fallback `run`: by a CJK or
    /// letter table (unless `tableTried`), from the word cache, or shaped
    /// and cached.
    func blinkChunk(_ chunk: UTF16Text, in units: UTF16Text,
                    paragraph: Range<Int>, run: BlinkFallbackRun, tableTried: Bool = false) -> ChunkMetrics {
        // The level of the first strong character after the chunk decides
        // the level of neutral characters at its end, when it may be odd.
        var followingLevel: UInt8?
        if run.level & 1 == 1 || chunk.contains(where: TextScanning.mayBeRightToLeft) {
            followingLevel = TextMeasurer.strongLevel(
                after: chunk.baseAddress! - units.baseAddress! + chunk.count, in: units, paragraph: paragraph)
        }
        if !tableTried {
            var lastTable: BlinkIdeographTable?
            if let metrics = tableChunk(chunk, run: run, lastTable: &lastTable) { return metrics }
            var lastLetterTable: BlinkLetterTable?
            if let metrics = BlinkLetterTable.chunkMetrics(
                of: chunk, run: run, followingLevel: { followingLevel ?? 0 }, shaper: shaper, lastTable: &lastLetterTable) {
                return metrics
            }
        }
        let key = ChunkKey(borrowing: chunk, blinkRun: run, followingLevel: followingLevel)
        if let key, let cached = wordCache.value(for: key) { return cached }
        let ends = ChromiumBreaks.find(in: chunk, language: shaper.selector.language)
        let (clusters, runAfter) = shaper.graphemes(
            of: chunk, range: 0..<chunk.count,
            context: BlinkClusterFaces.Context(run: run, followingLevel: followingLevel ?? 0), rules: ChromiumRules.self,
            splitAt: ends)
        let metrics = shaper.chunkMetrics(from: clusters, chunk: chunk, ends: ends, leaving: runAfter, rules: ChromiumRules.self)
        if let key { remember(metrics, for: key) }
        return metrics
    }

    /// How far (code units) `strongLevel(after:in:paragraph:)` looks.
    static let strongLevelReach = 256

    /// The bidi level (0 or 1, in a left-to-right paragraph) of the first
    /// strong character at or after `position` in `paragraph`, looked for
    /// at most `strongLevelReach` units on; 0 when there is none.
    static func strongLevel(after position: Int, in units: UTF16Text,
                            paragraph: Range<Int>) -> UInt8 {
        // Most often the next word starts with a letter whose level is plain.
        if position < paragraph.upperBound {
            let unit = units[position]
            if unit >= 0x61 && unit <= 0x7A || unit >= 0x41 && unit <= 0x5A { return 0 }
            if unit >= 0x05D0 && unit <= 0x05EA { return 1 }
        }
        let after = units[position..<min(paragraph.upperBound, position + strongLevelReach)]
        return ICU.firstStrongLevel(in: after) == 1 ? 1 : 0
    }

    /// Chunks longer than this, under a line limit, are analysed in windows.
    static let longChunk = 1024

    /// The segments of a long chunk under a line limit, found in growing
    /// windows so work stops soon after the visible lines. A window ends at
    /// its last break opportunity (the window's own end is not one). A window
    /// with no break opportunity lies inside one unbreakable run: once it is
    /// wider than every visible line together, breaking it between clusters
    /// fills those lines whatever follows, so it is laid out as it is.
    private func forEachLongChunkSegment(
        in units: UTF16Text, chunk: Range<Int>, width: Double,
        _ body: (_ start: Int, _ end: Int, SegmentMetrics) -> Bool
    ) -> Bool {
        var start = chunk.lowerBound
        var length = TextMeasurer.longChunk
        while start < chunk.upperBound {
            var end = min(chunk.upperBound, start + length)
            if end < chunk.upperBound, UTF16.isTrailSurrogate(units[end]) { end -= 1 }
            let window = units[start..<end]
            var breaks = ChromiumBreaks.find(in: window, language: shaper.selector.language)
            if end < chunk.upperBound { breaks.removeLast() }
            if let last = breaks.last {
                let piece = units[start..<start + Int(last)]
                let metrics = shaper.chunkMetrics(
                    of: piece, ends: breaks, context: BlinkClusterFaces.isolatedContext, rules: ChromiumRules.self)
                var segmentStart = start
                for segment in 0..<metrics.count {
                    let segmentEnd = start + Int(metrics.end(segment))
                    guard body(segmentStart, segmentEnd, metrics.segment(segment)) else { return false }
                    segmentStart = segmentEnd
                }
                start = segmentStart
            } else if end == chunk.upperBound {
                guard body(start, end, shaper.metrics(of: window, rules: ChromiumRules.self)) else { return false }
                start = end
            } else {
                // Cut before the window's last cluster, which may go on past
                // the window; lay the rest out once it fills the visible lines.
                let cut = shaper.graphemes(of: window, rules: ChromiumRules.self).offsets.last ?? 0
                let visible = Double(min(style.lineLimit ?? 1, 1 << 20) + 1) * width
                if cut > 0 {
                    let metrics = shaper.metrics(of: window[0..<cut], rules: ChromiumRules.self)
                    if metrics.width > visible {
                        guard body(start, start + cut, metrics) else { return false }
                        start += cut
                    }
                }
            }
            length *= 2
        }
        return true
    }

    /// Shapes and caches the chunks not found in the cache.
    private func shapeMissingChunks(
        in units: UTF16Text, starts: [Int], found: inout [ChunkMetrics?]
    ) {
        var index = 0
        while index < found.count {
            guard found[index] == nil else {
                index += 1
                continue
            }
            // A run of missing chunks of simple Latin text, shaped together.
            var runEnd = index
            while runEnd < found.count, found[runEnd] == nil,
                  isSimpleLatin(units[starts[runEnd]..<starts[runEnd + 1]]) {
                runEnd += 1
            }
            // One chunk alone too: its edges are the run's, safe to break.
            if runEnd > index {
                shapeTogether(units, starts: starts, chunks: index..<runEnd, found: &found)
            }
            runEnd = max(runEnd, index + 1)
            for chunk in index..<runEnd where found[chunk] == nil {
                let text = units[starts[chunk]..<starts[chunk + 1]]
                found[chunk] = shapeAndCache(text)
            }
            index = runEnd
        }
    }

    /// Shapes consecutive chunks of simple Latin text as one run; a chunk
    /// whose edges HarfBuzz marks safe to break gets exactly the advances it
    /// would get alone, so it is cached from this shaping.
    private func shapeTogether(
        _ units: UTF16Text, starts: [Int], chunks: Range<Int>, found: inout [ChunkMetrics?]
    ) {
        let range = starts[chunks.lowerBound]..<starts[chunks.upperBound]
        let shaped = shaper.shapeMarkingJoins(
            units, range: range, font: registry.primary, script: SegmentShaper.latin, rightToLeft: false,
            language: ChromiumRules.language(for: SegmentShaper.latin, content: shaper.selector.language))
        shaped.advances.withUnsafeBufferPointer { advances in
            shaped.unsafe.withUnsafeBufferPointer { unsafe in
                for chunk in chunks {
                    let lower = starts[chunk] - range.lowerBound
                    let upper = starts[chunk + 1] - range.lowerBound
                    guard !unsafe[lower], upper == unsafe.count || !unsafe[upper] else { continue }
                    let text = units[starts[chunk]..<starts[chunk + 1]]
                    let metrics = shaper.simpleChunkMetrics(
                        of: text, advances: UnsafeBufferPointer(rebasing: advances[lower..<upper]),
                        unsafe: UnsafeBufferPointer(rebasing: unsafe[lower..<upper]), rules: ChromiumRules.self)
                    remember(metrics, for: ChunkKey(borrowing: text))
                    found[chunk] = metrics
                }
            }
        }
    }

    /// Finds a chunk's break opportunities, measures it and caches it.
    private func shapeAndCache(_ chunk: UTF16Text) -> ChunkMetrics {
        let metrics = shaper.chunkMetrics(
            of: chunk, ends: ChromiumBreaks.find(in: chunk, language: shaper.selector.language), context: BlinkClusterFaces.isolatedContext,
            rules: ChromiumRules.self)
        remember(metrics, for: ChunkKey(borrowing: chunk))
        return metrics
    }
}
