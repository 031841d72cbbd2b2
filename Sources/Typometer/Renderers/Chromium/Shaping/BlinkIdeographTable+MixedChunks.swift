import CHarfBuzz

/// Chunks of CJK text with the primary face's simple characters among them
/// (`GTK的`, `%s个`, `“always-online”。`), measured by table lookup as
/// `TextMeasurer.blinkChunk` measures them: each character drawn by the
/// table's face or by the primary face, which has it; Blink's script runs
/// (``ScriptRuns``, then ``ScriptRuns/fillUnresolved(_:)``) and faces cut
/// the chunk into HarfBuzz runs, each shaped apart: the table's for its
/// characters, ``SimpleWordShaper/shapeRun(_:range:script:advances:unsafeBefore:)``
/// for the primary face's. Breaks are ``ChromiumBreaks``'; a segment that
/// kerning joins to a neighbour is reshaped alone as the shaped path
/// reshapes it (``SegmentShaper/joinExtras(_:range:width:rules:startsUnsafely:endsUnsafely:)``).
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
        // Blink's fallback run, over each character's own script.
        var run = start
        for index in 0..<contentEnd {
            let script = scripts[index]
            if script != HB_SCRIPT_COMMON {
                if run.script == 0 || run.script == script.rawValue {
                    run.script = script.rawValue
                } else {
                    run = BlinkFallbackRun(script: script.rawValue)
                }
            }
            if tableEntries[index] != 0, run.faces.isEmpty, !isDefaultFace {
                // Blink asks for this character's face, which the run then tries first.
                guard script != HB_SCRIPT_COMMON else { return nil }
                let choice = shaper.selector.choice(for: [scalars[index]], normalizing: true, emojiFromPrimary: true)
                guard choice.hint != nil, !choice.isMissing, choice.face === fallbackFace else { return nil }
                run.faces = [UInt16(face)]
            }
        }
        ScriptRuns.resolve(
            &scripts, firstScalars: scalars, preceding: start.script == 0 ? nil : hb_script_t(rawValue: start.script),
            bracket: PairedBrackets.bidi, extensions: true)
        ScriptRuns.fillUnresolved(&scripts)

        // Each HarfBuzz run: one face and one script.
        var advances = [Int64](filled: 0, count: count)
        var unsafeBefore = [Bool](filled: false, count: count)
        let shaped = advances.withUnsafeMutableBufferPointer { advances in
            unsafeBefore.withUnsafeMutableBufferPointer { unsafeBefore in
                var runStart = 0
                while runStart < count {
                    let inTable = tableEntries[runStart] != 0
                    let script = scripts[runStart]
                    var runEnd = runStart + 1
                    while runEnd < count, (tableEntries[runEnd] != 0) == inTable, scripts[runEnd] == script { runEnd += 1 }
                    if inTable {
                        guard BlinkIdeographTable.shapingScripts.contains(script),
                              shapeTableRun(runStart..<runEnd, entries: tableEntries, into: advances, unsafeBefore: unsafeBefore)
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
        guard shaped, !trimsPunctuation(of: chunk, entries: tableEntries) else { return nil }

        let ends = ChromiumBreaks.find(in: chunk, language: shaper.selector.language)
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
                (metrics.startExtra, metrics.endExtra) = shaper.joinExtras(
                    chunk, range: segmentStart..<end, width: metrics.width, rules: ChromiumRules.self,
                    startsUnsafely: startsUnsafely, endsUnsafely: endsUnsafely)
                metrics.startsJoined = startsUnsafely
            }
            segments.append(metrics, end: Int32(end))
            segmentStart = end
        }
        return segments.metrics(carry: BlinkClusterFaces.kept(run))
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
