import CHarfBuzz

/// Chunks of letters of a script the primary face lacks (Hebrew, Thai)
/// measured by table lookup under Chromium, bit for bit as the shaped path
/// (`TextMeasurer.blinkChunk`) measures them: a word of such letters with
/// at most one space after it, every letter a hole of Blink's fallback run
/// (``BlinkFallbackRun``) drawn in one fallback face with a glyph that no
/// lookup of HarfBuzz's plan for the script acts on but pair kerning
/// (``ContextFreeGlyphs``), the space in the primary face. Hebrew has no
/// break between two letters (UAX #14 LB28); Thai breaks where ICU's
/// dictionary finds words, and its letters carry marks, which no lookup
/// gives an advance or reaches past their cluster with
/// (``MarkNeutralLookups``), so a chunk is several segments, each the sum
/// of its letters. Single marks of ASCII punctuation the primary face draws
/// may stand before the first letter, between two or after the last
/// (`_שמור`, `מילה.`, `צה"ל`): in Hebrew where no break falls beside them.
/// Any other chunk is left to HarfBuzz.
///
/// Such a chunk is laid out as Blink lays it out: the run goes on at the
/// letters' bidi level and script, or starts afresh there; the letters take
/// the face the run tried first, or the one Blink asks for the first of
/// them; each glyph's advance plus the kerning of the pair it starts, in
/// logical order (HarfBuzz positions right-to-left text before reversing
/// it), each stretch of letters a HarfBuzz run of its own between
/// punctuation in the primary face; punctuation and a space after the
/// letters at their level when the next strong character has it, else at
/// the paragraph's, which ends the run.
///
/// One per face and script of a registry (``FaceRegistry/memo(_:slot:make:)``),
/// made on first use (well under a millisecond: a few dozen letters).
/// Immutable; safe from any thread.
final class BlinkLetterTable: Sendable {
    /// A script whose letters a table takes: each one glyph (or a mark
    /// and a letter, ``Script/splits``).
    struct Script: Sendable {
        let script: hb_script_t
        /// The letters, and the marks that may follow them.
        let letters: Range<UInt16>
        let rightToLeft: Bool
        /// The script's tag in `GPOS`: HarfBuzz applies `GPOS` to the
        /// script's text only when the table has it (its Hebrew shaper's
        /// `gpos_tag`), or for any script when `nil`.
        let positioningTag: UInt32?
        /// Whether break opportunities fall between letters; else none may.
        let breaksInside: Bool
        /// A letter HarfBuzz's shaper for the script draws as a mark and a
        /// letter of the same cluster: the table measures it as that letter
        /// when it takes both.
        let splits: (letter: UInt16, mark: UInt16, into: UInt16)?
    }

    /// The scripts with tables: Hebrew's 27 letters, the Yiddish
    /// ligatures, geresh and gershayim (U+05D0–U+05F4); Thai's letters,
    /// vowels, digits and marks (U+0E01–U+0E5B), SARA AM drawn as NIKHAHIT
    /// and SARA AA (HarfBuzz's Thai shaper, `preprocess_text_thai`).
    static let scripts = [
        Script(script: HB_SCRIPT_HEBREW, letters: 0x05D0..<0x05F5, rightToLeft: true, positioningTag: UInt32(tag: "hebr"),
               breaksInside: false, splits: nil),
        Script(script: HB_SCRIPT_THAI, letters: 0x0E01..<0x0E5C, rightToLeft: false, positioningTag: nil,
               breaksInside: true, splits: (0x0E33, 0x0E4D, 0x0E32)),
    ]

    /// The punctuation the primary face may draw among the letters: no
    /// script of its own, no mirrored form, no paired bracket.
    private static let punctuationCandidates: [UInt16] = [0x21, 0x22, 0x27, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5F, 0x2026]

    /// A mark of punctuation the primary face draws among the letters, its
    /// own HarfBuzz run (a space after it joins that run).
    private struct Punctuation: Sendable {
        let unit: UInt16
        /// Its advance alone, and followed by a space (the space's own
        /// after it), in points, the same in either direction.
        let alone: Double
        let beforeSpace: Double
        let spaceAfter: Double
        /// Whether it may stand between two letters: where breaks fall
        /// between letters, or no break falls after it (none falls before
        /// any of them).
        let inside: Bool
    }

    /// The face's registry index and bit, and the primary face's bit.
    let face: Int
    let faceBit: UInt64
    let primaryBit: UInt64
    let script: Script
    /// Per letter (from `script.letters`' start): the glyph's advance in
    /// HarfBuzz's units (low 32 bits), its kerning classes on the left
    /// (bits 32–39) and on the right (40–47) of a pair and ``taken``, with
    /// ``mark`` for a mark (no advance) and ``joins`` for a letter that
    /// goes on the cluster before it (``Script/splits``); 0 for a letter
    /// the table does not take.
    private let entries: [UInt64]
    /// The face's kerning by pair of kerning classes, with
    /// ``PairCells/forbidden`` (left to HarfBuzz).
    private let pairs: ScaledPairKerning
    private let unitsPerPoint: Double
    /// The space after the letters: the primary face's, in their script,
    /// the same in either direction; `nil` when the directions differ.
    private let spaceAdvance: Double?
    private let punctuation: [Punctuation]

    private static let taken: UInt64 = 1 << 63
    private static let mark: UInt64 = 1 << 62
    private static let joins: UInt64 = 1 << 61
    private static let guarded: UInt64 = 1 << 60
    /// Per ``guarded`` letter (from `script.letters`' start): the marks
    /// (bits by the same offsets) its cluster may not hold, where the face
    /// would swap it for a glyph of another advance
    /// (``ContextFreeGlyphs/barredMarks``); empty when no letter has any.
    private let barredMarks: [UInt128]
    private static let leftClassShift: UInt64 = 32
    private static let rightClassShift: UInt64 = 40
    /// The most kerning classes on each side (8 bits each in an entry).
    private static let classLimit = 256

    /// The table of registry face `index` for `script`'s letters, for the
    /// measurer of `shaper`.
    init(face index: Int, script: Script, shaper: SegmentShaper) {
        let registry = shaper.registry
        let font = registry.font(at: index)
        let selector = shaper.selector
        let primary = registry.primary.face
        face = index
        faceBit = FaceRegistry.bit(for: index)
        primaryBit = FaceRegistry.bit(for: 0)
        self.script = script
        unitsPerPoint = font.unitsPerPoint
        // Chromium shapes every run in the content language (`ChromiumRules.language`).
        let language = selector.language.map(\.harfBuzz) ?? BlinkClusterFaces.contentLanguage

        // The letters the face draws with a base glyph of its own, each a
        // hole of the fallback run: the primary face and the page's default
        // font lack it, and nothing joins it to a neighbour.
        var glyphs = [Int](repeating: -1, count: script.letters.count)
        let positioning = OpenTypeTable(of: font.face.hbFace, tag: UInt32(tag: "GPOS"))
        let positions = positioning.isEmpty || script.positioningTag.map { tag in
            var tags = [tag]
            var scriptIndex: UInt32 = 0
            var chosen: hb_tag_t = 0
            return hb_ot_layout_table_select_script(
                font.face.hbFace, UInt32(tag: "GPOS"), 1, &tags, &scriptIndex, &chosen) != 0 && chosen == tag
        } ?? true
        var isMark = [Bool](repeating: false, count: script.letters.count)
        for unit in script.letters where positions && unit != script.splits?.letter {
            let scalar = UInt32(unit)
            var glyph: hb_codepoint_t = 0
            let properties = ScalarProperties(scalar)
            // Marks (a script with them): any the shaper gives no advance.
            let mark = script.breaksInside && properties.isMark
            guard ScalarProperties.script(of: scalar) == script.script, properties.isBidiStrong || mark,
                  !(properties.isMark && !mark || properties.isDefaultIgnorable || properties.isControl
                    || properties.isSpaceSeparator || properties.isEmoji),
                  hb_font_get_nominal_glyph(font.face.metricsFont, scalar, &glyph) != 0,
                  !primary.covers(scalar), selector.defaultFace?.covers(scalar) != true,
                  !(selector.mayNormalize(scalar) && selector.primaryCoversNormalized([scalar])),
                  script.breaksInside
                  || BlinkLetterTable.neverBreaks(beside: unit, first: script.letters.lowerBound, language: selector.language)
            else { continue }
            let glyphClass = hb_ot_layout_get_glyph_class(font.face.hbFace, glyph)
            guard mark ? glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_MARK
                : glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED || glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH
            else { continue }
            glyphs[Int(unit - script.letters.lowerBound)] = Int(glyph)
            isMark[Int(unit - script.letters.lowerBound)] = mark
        }
        let analysis = ContextFreeGlyphs.find(
            in: font.face, glyphs: glyphs.indices.filter { glyphs[$0] >= 0 && !isMark[$0] }.map { glyphs[$0] },
            marks: glyphs.indices.filter { glyphs[$0] >= 0 && isMark[$0] }.map { glyphs[$0] }, scripts: [script.script],
            language: language, classLimit: BlinkLetterTable.classLimit, rightToLeft: script.rightToLeft)
        let kerning = analysis?.kerning
        pairs = ScaledPairKerning(kerning, font: font, keeping: PairCells.forbidden | PairCells.unsafe)
        var entries = [UInt64](repeating: 0, count: script.letters.count)
        for (offset, glyph) in glyphs.enumerated() where glyph >= 0 && analysis?.contains(glyph) == true {
            if isMark[offset] {
                entries[offset] = BlinkLetterTable.taken | BlinkLetterTable.mark
                continue
            }
            var entry = UInt64(UInt32(bitPattern: hb_font_get_glyph_h_advance(font.hbFont, hb_codepoint_t(glyph))))
                | BlinkLetterTable.taken
            if let classes = kerning?.classes(of: glyph) {
                entry |= UInt64(classes.left) << BlinkLetterTable.leftClassShift
                    | UInt64(classes.right) << BlinkLetterTable.rightClassShift
            }
            entries[offset] = entry
        }
        var barredMarks: [UInt128] = []
        for (offset, glyph) in glyphs.enumerated() where entries[offset] & BlinkLetterTable.taken != 0 && !isMark[offset] {
            guard let barred = analysis?.barredMarks[glyph] else { continue }
            if barredMarks.isEmpty { barredMarks = [UInt128](repeating: 0, count: script.letters.count) }
            for (markOffset, mark) in glyphs.enumerated() where isMark[markOffset] && barred.contains(mark) {
                barredMarks[offset] |= 1 << UInt128(markOffset)
            }
            entries[offset] |= BlinkLetterTable.guarded
        }
        self.barredMarks = barredMarks
        if let splits = script.splits {
            // Drawn as its mark and letter when the table takes both.
            let start = script.letters.lowerBound
            let (mark, letter) = (entries[Int(splits.mark - start)], entries[Int(splits.into - start)])
            if mark & BlinkLetterTable.mark != 0, letter & BlinkLetterTable.taken != 0,
               font.face.covers(UInt32(splits.letter)), !primary.covers(UInt32(splits.letter)),
               selector.defaultFace?.covers(UInt32(splits.letter)) != true {
                entries[Int(splits.letter - start)] = letter | BlinkLetterTable.joins
            }
        }
        self.entries = entries

        // Text in the primary face, in the letters' script, shaped in
        // either direction: its advances when both agree.
        func primaryAdvances(_ text: [UInt16]) -> [Double]? {
            let shaped = [false, true].map { rightToLeft in
                text.withUTF16Text { units in
                    shaper.shapeMarkingJoins(
                        units, range: 0..<units.count, font: registry.primary, script: script.script,
                        rightToLeft: rightToLeft, language: language
                    ).advances
                }
            }
            return shaped[0] == shaped[1] ? shaped[0] : nil
        }
        spaceAdvance = primaryAdvances([0x20])?[0]
        let letter = script.letters.lowerBound
        punctuation = BlinkLetterTable.punctuationCandidates.compactMap { unit in
            let scalar = UInt32(unit)
            let own = ScalarProperties.script(of: scalar)
            guard primary.covers(scalar), own == HB_SCRIPT_COMMON, PairedBrackets.index(of: scalar) == nil,
                  let alone = primaryAdvances([unit]), let spaced = primaryAdvances([unit, 0x20])
            else { return nil }
            let breaksBefore = [letter, unit].withUTF16Text { ChromiumBreaks.find(in: $0, language: selector.language) } != [2]
            let breaksAfter = [unit, letter].withUTF16Text { ChromiumBreaks.find(in: $0, language: selector.language) } != [2]
            guard script.breaksInside || !breaksBefore else { return nil }
            return Punctuation(
                unit: unit, alone: alone[0], beforeSpace: spaced[0], spaceAfter: spaced[1],
                inside: script.breaksInside || !breaksAfter)
        }
    }

    /// Whether Chromium finds no break opportunity between `unit` and the
    /// script's first letter, on either side of it.
    private static func neverBreaks(beside unit: UInt16, first: UInt16, language: TextLanguage?) -> Bool {
        [[unit, first], [first, unit]].allSatisfy { pair in
            pair.withUTF16Text { ChromiumBreaks.find(in: $0, language: language) } == [2]
        }
    }

    /// Whether `chunk` starts with a letter of a script with breaks between
    /// letters (Thai): ICU's dictionary finds them, so a chunk a table takes
    /// is worth caching. The level after such letters never matters.
    static func findsBreaks(in chunk: UTF16Text) -> Bool {
        let letter = firstLetter(of: chunk)
        return letter < chunk.count && scripts.contains { $0.breaksInside && $0.letters.contains(chunk[letter]) }
    }

    /// Where the letters of `chunk` start: after a single mark of
    /// punctuation that comes first (`_שמור`, a mnemonic), else at 0.
    private static func firstLetter(of chunk: UTF16Text) -> Int {
        chunk.count > 1 && punctuationCandidates.contains(chunk[0]) ? 1 : 0
    }

    /// The metrics of `chunk` (text up to and including its trailing
    /// spaces) going on with Blink's fallback `run`, as `blinkChunk`
    /// measures them, when a table takes it; `nil` otherwise.
    /// `followingLevel` gives the bidi level of the first strong character
    /// after the chunk, asked for only when a space or punctuation ends it.
    /// `lastTable` keeps the table used last, for the next chunk.
    static func chunkMetrics(
        of chunk: UTF16Text, run: BlinkFallbackRun, followingLevel: () -> UInt8, shaper: SegmentShaper,
        lastTable: inout BlinkLetterTable?
    ) -> ChunkMetrics? {
        guard let (table, run) = table(for: chunk, run: run, shaper: shaper, lastTable: &lastTable) else { return nil }
        guard table.script.breaksInside else {
            var none = NoBreaks()
            guard let (segment, runAfter) = table.layOut(chunk, run: run, followingLevel: followingLevel, breaks: &none)
            else { return nil }
            var builder = ChunkMetrics.Builder(capacity: 0)
            builder.append(segment, end: Int32(chunk.count))
            return builder.metrics(carry: BlinkClusterFaces.kept(runAfter))
        }
        var breaks = ChunkBreaks(ends: ChromiumBreaks.find(in: chunk, language: shaper.selector.language))
        guard let (last, runAfter) = table.layOut(chunk, run: run, followingLevel: followingLevel, breaks: &breaks)
        else { return nil }
        return ChunkMetrics(ends: breaks.ends, segments: breaks.segments + [last], carry: BlinkClusterFaces.kept(runAfter))
    }

    /// ``chunkMetrics(of:run:followingLevel:shaper:lastTable:)`` as the one
    /// segment a chunk of a script without breaks between letters (Hebrew)
    /// is, with the run it leaves.
    ///
    /// - Complexity: O(n) table lookups; a Fontconfig choice (cached) where
    ///   the fallback run starts.
    static func segment(
        of chunk: UTF16Text, run: BlinkFallbackRun, followingLevel: () -> UInt8, shaper: SegmentShaper,
        lastTable: inout BlinkLetterTable?
    ) -> (SegmentMetrics, runAfter: BlinkFallbackRun)? {
        guard let (table, run) = table(for: chunk, run: run, shaper: shaper, lastTable: &lastTable),
              !table.script.breaksInside
        else { return nil }
        var none = NoBreaks()
        return table.layOut(chunk, run: run, followingLevel: followingLevel, breaks: &none)
    }

    /// The table for the letters `chunk` starts with, when one may take
    /// it, and the fallback run its letters go on with (Blink's run
    /// segmenter starts one where the bidi level or the script changes).
    private static func table(
        for chunk: UTF16Text, run start: BlinkFallbackRun, shaper: SegmentShaper, lastTable: inout BlinkLetterTable?
    ) -> (BlinkLetterTable, BlinkFallbackRun)? {
        let letter = firstLetter(of: chunk)
        guard letter < chunk.count, !shaper.altersPlainWords,
              let scriptIndex = scripts.firstIndex(where: { $0.letters.contains(chunk[letter]) })
        else { return nil }
        let script = scripts[scriptIndex]
        let level: UInt8 = script.rightToLeft ? 1 : 0
        var run = start.level == level ? start : BlinkFallbackRun(level: level)
        run.continue(first: script.script.rawValue, last: script.script.rawValue)
        guard !run.outOfLuck else { return nil }
        let face: Int
        if let tried = run.faces.first {
            // The first face the run tried: the table takes only letters it has.
            face = Int(tried)
        } else {
            let choice = shaper.selector.choice(for: [UInt32(chunk[letter])], normalizing: true, emojiFromPrimary: true, fallback: ChromiumCharacterFallback())
            guard choice.hint != nil, !choice.isMissing else { return nil }
            face = shaper.registry.index(of: choice.face)
            guard let tried = UInt16(exactly: face) else { return nil }
            run.faces = [tried]
        }
        let table: BlinkLetterTable
        if let last = lastTable, last.face == face, last.script.script == script.script {
            table = last
        } else {
            table = shaper.registry.memo(BlinkLetterTable.self, slot: face * scripts.count + scriptIndex) {
                BlinkLetterTable(face: face, script: script, shaper: shaper)
            }
            lastTable = table
        }
        guard table.entries[Int(chunk[letter] &- script.letters.lowerBound)] & (taken | mark | joins) == taken
        else { return nil }
        return (table, run)
    }

    /// Where a chunk breaks between letters, and the segments found before
    /// its last.
    private protocol Breaks {
        /// The last break before the chunk's end.
        var last: Int? { get }
        /// Whether a break falls before `index` (each asked for in order).
        func breaks(before index: Int) -> Bool
        /// Takes the segment that ends at the break found last.
        mutating func close(_ segment: SegmentMetrics)
        /// Whether every break was found.
        var isDone: Bool { get }
    }

    /// A chunk of a script with no breaks between letters: one segment.
    private struct NoBreaks: Breaks {
        var last: Int? { nil }
        func breaks(before index: Int) -> Bool { false }
        mutating func close(_ segment: SegmentMetrics) {}
        var isDone: Bool { true }
    }

    /// A chunk's break opportunities (`ends`, the chunk's end last).
    private struct ChunkBreaks: Breaks {
        let ends: [Int32]
        var segments: [SegmentMetrics] = []
        var last: Int? { ends.count > 1 ? Int(ends[ends.count - 2]) : nil }
        func breaks(before index: Int) -> Bool { segments.count < ends.count - 1 && Int(ends[segments.count]) == index }
        mutating func close(_ segment: SegmentMetrics) { segments.append(segment) }
        var isDone: Bool { segments.count == ends.count - 1 }
    }

    /// The last segment of `chunk`, whose letters go on with `run` (their
    /// level and script, this table's face tried first), and the run after
    /// it; the segments before it in `breaks`.
    private func layOut<LetterBreaks: Breaks>(
        _ chunk: UTF16Text, run: BlinkFallbackRun, followingLevel: () -> UInt8, breaks: inout LetterBreaks
    ) -> (SegmentMetrics, runAfter: BlinkFallbackRun)? {
        let contentEnd = TextScanning.contentEnd(of: chunk)
        let spaces = chunk.count - contentEnd
        guard contentEnd > 0, spaces <= 1, breaks.last.map({ $0 < contentEnd }) ?? true else { return nil }
        let first = script.letters.lowerBound
        let count = UInt16(script.letters.count)
        // The width of the segment up to the cluster at hand; that
        // cluster's width so far (its glyphs' advances summed before the
        // line's, as the shaped path sums clusters); the entry of its last
        // letter, whose kerning with the next one is added when the next
        // one comes (0 after punctuation).
        var width = 0.0
        var cluster = 0.0
        var previous: UInt64 = 0
        // The marks the cluster at hand may not hold.
        var barred: UInt128 = 0
        var trailing = spaces == 0 ? 0 : spaceAdvance
        var faceMask = faceBit
        // Ends the segment at a break before the cluster at hand.
        func closeSegment() {
            breaks.close(SegmentMetrics(width: width, trailingWidth: 0, hyphenWidth: 0, faceMask: faceMask, hasTab: false))
            width = 0
            faceMask = faceBit
        }
        for index in 0..<contentEnd {
            let boundary = breaks.breaks(before: index)
            let offset = chunk[index] &- first
            guard offset < count else {
                // Punctuation first or after a letter, its own HarfBuzz run
                // (first: at the level of the run before when the letters
                // have it, else at the paragraph's, which the letters leave).
                guard previous != 0 || index == 0, let mark = punctuation.first(where: { $0.unit == chunk[index] })
                else { return nil }
                width += cluster + Double(Int32(truncatingIfNeeded: previous)) / unitsPerPoint
                cluster = 0
                previous = 0
                barred = 0
                if boundary { closeSegment() }
                faceMask |= primaryBit
                if index + 1 < contentEnd {
                    guard mark.inside else { return nil }
                    width += mark.alone
                } else {
                    width += spaces == 0 ? mark.alone : mark.beforeSpace
                    if spaces > 0 { trailing = mark.spaceAfter }
                }
                continue
            }
            let entry = entries[Int(offset)]
            guard entry & BlinkLetterTable.taken != 0 else { return nil }
            if entry & (BlinkLetterTable.mark | BlinkLetterTable.joins) != 0 {
                // A mark, or a letter going on the cluster before with its
                // own mark: after a letter of the same run, never at a
                // break, never one the cluster's letter bars.
                guard previous != 0, !boundary else { return nil }
                if barred != 0 {
                    let markOffset = entry & BlinkLetterTable.mark != 0 ? offset : script.splits!.mark &- first
                    guard barred >> UInt128(markOffset) & 1 == 0 else { return nil }
                }
                if entry & BlinkLetterTable.mark != 0 { continue }
            }
            if previous != 0 {
                let pair = pairs.cell(
                    left: Int(previous >> BlinkLetterTable.leftClassShift & 0xFF),
                    right: Int(entry >> BlinkLetterTable.rightClassShift & 0xFF))
                // Kerning across a break would make the line's end reshaped.
                guard pair & PairCells.forbidden == 0, !boundary || pair & PairCells.unsafe == 0 else { return nil }
                cluster += Double(Int32(truncatingIfNeeded: previous) &+ Int32(truncatingIfNeeded: pair)) / unitsPerPoint
            }
            if entry & BlinkLetterTable.joins == 0 {
                width += cluster
                cluster = 0
                barred = entry & BlinkLetterTable.guarded != 0 ? barredMarks[Int(offset)] : 0
            }
            if boundary { closeSegment() }
            previous = entry
        }
        guard let trailing, breaks.isDone else { return nil }
        if previous != 0 { width += cluster + Double(Int32(truncatingIfNeeded: previous)) / unitsPerPoint }
        let segment = SegmentMetrics(
            width: width, trailingWidth: trailing, hyphenWidth: 0, faceMask: faceMask | (spaces == 0 ? 0 : primaryBit),
            hasTab: false)
        // Punctuation or a space after the letters takes their level when
        // the next strong character has it, else the paragraph's, where a
        // new run starts.
        var after = run
        if previous == 0 || spaces > 0, after.level != 0, followingLevel() != after.level { after = BlinkFallbackRun() }
        return (segment, after)
    }
}
