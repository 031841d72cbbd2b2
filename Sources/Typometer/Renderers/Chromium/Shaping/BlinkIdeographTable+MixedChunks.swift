import CHarfBuzz

/// Chunks of CJK text with the primary face's simple characters among them
/// (`GTK的`, `%s个`, `“always-online”。`), measured by table lookup as
/// `TextMeasurer.blinkChunk` measures them: each character drawn by the
/// table's face or by the primary face, which has it; Blink's script runs
/// (``ScriptRuns``, then ``ScriptRuns/fillUnresolved(_:)``) and faces cut
/// the chunk into HarfBuzz runs, each shaped apart: the table's for its
/// characters, ``SimpleWordShaper/shapeRun(_:range:script:advances:unsafeBefore:)``
/// for the primary face's. Breaks are ``ChromiumBreaks``'; a segment that
/// kerning joins to a neighbour is measured alone by the same runs, as
/// ``SegmentShaper/joinExtras(_:range:width:rules:startsUnsafely:endsUnsafely:)``
/// reshapes it.
extension BlinkIdeographTable {
    /// The metrics of `chunk` (its content ends at `contentEnd`, followed by
    /// at most one space) going on with Blink's fallback run `start`, when
    /// every character is taken by this table or simple in the primary
    /// face's model for its run; `nil` otherwise.
    func mixedMetrics(
        of chunk: UTF16Text, contentEnd: Int, run start: BlinkFallbackRun, shaper: SegmentShaper,
        simpleWords: SimpleWordShaper
    ) -> ChunkMetrics? {
        let count = chunk.count
        guard !primaryRunScripts.isEmpty, count <= SimpleWordShaper.longestChunk else { return nil }
        // Each character's entry in this table (0 for the primary face's)
        // and its own script, Common for none.
        var tableEntries = [UInt64](filled: 0, count: count)
        var scripts = [hb_script_t](filled: HB_SCRIPT_COMMON, count: count)
        var scalars = [UInt32](filled: 0, count: count)
        for index in 0..<count {
            let unit = chunk[index]
            scalars[index] = UInt32(unit)
            if let slot = BlinkIdeographTable.slot(of: unit), entries[slot] & BlinkIdeographTable.taken != 0 {
                tableEntries[index] = entries[slot]
                scripts[index] = BlinkIdeographTable.scripts[Int(entries[slot] >> BlinkIdeographTable.scriptShift & 7)]
            } else {
                // The primary face's models hold only these units, none of
                // them right to left, a mark or a surrogate.
                guard unit < 0x2070 else { return nil }
                let own = ScalarProperties.script(of: UInt32(unit))
                if own != HB_SCRIPT_INHERITED, own != HB_SCRIPT_UNKNOWN { scripts[index] = own }
            }
        }
        guard !trimsPunctuation(of: chunk, entries: tableEntries),
              let run = fallbackRun(
                over: 0..<contentEnd, from: start, scripts: scripts, scalars: scalars, entries: tableEntries, shaper: shaper)
        else { return nil }
        let ownScripts = scripts
        ScriptRuns.resolve(
            &scripts, firstScalars: scalars, preceding: start.script == 0 ? nil : hb_script_t(rawValue: start.script),
            bracket: PairedBrackets.bidi, extensions: true)
        ScriptRuns.fillUnresolved(&scripts)
        var advances = [Int64](filled: 0, count: count)
        var unsafeBefore = [Bool](filled: false, count: count)
        guard shapeRuns(
            of: chunk, range: 0..<count, scripts: scripts, entries: tableEntries, simpleWords: simpleWords,
            advances: &advances, unsafeBefore: &unsafeBefore)
        else { return nil }

        let ends = endsBeforeClosingPunctuation(of: chunk, contentEnd: contentEnd, entries: tableEntries)
            ?? ChromiumBreaks.find(in: chunk, language: shaper.selector.language)
        var segments = ChunkMetrics.Builder(capacity: ends.count - 1)
        var segmentStart = 0
        for (index, end) in ends.lazy.map(Int.init).enumerated() {
            var width: Int64 = 0
            var trailing: Int64 = 0
            var faceMask: UInt64 = 0
            for unit in segmentStart..<end {
                if unit < contentEnd { width += advances[unit] } else { trailing += advances[unit] }
                faceMask |= tableEntries[unit] != 0 ? faceBit : primaryBit
            }
            var metrics = SegmentMetrics(
                width: Double(width) / unitsPerPoint, trailingWidth: Double(trailing) / unitsPerPoint, hyphenWidth: 0,
                faceMask: faceMask, hasTab: false)
            if trailing == 0, tableEntries[end - 1] != 0, ChromiumBreaks.isClosingBracket(chunk[end - 1]) {
                metrics.endTrim = lineEndTrims[chunk[end - 1]] ?? 0
            }
            // Where kerning joins two segments, a line broken between them is
            // reshaped at both ends, as `SegmentShaper.chunkMetrics(from:)` has it.
            let endsUnsafely = index + 1 < ends.count && unsafeBefore[end]
            let startsUnsafely = index > 0 && unsafeBefore[segmentStart]
            if endsUnsafely || startsUnsafely {
                // No punctuation is trimmed, so both edges get what the
                // segment shaped alone adds (`SegmentShaper.joinExtras`).
                guard let alone = aloneWidth(
                    of: chunk, range: segmentStart..<end, contentEnd: contentEnd, ownScripts: ownScripts, scalars: scalars,
                    entries: tableEntries, shaper: shaper, simpleWords: simpleWords)
                else { return nil }
                let extra = max(0, alone - metrics.width)
                (metrics.startExtra, metrics.endExtra) = (startsUnsafely ? extra : 0, endsUnsafely ? extra : 0)
                metrics.startsJoined = startsUnsafely
            }
            segments.append(metrics, end: Int32(end))
            segmentStart = end
        }
        return segments.metrics(carry: BlinkClusterFaces.kept(run))
    }

    /// The break opportunities of a chunk of this table's characters that
    /// ends in ASCII closing punctuation (`단어.`, `中文)`), without asking
    /// ICU: between the table's characters by their break bits (as the table
    /// breaks a chunk of its own), none before the punctuation (UAX #14
    /// LB13, `× CL CP EX IS`, which Chromium keeps) and between its
    /// characters as Chromium's ASCII pairs have it; `nil` for any other
    /// chunk.
    private func endsBeforeClosingPunctuation(of chunk: UTF16Text, contentEnd: Int, entries: [UInt64]) -> [Int32]? {
        var punctuation = contentEnd
        while punctuation > 0, entries[punctuation - 1] == 0 { punctuation -= 1 }
        guard punctuation > 0, punctuation < contentEnd, !entries[0..<punctuation].contains(0) else { return nil }
        for index in punctuation..<contentEnd {
            switch chunk[index] {
            case UInt16(ascii: "."), UInt16(ascii: ","), UInt16(ascii: ")"), UInt16(ascii: "!"), UInt16(ascii: "?"),
                 UInt16(ascii: ":"), UInt16(ascii: ";"):
                if index > punctuation, ChromiumAsciiBreaks.allowsBreak(after: chunk[index - 1], before: chunk[index]) {
                    return nil
                }
            default:
                return nil
            }
        }
        var ends: [Int32] = []
        for index in 1..<punctuation
        where entries[index - 1] & BlinkIdeographTable.breaksAfter != 0 && entries[index] & BlinkIdeographTable.breaksBefore != 0 {
            ends.append(Int32(index))
        }
        ends.append(Int32(chunk.count))
        return ends
    }

    /// Blink's fallback run after `range` of a chunk going on with `start`,
    /// over each character's own script (`scripts`), when this table's face
    /// draws every character of the table (`entries` not 0): the page's
    /// default font, or the face Blink asks for where a run starts; `nil`
    /// otherwise.
    private func fallbackRun(
        over range: Range<Int>, from start: BlinkFallbackRun, scripts: [hb_script_t], scalars: [UInt32],
        entries: [UInt64], shaper: SegmentShaper
    ) -> BlinkFallbackRun? {
        var run = start
        for index in range {
            let script = scripts[index]
            if script != HB_SCRIPT_COMMON {
                if run.script == 0 || run.script == script.rawValue {
                    run.script = script.rawValue
                } else {
                    run = BlinkFallbackRun(script: script.rawValue)
                }
            }
            if entries[index] != 0, run.faces.isEmpty, !isDefaultFace {
                // Blink asks for this character's face, which the run then tries first.
                guard script != HB_SCRIPT_COMMON else { return nil }
                let choice = shaper.selector.choice(for: [scalars[index]], normalizing: true, emojiFromPrimary: true, fallback: ChromiumCharacterFallback())
                guard choice.hint != nil, !choice.isMissing, choice.face === fallbackFace else { return nil }
                run.faces = [UInt16(face)]
            }
        }
        return run
    }

    /// Shapes `range` of `chunk` one HarfBuzz run (one face, one script)
    /// at a time into `advances` (HarfBuzz's units, each with the kerning of
    /// the pair it starts) and `unsafeBefore`, indexed like `chunk`;
    /// `scripts` are the resolved scripts of the range. `false` when a run
    /// is not taken by this table or the primary face's model.
    private func shapeRuns(
        of chunk: UTF16Text, range: Range<Int>, scripts: [hb_script_t], entries: [UInt64],
        simpleWords: SimpleWordShaper, advances: inout [Int64], unsafeBefore: inout [Bool]
    ) -> Bool {
        advances.withUnsafeMutableBufferPointer { advances in
            unsafeBefore.withUnsafeMutableBufferPointer { unsafeBefore in
                var runStart = range.lowerBound
                while runStart < range.upperBound {
                    let inTable = entries[runStart] != 0
                    let script = scripts[runStart - range.lowerBound]
                    var runEnd = runStart + 1
                    while runEnd < range.upperBound, (entries[runEnd] != 0) == inTable,
                          scripts[runEnd - range.lowerBound] == script {
                        runEnd += 1
                    }
                    if inTable {
                        guard BlinkIdeographTable.shapingScripts.contains(script),
                              shapeTableRun(runStart..<runEnd, entries: entries, into: advances, unsafeBefore: unsafeBefore)
                        else { return false }
                    } else {
                        guard primaryRunScripts.contains(script.rawValue),
                              simpleWords.shapeRun(
                                chunk, range: runStart..<runEnd, script: script, advances: advances,
                                unsafeBefore: unsafeBefore)
                        else { return false }
                    }
                    runStart = runEnd
                }
                return true
            }
        }
    }

    /// The width of the content of segment `range` of `chunk` shaped alone,
    /// as `SegmentShaper.joinExtras` reshapes it: a fresh fallback run and
    /// script runs of its own; `nil` when the table or the primary face's
    /// model does not take it so.
    private func aloneWidth(
        of chunk: UTF16Text, range: Range<Int>, contentEnd: Int, ownScripts: [hb_script_t], scalars: [UInt32],
        entries: [UInt64], shaper: SegmentShaper, simpleWords: SimpleWordShaper
    ) -> Double? {
        guard fallbackRun(
            over: range.lowerBound..<min(range.upperBound, contentEnd), from: BlinkFallbackRun(), scripts: ownScripts,
            scalars: scalars, entries: entries, shaper: shaper) != nil
        else { return nil }
        var scripts = Array(ownScripts[range])
        ScriptRuns.resolve(
            &scripts, firstScalars: Array(scalars[range]), preceding: nil, bracket: PairedBrackets.bidi, extensions: true)
        ScriptRuns.fillUnresolved(&scripts)
        var advances = [Int64](filled: 0, count: chunk.count)
        var unsafeBefore = [Bool](filled: false, count: chunk.count)
        guard shapeRuns(
            of: chunk, range: range, scripts: scripts, entries: entries, simpleWords: simpleWords,
            advances: &advances, unsafeBefore: &unsafeBefore)
        else { return nil }
        let width = advances[range.lowerBound..<min(range.upperBound, contentEnd)].reduce(0, +)
        return Double(width) / unitsPerPoint
    }

    /// Shapes `range`, characters of this table in one script run, by
    /// table lookup: each advance with the kerning of the pair it starts;
    /// `false` for a pair the table leaves to HarfBuzz.
    private func shapeTableRun(
        _ range: Range<Int>, entries: [UInt64], into advances: UnsafeMutableBufferPointer<Int64>,
        unsafeBefore: UnsafeMutableBufferPointer<Bool>
    ) -> Bool {
        for index in range {
            let entry = entries[index]
            advances[index] = Int64(Int32(truncatingIfNeeded: entry))
            guard index > range.lowerBound else { continue }
            let pair = pair(entries[index - 1], entry)
            guard pair & PairCells.forbidden == 0 else { return false }
            advances[index - 1] += Int64(Int32(truncatingIfNeeded: pair))
            unsafeBefore[index] = pair & PairCells.unsafe != 0
        }
        return true
    }

    /// Whether `text-spacing-trim` trims a character of this table in
    /// `chunk`, as ``HanKerning/features(for:range:limit:face:)`` finds
    /// them for its runs: a closing mark before a closing mark or a middle
    /// dot, an opening bracket after an opening bracket, a middle dot or a
    /// closing mark, the neighbour's kind read in this face whatever face
    /// draws it. (The primary face trims nothing: see ``primaryRunScripts``.)
    private func trimsPunctuation(of chunk: UTF16Text, entries: [UInt64]) -> Bool {
        let count = chunk.count
        for index in 0..<count where entries[index] & BlinkIdeographTable.trims != 0 {
            switch HanKerning.type(of: chunk[index], in: hanKerning) {
            case .close:
                guard index + 1 < count else { continue }
                let next = HanKerning.type(of: chunk[index + 1], in: hanKerning)
                if next == .close || next == .middle || next == .closeNarrow { return true }
            case .open:
                guard index > 0 else { continue }
                let previous = HanKerning.type(of: chunk[index - 1], in: hanKerning)
                if previous == .open || previous == .middle || previous == .close || previous == .openNarrow { return true }
            default:
                continue
            }
        }
        return false
    }
}
