import CHarfBuzz

/// Chunks of letters of a script the primary face lacks (Hebrew) measured
/// by table lookup under Chromium, bit for bit as the shaped path
/// (`TextMeasurer.blinkChunk`) measures them: a word of such letters with
/// at most one space after it, every letter a hole of Blink's fallback run
/// (``BlinkFallbackRun``) drawn in one fallback face with a glyph that no
/// lookup of HarfBuzz's plan for the script acts on but pair kerning
/// (``ContextFreeGlyphs``), no break between two letters (UAX #14 LB28),
/// the space in the primary face. Single marks of ASCII punctuation the
/// primary face draws may stand between two letters or after the last
/// (`מילה.`, `צה"ל`) where no break falls beside them. Any other chunk is
/// left to HarfBuzz.
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
    /// A script whose letters a table takes: each one glyph, no break
    /// opportunity between two of them.
    struct Script: Sendable {
        let script: hb_script_t
        let letters: Range<UInt16>
        let rightToLeft: Bool
        /// The script's tag in `GPOS`: HarfBuzz applies `GPOS` to the
        /// script's text only when the table has it (its Hebrew shaper's
        /// `gpos_tag`), or for any script when `nil`.
        let positioningTag: UInt32?
    }

    /// The scripts with tables: Hebrew's 27 letters, the Yiddish
    /// ligatures, geresh and gershayim (U+05D0–U+05F4).
    static let scripts = [
        Script(script: HB_SCRIPT_HEBREW, letters: 0x05D0..<0x05F5, rightToLeft: true, positioningTag: UInt32(tag: "hebr")),
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
        /// Whether it may stand between two letters: no break after it
        /// (none falls before any of them).
        let inside: Bool
    }

    /// The face's registry index and bit, and the primary face's bit.
    let face: Int
    let faceBit: UInt64
    let primaryBit: UInt64
    let script: Script
    /// Per letter (from `script.letters`' start): the glyph's advance in
    /// HarfBuzz's units (low 32 bits), its kerning classes on the left
    /// (bits 32–39) and on the right (40–47) of a pair and ``taken``; 0
    /// for a letter the table does not take.
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
        for unit in script.letters where positions {
            let scalar = UInt32(unit)
            var glyph: hb_codepoint_t = 0
            let properties = ScalarProperties(scalar)
            guard ScalarProperties.script(of: scalar) == script.script, properties.isBidiStrong,
                  !(properties.isMark || properties.isDefaultIgnorable || properties.isControl
                    || properties.isSpaceSeparator || properties.isEmoji),
                  hb_font_get_nominal_glyph(font.face.metricsFont, scalar, &glyph) != 0,
                  !primary.covers(scalar), selector.defaultFace?.covers(scalar) != true,
                  !(selector.mayNormalize(scalar) && selector.primaryCoversNormalized([scalar])),
                  BlinkLetterTable.neverBreaks(beside: unit, first: script.letters.lowerBound, language: selector.language)
            else { continue }
            let glyphClass = hb_ot_layout_get_glyph_class(font.face.hbFace, glyph)
            guard glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED || glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH
            else { continue }
            glyphs[Int(unit - script.letters.lowerBound)] = Int(glyph)
        }
        let analysis = ContextFreeGlyphs.find(
            in: font.face, glyphs: glyphs.filter { $0 >= 0 }, scripts: [script.script], language: language,
            classLimit: BlinkLetterTable.classLimit, rightToLeft: script.rightToLeft)
        let kerning = analysis?.kerning
        pairs = ScaledPairKerning(kerning, font: font, keeping: PairCells.forbidden)
        var entries = [UInt64](repeating: 0, count: script.letters.count)
        for (offset, glyph) in glyphs.enumerated() where glyph >= 0 && analysis?.contains(glyph) == true {
            var entry = UInt64(UInt32(bitPattern: hb_font_get_glyph_h_advance(font.hbFont, hb_codepoint_t(glyph))))
                | BlinkLetterTable.taken
            if let classes = kerning?.classes(of: glyph) {
                entry |= UInt64(classes.left) << BlinkLetterTable.leftClassShift
                    | UInt64(classes.right) << BlinkLetterTable.rightClassShift
            }
            entries[offset] = entry
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
            guard !breaksBefore else { return nil }
            return Punctuation(
                unit: unit, alone: alone[0], beforeSpace: spaced[0], spaceAfter: spaced[1], inside: !breaksAfter)
        }
    }

    /// Whether Chromium finds no break opportunity between `unit` and the
    /// script's first letter, on either side of it.
    private static func neverBreaks(beside unit: UInt16, first: UInt16, language: TextLanguage?) -> Bool {
        [[unit, first], [first, unit]].allSatisfy { pair in
            pair.withUTF16Text { ChromiumBreaks.find(in: $0, language: language) } == [2]
        }
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
        guard let (segment, runAfter) = self.segment(
            of: chunk, run: run, followingLevel: followingLevel, shaper: shaper, lastTable: &lastTable)
        else { return nil }
        var builder = ChunkMetrics.Builder(capacity: 0)
        builder.append(segment, end: Int32(chunk.count))
        return builder.metrics(carry: BlinkClusterFaces.kept(runAfter))
    }

    /// ``chunkMetrics(of:run:followingLevel:shaper:lastTable:)`` as the one
    /// segment a chunk the table takes is, and the run it leaves.
    ///
    /// - Complexity: O(n) table lookups; a Fontconfig choice (cached) where
    ///   the fallback run starts.
    static func segment(
        of chunk: UTF16Text, run start: BlinkFallbackRun, followingLevel: () -> UInt8, shaper: SegmentShaper,
        lastTable: inout BlinkLetterTable?
    ) -> (SegmentMetrics, runAfter: BlinkFallbackRun)? {
        guard chunk.count > 0, !shaper.altersPlainWords,
              let scriptIndex = scripts.firstIndex(where: { $0.letters.contains(chunk[0]) })
        else { return nil }
        let script = scripts[scriptIndex]
        // The run the letters go on with: Blink's run segmenter starts one
        // where the bidi level or the script changes.
        let level: UInt8 = script.rightToLeft ? 1 : 0
        var run = start.level == level ? start : BlinkFallbackRun(level: level)
        run.continue(first: script.script.rawValue, last: script.script.rawValue)
        guard !run.outOfLuck else { return nil }
        let face: Int
        if let tried = run.faces.first {
            // The first face the run tried: the table takes only letters it has.
            face = Int(tried)
        } else {
            let choice = shaper.selector.choice(for: [UInt32(chunk[0])], normalizing: true, emojiFromPrimary: true)
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
        return table.segment(of: chunk, run: run, followingLevel: followingLevel)
    }

    /// The segment `chunk` is, whose letters go on with `run` (their level
    /// and script, this table's face tried first), and the run after it.
    private func segment(
        of chunk: UTF16Text, run: BlinkFallbackRun, followingLevel: () -> UInt8
    ) -> (SegmentMetrics, runAfter: BlinkFallbackRun)? {
        let contentEnd = TextScanning.contentEnd(of: chunk)
        let spaces = chunk.count - contentEnd
        guard contentEnd > 0, spaces <= 1 else { return nil }
        let first = script.letters.lowerBound
        let count = UInt16(script.letters.count)
        // The width up to the last letter, and that letter's advance when
        // a letter came last (its kerning with the next one is added when
        // the next one comes).
        var width = 0.0
        var previous: UInt64 = 0
        var trailing = spaces == 0 ? 0 : spaceAdvance
        var faceMask = faceBit | (spaces == 0 ? 0 : primaryBit)
        for index in 0..<contentEnd {
            let offset = chunk[index] &- first
            guard offset < count else {
                // Punctuation after a letter, its own HarfBuzz run.
                guard previous != 0, let mark = punctuation.first(where: { $0.unit == chunk[index] }) else { return nil }
                width += Double(Int32(truncatingIfNeeded: previous)) / unitsPerPoint
                previous = 0
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
            if previous != 0 {
                let pair = pairs.cell(
                    left: Int(previous >> BlinkLetterTable.leftClassShift & 0xFF),
                    right: Int(entry >> BlinkLetterTable.rightClassShift & 0xFF))
                guard pair & PairCells.forbidden == 0 else { return nil }
                width += Double(Int32(truncatingIfNeeded: previous) &+ Int32(truncatingIfNeeded: pair)) / unitsPerPoint
            }
            previous = entry
        }
        guard let trailing else { return nil }
        if previous != 0 { width += Double(Int32(truncatingIfNeeded: previous)) / unitsPerPoint }
        let segment = SegmentMetrics(width: width, trailingWidth: trailing, hyphenWidth: 0, faceMask: faceMask, hasTab: false)
        // Punctuation or a space after the letters takes their level when
        // the next strong character has it, else the paragraph's, where a
        // new run starts.
        var after = run
        if previous == 0 || spaces > 0, after.level != 0, followingLevel() != after.level { after = BlinkFallbackRun() }
        return (segment, after)
    }
}
