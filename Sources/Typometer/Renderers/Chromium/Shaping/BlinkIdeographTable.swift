import CHarfBuzz

/// Chunks of CJK text measured by table lookup under Chromium, bit for bit
/// as the shaped path (`TextMeasurer.blinkChunk`) measures them: ideographs,
/// kana, Hangul syllables and the common fullwidth punctuation, each a
/// character the primary face lacks and one face draws with a glyph that no
/// lookup of its plans acts on but pair kerning (``ContextFreeGlyphs``):
/// the page's default font (``FontSelector/defaultFace``, the regional CJK
/// face under a CJK language tag) for the characters it has, else a fallback
/// face.
///
/// Such a chunk is laid out as Blink lays it out: in the default font every
/// character outside any fallback run, which only follows the script; in a
/// fallback face every character a hole of the fallback run
/// (``BlinkFallbackRun``), taking the face the run tried first, or the one
/// Blink asks for when a script change restarts the run; each glyph's
/// advance plus the kerning of the pair it starts within its script run
/// (``ScriptRuns``); no two neighbours that `text-spacing-trim` trims
/// together (``HanKerning``); a break between two characters where
/// ``ChromiumBreaks`` puts one (each character's side of it read once from
/// ICU), with the extras of a segment that kerning joins to a neighbour;
/// at most one trailing space, in the primary face. Any other chunk is left
/// to HarfBuzz.
///
/// One per CJK face of a registry (``FaceRegistry/memo(_:slot:make:)``),
/// made on first use: some tens of milliseconds (the face's layout tables
/// are analysed for 39,000 characters). Immutable; safe from any thread.
final class BlinkIdeographTable: Sendable {
    /// The face's registry index and bit, and the primary face's bit.
    let face: Int
    let faceBit: UInt64
    let primaryBit: UInt64
    let fallbackFace: FontFace
    /// Whether the face is the page's default font (``FontSelector/defaultFace``),
    /// which draws every character it has, the primary face lacks, outside
    /// any fallback run; else a fallback face, which draws those the
    /// default font lacks.
    let isDefaultFace: Bool
    /// Per slot (``slot(of:)``): the glyph's advance in HarfBuzz's units
    /// (low 32 bits), its kerning classes on the left (bits 32–39) and on
    /// the right (40–47) of a pair, the script code (bits 48–50, an index in
    /// `scripts`) and the flags below; 0 for a character the table does not
    /// take.
    let entries: [UInt64]
    /// The face's kerning by pair of kerning classes, with
    /// ``PairCells/unsafe`` (HarfBuzz marks a break between the two unsafe)
    /// and ``PairCells/forbidden`` (left to HarfBuzz).
    private let pairs: ScaledPairKerning
    /// What `text-spacing-trim` takes off each closing bracket of the table
    /// at a line's end (`BlinkClusterFaces.lineEndTrim`).
    let lineEndTrims: [UInt16: Double]
    /// A trailing space's advance (the primary face's space shaped alone);
    /// `nil` when it depends on the run's script.
    private let spaceAdvance: Double?
    let unitsPerPoint: Double
    /// What `text-spacing-trim` needs of the face (``HanKerning``).
    let hanKerning: HanKerning.FaceData
    /// The scripts (raw values) whose runs of the primary face's simple
    /// characters a chunk may mix in (``mixedMetrics(of:contentEnd:run:shaper:simpleWords:)``):
    /// those whose plan in the page's language is the plan in English, which
    /// ``SimpleWordShaper`` models; none when the primary face trims
    /// punctuation itself or counts advances in other units.
    let primaryRunScripts: [UInt32]

    static let taken: UInt64 = 1 << 63
    static let breaksBefore: UInt64 = 1 << 62
    static let breaksAfter: UInt64 = 1 << 61
    /// A character `text-spacing-trim` may trim with a neighbour in this face.
    static let trims: UInt64 = 1 << 60
    static let scriptShift: UInt64 = 48
    private static let leftClassShift: UInt64 = 32
    private static let rightClassShift: UInt64 = 40
    /// The most kerning classes on each side (8 bits each in an entry).
    private static let classLimit = 256
    /// Script codes: 0 for characters of no script of their own.
    static let scripts = [HB_SCRIPT_COMMON, HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA, HB_SCRIPT_HANGUL]
    /// The scripts whose plans must leave the glyphs alone: those a run of
    /// these characters can be shaped in (punctuation takes a neighbour's,
    /// or one its Script_Extensions list).
    static let shapingScripts = scripts + [HB_SCRIPT_BOPOMOFO, HB_SCRIPT_YI, HB_SCRIPT_LATIN]

    /// The blocks with slots, in slot order.
    private static let blocks: [Range<UInt16>] = [0x3000..<0x3100, 0x3400..<0x4DC0, 0x4E00..<0xA000, 0xAC00..<0xD7A4,
                                                  0xFF00..<0xFFF0]
    private static let slotCount = blocks.reduce(0) { $0 + $1.count }

    /// Punctuation taken (of line-break classes OP, CL, EX, NS and ID,
    /// whose breaks depend on each side alone): ideographic comma, stop and
    /// brackets, middle dot, iteration and prolonged-sound marks, fullwidth
    /// brackets, `！，．：；？～`. Letters of the four scripts are taken too.
    private static let punctuation: Set<UInt16> = Set(
        [0x3001, 0x3002, 0x3003, 0x3005, 0x3006, 0x3007] + Array(0x3008...0x301B) + [0x301D, 0x301E, 0x301F]
            + [0x309D, 0x309E, 0x30FB, 0x30FC, 0x30FD, 0x30FE]
            + [0xFF01, 0xFF08, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3B, 0xFF3D, 0xFF5B, 0xFF5D, 0xFF5E,
               0xFF5F, 0xFF60])

    @inline(__always)
    static func slot(of unit: UInt16) -> Int? {
        switch unit {
        case 0x3000..<0x3100: Int(unit) - 0x3000
        case 0x3400..<0x4DC0: Int(unit) - 0x3400 + 0x100
        case 0x4E00..<0xA000: Int(unit) - 0x4E00 + 0x1AC0
        case 0xAC00..<0xD7A4: Int(unit) - 0xAC00 + 0x6CC0
        case 0xFF00..<0xFFF0: Int(unit) - 0xFF00 + 0x9864
        default: nil
        }
    }

    /// Whether `scalar` is an ideograph (U+3400–4DBF, U+4E00–9FFF) or a
    /// Hangul syllable: none is a mark, default-ignorable, a control, a
    /// space separator or presented as emoji, ideographs are Han and
    /// syllables Hangul (`IdeographWordTests` checks every one against ICU
    /// and HarfBuzz), so the table takes them without asking.
    @inline(__always)
    static func isPlainLetter(_ scalar: UInt32) -> Bool {
        (0x3400...0x4DBF).contains(scalar) || (0x4E00...0x9FFF).contains(scalar) || (0xAC00...0xD7A3).contains(scalar)
    }

    /// Whether `scalar` is drawn as plain text, in a cluster of its own: no
    /// mark, invisible or control character, space separator or emoji, nor
    /// `゠` or `〜`.
    private static func isPlainText(_ scalar: UInt32) -> Bool {
        guard !FontSelector.isInvisible(scalar), !FontSelector.isPresentedAsEmoji([scalar]) else { return false }
        let properties = ScalarProperties(scalar)
        return !(properties.isMark || properties.isDefaultIgnorable || properties.isControl || properties.isSpaceSeparator
            || scalar == 0x30A0 || scalar == 0x301C)
    }

    /// The table of registry face `index` for the measurer of `shaper`.
    init(face index: Int, shaper: SegmentShaper) {
        let registry = shaper.registry
        let font = registry.font(at: index)
        let selector = shaper.selector
        let primary = registry.primary.face
        face = index
        faceBit = FaceRegistry.bit(for: index)
        primaryBit = FaceRegistry.bit(for: 0)
        fallbackFace = font.face
        isDefaultFace = font.face === selector.defaultFace
        let isDefaultFace = isDefaultFace
        unitsPerPoint = font.unitsPerPoint
        let language = selector.language.map(\.harfBuzz) ?? BlinkClusterFaces.contentLanguage
        let hanKerning = registry.hanKerning(at: index, language: selector.language)
        self.hanKerning = hanKerning
        if registry.primary.unitsPerPoint == font.unitsPerPoint,
           !registry.hanKerning(at: 0, language: selector.language).hasAlternateSpacing {
            let primaryFace = registry.primary.face.hbFace
            primaryRunScripts = ([HB_SCRIPT_LATIN, HB_SCRIPT_CYRILLIC, HB_SCRIPT_GREEK] + BlinkIdeographTable.scripts.dropFirst())
                .filter { script in
                    let english = PlanLookups(face: primaryFace, script: script)
                    let page = PlanLookups(face: primaryFace, script: script, language: language)
                    return english.substitution == page.substitution && english.positioning == page.positioning
                }
                .map(\.rawValue)
        } else {
            primaryRunScripts = []
        }

        // A Hangul syllable's decomposition starts with a conjoining jamo:
        // with none of them the primary face covers none normalized.
        let primaryHasJamo = (0x1100..<0x1200).contains { primary.covers(UInt32($0)) }
        // The characters the face draws with a base glyph of its own. The
        // statics are read once: the loop visits 39,000 characters.
        let punctuation = BlinkIdeographTable.punctuation
        let scripts = BlinkIdeographTable.scripts
        let hanCode = scripts.firstIndex(of: HB_SCRIPT_HAN)!
        let hangulCode = scripts.firstIndex(of: HB_SCRIPT_HANGUL)!
        let defaultFace = isDefaultFace ? nil : selector.defaultFace
        let metricsFont = font.face.metricsFont
        let hbFace = font.face.hbFace
        var glyphs = [Int](repeating: -1, count: BlinkIdeographTable.slotCount)
        var codes = [UInt64](repeating: 0, count: BlinkIdeographTable.slotCount)
        var slot = 0
        for block in BlinkIdeographTable.blocks {
            for unit in block {
                defer { slot += 1 }
                let scalar = UInt32(unit)
                // Ideographs are Han and syllables Hangul (`IdeographWordTests`
                // checks every one against HarfBuzz's script property).
                let isPlainLetter = BlinkIdeographTable.isPlainLetter(scalar)
                let code: Int
                if isPlainLetter {
                    code = unit >= 0xAC00 ? hangulCode : hanCode
                } else {
                    guard let found = scripts.firstIndex(of: ScalarProperties.script(of: scalar)),
                          found != 0 || punctuation.contains(unit)
                    else { continue }
                    code = found
                }
                // The face's cmap, read once: the sized font maps characters
                // as its face's metrics font does (only advances differ), and
                // under a language tag the face is the default font.
                var glyph: hb_codepoint_t = 0
                guard hb_font_get_nominal_glyph(metricsFont, scalar, &glyph) != 0, !primary.covers(scalar),
                      // The page's default font draws what it has, outside any fallback run.
                      defaultFace?.covers(scalar) != true,
                      isPlainLetter || BlinkIdeographTable.isPlainText(scalar),
                      // (Without conjoining jamo the primary face covers no
                      // Hangul syllable normalized: asked first, it is cheap.)
                      !((primaryHasJamo || !(0xAC00..<0xD7A4).contains(unit)) && selector.mayNormalize(scalar)
                        && selector.primaryCoversNormalized([scalar]))
                else { continue }
                let glyphClass = hb_ot_layout_get_glyph_class(hbFace, glyph)
                guard glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_UNCLASSIFIED || glyphClass == HB_OT_LAYOUT_GLYPH_CLASS_BASE_GLYPH
                else { continue }
                glyphs[slot] = Int(glyph)
                codes[slot] = UInt64(code)
            }
        }
        // Glyphs only pair adjustments act on (Noto Sans CJK kerns kana
        // with kana, `ー` and `、。`) are taken with the pairs' kerning.
        let analysis = ContextFreeGlyphs.find(
            in: font.face, glyphs: glyphs.filter { $0 >= 0 }, scripts: BlinkIdeographTable.shapingScripts,
            language: language, classLimit: BlinkIdeographTable.classLimit)
        let kerning = analysis?.kerning
        pairs = ScaledPairKerning(kerning, font: font, keeping: PairCells.unsafe | PairCells.forbidden)

        // The taken glyphs' advances, in slot order, asked for at once.
        let takenGlyphs = glyphs.compactMap { $0 >= 0 && analysis?.contains($0) == true ? hb_codepoint_t($0) : nil }
        var advances = [hb_position_t](repeating: 0, count: takenGlyphs.count)
        hb_font_get_glyph_h_advances(
            font.hbFont, UInt32(takenGlyphs.count), takenGlyphs, UInt32(MemoryLayout<hb_codepoint_t>.stride), &advances,
            UInt32(MemoryLayout<hb_position_t>.stride))
        var taken = 0
        var entries = [UInt64](repeating: 0, count: BlinkIdeographTable.slotCount)
        var lineEndTrims: [UInt16: Double] = [:]
        let trimsPunctuation = hanKerning.hasAlternateSpacing
        slot = 0
        for block in BlinkIdeographTable.blocks {
            for unit in block {
                defer { slot += 1 }
                guard glyphs[slot] >= 0, analysis?.contains(glyphs[slot]) == true else { continue }
                let advance = advances[taken]
                taken += 1
                var entry = UInt64(UInt32(bitPattern: advance)) | BlinkIdeographTable.taken
                    | codes[slot] << BlinkIdeographTable.scriptShift
                if let classes = kerning?.classes(of: glyphs[slot]) {
                    entry |= UInt64(classes.left) << BlinkIdeographTable.leftClassShift
                        | UInt64(classes.right) << BlinkIdeographTable.rightClassShift
                }
                if BlinkIdeographTable.isPlainLetter(UInt32(unit)) {
                    // Ideographs and Hangul syllables allow a break on both
                    // sides, and `text-spacing-trim` leaves them alone.
                    entry |= BlinkIdeographTable.breaksBefore | BlinkIdeographTable.breaksAfter
                } else {
                    if trimsPunctuation, HanKerning.type(of: unit, in: hanKerning) != .other {
                        entry |= BlinkIdeographTable.trims
                    }
                    entry |= BlinkIdeographTable.breakBits(of: unit, selector: selector)
                    if ChromiumBreaks.isClosingBracket(unit) {
                        lineEndTrims[unit] = BlinkClusterFaces.lineEndTrim(ofLast: unit, faceBits: faceBit, shaper: shaper)
                    }
                }
                entries[slot] = entry
            }
        }
        self.entries = entries
        self.lineEndTrims = lineEndTrims

        // The space after such a chunk is a run of its own in the primary
        // face, in the script of the text before it.
        let spaces = BlinkIdeographTable.scripts.dropFirst().map { script in
            [UInt16(0x20)].withUTF16Text { space in
                shaper.shapeMarkingJoins(
                    space, range: 0..<1, font: registry.primary, script: script, rightToLeft: false,
                    language: language
                ).advances[0]
            }
        }
        spaceAdvance = spaces.allSatisfy { $0 == spaces[0] } ? spaces[0] : nil
    }

    /// Whether Chromium breaks before and after `unit`, a character other
    /// than an ideograph or a Hangul syllable, next to an ideograph.
    private static func breakBits(of unit: UInt16, selector: FontSelector) -> UInt64 {
        let other: UInt16 = 0x4E00
        let before = [other, unit].withUTF16Text { ChromiumBreaks.find(in: $0, language: selector.language) }.contains(1)
        let after = [unit, other].withUTF16Text { ChromiumBreaks.find(in: $0, language: selector.language) }.contains(1)
        return (before ? breaksBefore : 0) | (after ? breaksAfter : 0)
    }

    /// The metrics of `chunk` (text up to and including its trailing
    /// spaces) going on with Blink's fallback `run`, as `blinkChunk` measures
    /// them, when a table takes it; `nil` otherwise. With `simpleWords` (the
    /// primary face's models) the chunk may mix in the primary face's
    /// simple characters (``mixedMetrics(of:contentEnd:run:shaper:simpleWords:)``).
    ///
    /// - Complexity: O(n) table lookups; a Fontconfig choice (cached) where
    ///   the fallback run restarts.
    static func chunkMetrics(
        of chunk: UTF16Text, run: BlinkFallbackRun, shaper: SegmentShaper, simpleWords: SimpleWordShaper? = nil
    ) -> ChunkMetrics? {
        var lastTable: BlinkIdeographTable?
        return chunkMetrics(of: chunk, run: run, shaper: shaper, simpleWords: simpleWords, lastTable: &lastTable)
    }

    /// ``chunkMetrics(of:run:shaper:simpleWords:)`` for a caller measuring
    /// chunk after chunk, which keeps the last table used in `lastTable`
    /// (found again without the registry's lock).
    static func chunkMetrics(
        of chunk: UTF16Text, run: BlinkFallbackRun, shaper: SegmentShaper, simpleWords: SimpleWordShaper?,
        lastTable: inout BlinkIdeographTable?
    ) -> ChunkMetrics? {
        guard run.level == 0, !run.outOfLuck, chunk.count > 0, !shaper.altersPlainWords else { return nil }
        // The table: that of the first character one may take.
        let first: UInt16
        if slot(of: chunk[0]) != nil {
            first = chunk[0]
        } else if simpleWords != nil, let found = chunk.first(where: { slot(of: $0) != nil }) {
            first = found
        } else {
            return nil
        }
        let face: Int
        let selector = shaper.selector
        if let last = lastTable, last.isDefaultFace, let slot = slot(of: first), last.entries[slot] & taken != 0 {
            // The page's default font again: it has the character (its
            // table took it), so nothing need be asked.
            return last.metrics(of: chunk, run: run, shaper: shaper, simpleWords: simpleWords)
        }
        if let defaultFace = selector.defaultFace, defaultFace.covers(UInt32(first)) {
            // The page's default font (a CJK face under a CJK language tag),
            // whatever faces the run tried; its bold or italic is another face.
            guard selector.weight == .regular, !selector.italic else { return nil }
            face = shaper.registry.index(of: defaultFace)
        } else if run.faces.count > 1 {
            return nil
        } else if let tried = run.faces.first {
            // A face the run tried for other text: no table of its own.
            guard shaper.registry.font(at: Int(tried)).face.covers(UInt32(first)) else { return nil }
            face = Int(tried)
        } else {
            let choice = shaper.selector.choice(for: [UInt32(first)], normalizing: true, emojiFromPrimary: true, fallback: ChromiumCharacterFallback())
            guard choice.hint != nil, !choice.isMissing else { return nil }
            face = shaper.registry.index(of: choice.face)
        }
        let table: BlinkIdeographTable
        if let last = lastTable, last.face == face {
            table = last
        } else {
            table = shaper.registry.memo(BlinkIdeographTable.self, slot: face) {
                BlinkIdeographTable(face: face, shaper: shaper)
            }
            lastTable = table
        }
        return table.metrics(of: chunk, run: run, shaper: shaper, simpleWords: simpleWords)
    }

    private func metrics(
        of chunk: UTF16Text, run start: BlinkFallbackRun, shaper: SegmentShaper, simpleWords: SimpleWordShaper?
    ) -> ChunkMetrics? {
        let contentEnd = TextScanning.contentEnd(of: chunk)
        let spaces = chunk.count - contentEnd
        guard contentEnd > 0, spaces <= 1 else { return nil }
        // HarfBuzz shapes each script run apart, so only neighbours of one
        // run kern: punctuation joins a run as Blink's script runs have it
        // (``ScriptRuns``), worked out only for chunks that hold some.
        var hasPunctuation = false
        for index in 0..<contentEnd {
            guard let slot = BlinkIdeographTable.slot(of: chunk[index]), entries[slot] & BlinkIdeographTable.taken != 0
            else {
                guard let simpleWords else { return nil }
                return mixedMetrics(of: chunk, contentEnd: contentEnd, run: start, shaper: shaper, simpleWords: simpleWords)
            }
            if entries[slot] >> BlinkIdeographTable.scriptShift & 7 == 0 { hasPunctuation = true }
        }
        guard spaces == 0 || spaceAdvance != nil else { return nil }
        let runScripts = hasPunctuation ? resolvedScripts(of: chunk, range: 0..<contentEnd, preceding: start.script) : nil
        var run = start
        var segments = ChunkMetrics.Builder(capacity: contentEnd)
        // The segment's width up to its last character, and that
        // character's advance (its kerning with the next one is added
        // when the next one comes).
        var width = 0.0
        var lastAdvance: Int32 = 0
        var previous: UInt64 = 0
        // Where the segment starts: its first character, and whether
        // kerning joins it to the segment before.
        var segmentStart = 0
        var startsJoined = false
        for index in 0..<contentEnd {
            let unit = chunk[index]
            let entry = entries[BlinkIdeographTable.slot(of: unit)!]
            let code = Int(entry >> BlinkIdeographTable.scriptShift & 7)
            if code != 0 {
                let script = BlinkIdeographTable.scripts[code].rawValue
                if run.script == 0 || run.script == script {
                    run.script = script
                } else {
                    run = BlinkFallbackRun(script: script)
                }
            }
            if run.faces.isEmpty, !isDefaultFace {
                // Blink asks for this character's face, which the run then tries first.
                guard code != 0 else { return nil }
                let choice = shaper.selector.choice(for: [UInt32(unit)], normalizing: true, emojiFromPrimary: true, fallback: ChromiumCharacterFallback())
                guard choice.hint != nil, !choice.isMissing, choice.face === fallbackFace else { return nil }
                run.faces = [UInt16(face)]
            }
            if index > 0 {
                guard previous & entry & BlinkIdeographTable.trims == 0 else { return nil }
                // The pair's kerning goes to the first glyph's advance.
                var kerning: Int32 = 0
                var unsafe = false
                if runScripts.map({ $0[index - 1] == $0[index] }) ?? ((previous ^ entry) >> BlinkIdeographTable.scriptShift & 7 == 0) {
                    let pair = pair(previous, entry)
                    guard pair & PairCells.forbidden == 0 else { return nil }
                    kerning = Int32(truncatingIfNeeded: pair)
                    unsafe = pair & PairCells.unsafe != 0
                }
                width += Double(lastAdvance &+ kerning) / unitsPerPoint
                if previous & BlinkIdeographTable.breaksAfter != 0, entry & BlinkIdeographTable.breaksBefore != 0 {
                    var metrics = segment(width: width, trailing: 0, last: chunk[index - 1], withSpace: false)
                    if startsJoined || unsafe {
                        // A line broken here reshapes the segment alone.
                        guard let alone = aloneWidth(of: chunk, range: segmentStart..<index, shaper: shaper) else { return nil }
                        let extra = max(0, alone - width)
                        (metrics.startExtra, metrics.endExtra) = (startsJoined ? extra : 0, unsafe ? extra : 0)
                        metrics.startsJoined = startsJoined
                    }
                    segments.append(metrics, end: Int32(index))
                    width = 0
                    segmentStart = index
                    startsJoined = unsafe
                }
            }
            lastAdvance = Int32(truncatingIfNeeded: entry)
            previous = entry
        }
        width += Double(lastAdvance) / unitsPerPoint
        var metrics = segment(
            width: width, trailing: spaces == 0 ? 0 : spaceAdvance!, last: chunk[contentEnd - 1], withSpace: spaces > 0)
        if startsJoined {
            guard let alone = aloneWidth(of: chunk, range: segmentStart..<contentEnd, shaper: shaper) else { return nil }
            metrics.startExtra = max(0, alone - width)
            metrics.startsJoined = true
        }
        segments.append(metrics, end: Int32(chunk.count))
        return segments.metrics(carry: BlinkClusterFaces.kept(run))
    }

    /// The kerning cell of two neighbours' entries.
    @inline(__always)
    func pair(_ first: UInt64, _ second: UInt64) -> UInt64 {
        pairs.cell(
            left: Int(first >> BlinkIdeographTable.leftClassShift & 0xFF),
            right: Int(second >> BlinkIdeographTable.rightClassShift & 0xFF))
    }

    /// The script of each character's run in `range` of `chunk` (all taken)
    /// after a run of `preceding` (0 for none), as
    /// `BlinkClusterFaces.finishChoosing` resolves them.
    private func resolvedScripts(of chunk: UTF16Text, range: Range<Int>, preceding: UInt32) -> [hb_script_t] {
        var scripts: [hb_script_t] = []
        var scalars: [UInt32] = []
        scripts.reserveCapacity(range.count)
        scalars.reserveCapacity(range.count)
        for index in range {
            let code = Int(entries[BlinkIdeographTable.slot(of: chunk[index])!] >> BlinkIdeographTable.scriptShift & 7)
            scripts.append(BlinkIdeographTable.scripts[code])
            scalars.append(UInt32(chunk[index]))
        }
        ScriptRuns.resolve(
            &scripts, firstScalars: scalars, preceding: preceding == 0 ? nil : hb_script_t(rawValue: preceding),
            bracket: PairedBrackets.bidi, extensions: true)
        return scripts
    }

    /// The width of the segment `range` of `chunk` shaped alone, as
    /// `SegmentShaper.joinExtras` reshapes it (a fresh fallback run, script
    /// runs of its own), when its characters keep this table's face: in the
    /// page's default font, which draws them outside any fallback run, or
    /// when it starts with a character whose own face is this table's; `nil`
    /// otherwise (the chunk is left to HarfBuzz). A mark such as `ー` may
    /// start a segment under `ja`, where a line may break before it.
    private func aloneWidth(of chunk: UTF16Text, range: Range<Int>, shaper: SegmentShaper) -> Double? {
        let unit = chunk[range.lowerBound]
        guard isDefaultFace || entries[BlinkIdeographTable.slot(of: unit)!] >> BlinkIdeographTable.scriptShift & 7 != 0
        else { return nil }
        if !isDefaultFace {
            let choice = shaper.selector.choice(for: [UInt32(unit)], normalizing: true, emojiFromPrimary: true, fallback: ChromiumCharacterFallback())
            guard choice.hint != nil, !choice.isMissing, choice.face === fallbackFace else { return nil }
        }
        let hasPunctuation = range.contains {
            entries[BlinkIdeographTable.slot(of: chunk[$0])!] >> BlinkIdeographTable.scriptShift & 7 == 0
        }
        let runScripts = hasPunctuation ? resolvedScripts(of: chunk, range: range, preceding: 0) : nil
        var width = 0.0
        var previous: UInt64 = 0
        for index in range {
            let entry = entries[BlinkIdeographTable.slot(of: chunk[index])!]
            if index > range.lowerBound {
                var kerning: Int32 = 0
                let offset = index - range.lowerBound
                if runScripts.map({ $0[offset - 1] == $0[offset] }) ?? ((previous ^ entry) >> BlinkIdeographTable.scriptShift & 7 == 0) {
                    let pair = pair(previous, entry)
                    guard pair & PairCells.forbidden == 0 else { return nil }
                    kerning = Int32(truncatingIfNeeded: pair)
                }
                width += Double(Int32(truncatingIfNeeded: previous) &+ kerning) / unitsPerPoint
            }
            previous = entry
        }
        return width + Double(Int32(truncatingIfNeeded: previous)) / unitsPerPoint
    }

    /// A segment as `SegmentShaper.summary` makes it.
    private func segment(width: Double, trailing: Double, last: UInt16, withSpace: Bool) -> SegmentMetrics {
        var metrics = SegmentMetrics(
            width: width, trailingWidth: trailing, hyphenWidth: 0, faceMask: faceBit | (withSpace ? primaryBit : 0),
            hasTab: false)
        if trailing == 0, ChromiumBreaks.isClosingBracket(last) { metrics.endTrim = lineEndTrims[last] ?? 0 }
        return metrics
    }
}
