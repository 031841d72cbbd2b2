import CHarfBuzz
import Synchronization

/// Measures a chunk of simple characters (see ``SimpleWordModel``) in one
/// sized face by table lookup: each glyph's advance plus the kerning of the
/// pair it starts, the very positions `hb_shape` gives the chunk shaped
/// alone, at a few nanoseconds a character. Other text is left to HarfBuzz.
///
/// One per measurer; the Latin model is ready at once, the Cyrillic and
/// Greek ones are made the first time a word needs them. Safe from any
/// thread.
final class SimpleWordShaper: Sendable {
    private let font: SizedFont
    /// The Latin model (owned by `latinStorage`).
    private let latin: SimpleWordTables
    private let latinStorage: SizedSimpleWords
    private let cyrillic = AtomicLazyReference<LazySimpleWords>()
    private let greek = AtomicLazyReference<LazySimpleWords>()
    /// Models of the characters of no script in runs of the CJK scripts
    /// (punctuation and digits between ideographs), for ``shapeRun(_:range:script:advances:unsafeBefore:)``.
    private let han = AtomicLazyReference<LazySimpleWords>()
    private let hiragana = AtomicLazyReference<LazySimpleWords>()
    private let katakana = AtomicLazyReference<LazySimpleWords>()
    private let hangul = AtomicLazyReference<LazySimpleWords>()
    /// Points per HarfBuzz unit: a power of two (1/65,536 or 1/1,024).
    private let pointsPerUnit: Double
    /// Whether every trailing space hangs past the line's end (Chromium),
    /// or only the last one (Pango).
    private let allTrailingSpacesHang: Bool
    /// The renderer's table of breaks between ASCII characters, if any.
    private let asciiBreaks: (any AsciiPairBreaks.Type)?
    /// The primary face's mask bit (``FaceRegistry``; under `.pango`, runs
    /// of these scripts set the alphabetic baseline, so no lead bits).
    private static let primaryFaceMask: UInt64 = 1

    /// The shaper for `font` under `profile`, or `nil` when its face has no
    /// Latin model.
    init?(font: SizedFont, rules: any ShapingRules.Type) {
        guard let model = font.face.simpleWordModel(for: HB_SCRIPT_LATIN),
              let latinStorage = SizedSimpleWords(model, font: font, asciiBreaks: rules.asciiPairBreaks) else { return nil }
        self.font = font
        self.latinStorage = latinStorage
        latin = latinStorage.tables
        // Sums of advances are exact in points only in a power-of-two unit.
        guard font.unitsPerPoint.significandWidth == 0 else { return nil }
        pointsPerUnit = 1 / font.unitsPerPoint
        allTrailingSpacesHang = rules.traits.allTrailingSpacesHang
        asciiBreaks = rules.asciiPairBreaks
    }

    /// Longer chunks (rare as words) are left to HarfBuzz.
    static let longestChunk = 256

    /// What the table path makes of a chunk.
    enum Segments {
        /// One segment: the whole chunk.
        case whole(SegmentMetrics)
        /// Break opportunities inside: see ``forEachSegment(of:contentEnd:_:)``.
        case several
    }

    /// The segments of `chunk` — text up to and including its trailing
    /// spaces, of which the first `contentEnd` units are not spaces — as
    /// shaping the chunk alone with HarfBuzz gives them, bit for bit
    /// (`SegmentShaper.simpleChunkMetrics(of:advances:unsafe:rules:)`). The
    /// chunk is cut at the renderer's break opportunities: between two ASCII
    /// characters by `Breaks` (the table this shaper was made with),
    /// elsewhere only where UAX #14 cannot break (see ``SimpleWordModel/joins``).
    ///
    /// `nil` unless every character is simple in one script's model and no
    /// forbidden pair is in the chunk.
    @inline(__always)
    func segments<Breaks: AsciiPairBreaks>(of chunk: UTF16Text, contentEnd: Int, breaks: Breaks.Type) -> Segments? {
        guard contentEnd > 0, chunk.count <= SimpleWordShaper.longestChunk,
              let scan = scan(chunk, contentEnd: contentEnd, runScript: nil, breaks: Breaks.self)?.scan
        else { return nil }
        switch scan {
        case .whole(let advances, _): return .whole(segment(advances))
        case .brokenInside: return .several
        }
    }

    /// Calls `body` with each segment of a chunk that ``segments(of:contentEnd:breaks:)``
    /// found breaks inside (ASCII text), in order: its end (relative to the
    /// chunk) and metrics. Returns whether every call returned `true` (it
    /// stops at the first `false`).
    func forEachSegment<Breaks: AsciiPairBreaks>(
        of chunk: UTF16Text, contentEnd: Int, breaks: Breaks.Type, _ body: (_ end: Int, SegmentMetrics) -> Bool
    ) -> Bool {
        forEachSegment(of: chunk, contentEnd: contentEnd, in: latin, breaks: Breaks.self, body)
    }

    /// The metrics of `chunk` shaped alone as one segment (the caller knows
    /// no break falls inside), when every character is simple in one
    /// script's model and no forbidden pair is in it; `nil` otherwise.
    ///
    /// `runScript` is the script of the run the chunk continues, when it
    /// starts with characters of no script (Pango's script iterator): the
    /// chunk is then shaped in that script, and one with characters of
    /// another script is left to HarfBuzz. Without it a chunk of no script
    /// is shaped as Latin.
    func segment(of chunk: UTF16Text, contentEnd: Int, runScript: hb_script_t?) -> SegmentMetrics? {
        guard contentEnd > 0, chunk.count <= SimpleWordShaper.longestChunk,
              case .whole(let advances, _)? = scan(
                chunk, contentEnd: contentEnd, runScript: runScript, breaks: NoAsciiPairBreaks.self)?.scan
        else { return nil }
        return segment(advances)
    }

    /// ``segments(of:contentEnd:breaks:)`` as a chunk's metrics.
    func chunkMetrics<Breaks: AsciiPairBreaks>(of chunk: UTF16Text, breaks: Breaks.Type) -> ChunkMetrics? {
        let contentEnd = TextScanning.contentEnd(of: chunk)
        switch segments(of: chunk, contentEnd: contentEnd, breaks: Breaks.self) {
        case .whole(let segment): return ChunkMetrics(single: segment, length: Int32(chunk.count))
        case .several:
            var ends: [Int32] = []
            var segments: [SegmentMetrics] = []
            _ = forEachSegment(of: chunk, contentEnd: contentEnd, breaks: Breaks.self) { end, segment in
                ends.append(Int32(end))
                segments.append(segment)
                return true
            }
            return ChunkMetrics(ends: ends, segments: segments)
        case nil: return nil
        }
    }

    /// The segments of `chunk`, ASCII text of which the first `contentEnd`
    /// units are not spaces, cut at `ends` (the renderer's break
    /// opportunities, relative to the chunk, the last its length), as shaping
    /// the chunk alone measures them: each segment the sum of its characters'
    /// advances (kerning with the next character included), the chunk's
    /// single trailing space hanging. `nil` unless every character is simple
    /// in the Latin model with no forbidden pair, at most one space ends the
    /// chunk and no kerning joins two segments (HarfBuzz would mark the break
    /// unsafe, and a line ending there is reshaped).
    func segments(of chunk: UTF16Text, contentEnd: Int, ends: UnsafeBufferPointer<Int32>) -> ChunkMetrics? {
        let count = chunk.count
        guard contentEnd > 0, count <= SimpleWordShaper.longestChunk, count - contentEnd <= 1, ends.count > 1,
              Int(ends[ends.count - 1]) == count, Int(ends[ends.count - 2]) < contentEnd,
              !chunk.contains(where: { $0 >= 0x80 }),
              case .scanned(.whole) = measure(chunk, contentEnd: contentEnd, in: latin, breaks: NoAsciiPairBreaks.self)
        else { return nil }
        let tables = latin
        let units = tables.units
        let pairs = tables.pairs
        var segments: [SegmentMetrics] = []
        segments.reserveCapacity(ends.count)
        var width: Int64 = 0
        var trailing: Int64 = 0
        var previous: UInt64 = 0
        var endIndex = 0
        for index in 0..<count {
            let entry = units[SimpleWordTables.slot(of: chunk[index])]
            if index > 0 {
                let pair = pairs[SimpleWordTables.pairIndex(previous, entry, rightClassCount: tables.rightClassCount)]
                if index == Int(ends[endIndex]) {
                    // A segment ends before this character: no kerning may
                    // join them.
                    guard pair & SimpleWordTables.unsafe == 0, Int32(truncatingIfNeeded: pair) == 0 else { return nil }
                    segments.append(SegmentMetrics(
                        width: Double(width) * pointsPerUnit, trailingWidth: 0, hyphenWidth: 0,
                        faceMask: SimpleWordShaper.primaryFaceMask, hasTab: false))
                    width = 0
                    endIndex += 1
                } else {
                    width &+= Int64(Int32(truncatingIfNeeded: pair))
                }
            }
            if index < contentEnd {
                width &+= Int64(Int32(truncatingIfNeeded: entry))
            } else {
                trailing = Int64(Int32(truncatingIfNeeded: entry))
            }
            previous = entry
        }
        segments.append(SegmentMetrics(
            width: Double(width) * pointsPerUnit, trailingWidth: Double(trailing) * pointsPerUnit, hyphenWidth: 0,
            faceMask: SimpleWordShaper.primaryFaceMask, hasTab: false))
        return ChunkMetrics(ends: Array(ends), segments: segments)
    }

    private func segment(_ advances: Advances) -> SegmentMetrics {
        SegmentMetrics(
            width: advances.width, trailingWidth: advances.trailing, hyphenWidth: 0,
            faceMask: SimpleWordShaper.primaryFaceMask, hasTab: false)
    }

    /// The script of the model that takes the chunk and what it makes of
    /// it; `nil` when none does. Break opportunities inside are looked for
    /// by `Breaks` (``NoAsciiPairBreaks`` when the caller knows there are
    /// none).
    @inline(__always)
    private func scan<Breaks: AsciiPairBreaks>(_ chunk: UTF16Text, contentEnd: Int, runScript: hb_script_t?,
                                               breaks: Breaks.Type) -> (script: hb_script_t, scan: Scan)? {
        switch measure(chunk, contentEnd: contentEnd, in: latin, breaks: Breaks.self) {
        case .scanned(let scan):
            guard case .whole(_, let hasOwnScript) = scan, let runScript, runScript != HB_SCRIPT_LATIN else {
                return (HB_SCRIPT_LATIN, scan)
            }
            // Characters of no script: measured in the run's script.
            guard !hasOwnScript, let tables = model(of: runScript),
                  case .scanned(let scan) = measure(chunk, contentEnd: contentEnd, in: tables, breaks: Breaks.self)
            else { return nil }
            return (runScript, scan)
        case .notSimple(let unit) where (0x370..<0x530).contains(unit):
            let script = unit < 0x400 ? HB_SCRIPT_GREEK : HB_SCRIPT_CYRILLIC
            guard runScript == nil || runScript == script, let tables = model(of: script),
                  case .scanned(let scan) = measure(chunk, contentEnd: contentEnd, in: tables, breaks: Breaks.self)
            else { return nil }
            return (script, scan)
        default:
            return nil
        }
    }

    /// The Greek or Cyrillic model, made on first use (`nil` for another
    /// script, or a face without one).
    private func model(of script: hb_script_t) -> SimpleWordTables? {
        switch script {
        case HB_SCRIPT_GREEK: model(of: script, in: greek)
        case HB_SCRIPT_CYRILLIC: model(of: script, in: cyrillic)
        default: nil
        }
    }

    /// The model ``shapeRun(_:range:script:advances:unsafeBefore:)`` uses
    /// for runs of `script`, made on first use.
    private func runModel(of script: hb_script_t) -> SimpleWordTables? {
        switch script {
        case HB_SCRIPT_LATIN: latin
        case HB_SCRIPT_HAN: model(of: script, in: han)
        case HB_SCRIPT_HIRAGANA: model(of: script, in: hiragana)
        case HB_SCRIPT_KATAKANA: model(of: script, in: katakana)
        case HB_SCRIPT_HANGUL: model(of: script, in: hangul)
        default: model(of: script)
        }
    }

    /// Shapes `range` of `text` as one HarfBuzz run of `script` in this
    /// shaper's face by table lookup, as `hb_shape` shapes it in English
    /// (`en-us`), for table paths that measure text drawn in several faces:
    /// writes each unit's advance in HarfBuzz's units, the kerning of the
    /// pair it starts included, to `advances`, and sets `unsafeBefore` where
    /// HarfBuzz marks a break unsafe (kerning joins the pair); both are
    /// indexed by offsets in `text`. Returns `false` (having written some)
    /// unless every unit is simple in the model of `script` (Latin,
    /// Cyrillic, Greek; for Han, Hiragana, Katakana and Hangul runs, the
    /// characters of no script) and no pair is forbidden.
    func shapeRun(
        _ text: UTF16Text, range: Range<Int>, script: hb_script_t,
        advances: UnsafeMutableBufferPointer<Int64>, unsafeBefore: UnsafeMutableBufferPointer<Bool>
    ) -> Bool {
        guard let tables = runModel(of: script) else { return false }
        let units = tables.units
        let pairs = tables.pairs
        var previous: UInt64 = 0
        for index in range {
            let entry = units[SimpleWordTables.slot(of: text[index])]
            guard entry & SimpleWordTables.isSimple != 0 else { return false }
            advances[index] = Int64(Int32(truncatingIfNeeded: entry))
            unsafeBefore[index] = false
            if index > range.lowerBound {
                let pair = pairs[SimpleWordTables.pairIndex(previous, entry, rightClassCount: tables.rightClassCount)]
                guard pair & SimpleWordTables.forbidden == 0 else { return false }
                advances[index - 1] += Int64(Int32(truncatingIfNeeded: pair))
                unsafeBefore[index] = pair & SimpleWordTables.unsafe != 0
            }
            previous = entry
        }
        return true
    }

    private func model(of script: hb_script_t, in reference: borrowing AtomicLazyReference<LazySimpleWords>)
        -> SimpleWordTables?
    {
        if let known = reference.load() { return known.sized?.tables }
        let made = LazySimpleWords(font.face.simpleWordModel(for: script).flatMap {
            SizedSimpleWords($0, font: font, asciiBreaks: asciiBreaks)
        })
        return reference.storeIfNil(made).sized?.tables
    }

    /// A chunk's width and hanging width, in points.
    private struct Advances {
        var width: Double
        var trailing: Double
    }

    /// A chunk every character of which a model takes.
    private enum Scan {
        /// One segment; whether a character has the model's script.
        case whole(Advances, hasOwnScript: Bool)
        /// ASCII text with break opportunities inside.
        case brokenInside
    }

    /// What a model makes of a chunk.
    private enum Outcome {
        case scanned(Scan)
        /// `unit` is not simple in the model.
        case notSimple(UInt16)
        /// A forbidden pair, or text outside ASCII that may break inside.
        case other
    }

    /// The chunk's advances, as `SegmentShaper.summary(of:clusters:text:)`
    /// adds HarfBuzz's up: the content's (and under Pango the spaces' but
    /// the last) in order, the hanging spaces' from the last. HarfBuzz's
    /// units are a power of two per point, so every advance and every
    /// partial sum is exact in points: summing in units and converting
    /// once gives the same bits.
    @inline(__always)
    private func measure<Breaks: AsciiPairBreaks>(_ chunk: UTF16Text, contentEnd: Int, in tables: SimpleWordTables,
                                                  breaks: Breaks.Type) -> Outcome {
        let checkingBreaks = Breaks.self != NoAsciiPairBreaks.self
        let rightClassCount = tables.rightClassCount
        let units = tables.units
        let pairs = tables.pairs
        do {
            do {
                var total: Int64 = 0
                var previous: UInt64 = 0
                var all = UInt64.max
                var any: UInt64 = 0
                var asciiBreak = false
                for index in 0..<contentEnd {
                    let unit = chunk[index]
                    let entry = units[SimpleWordTables.slot(of: unit)]
                    guard entry & SimpleWordTables.isSimple != 0 else { return .notSimple(unit) }
                    if index > 0 {
                        let pair = pairs[SimpleWordTables.pairIndex(previous, entry, rightClassCount: rightClassCount)]
                        guard pair & SimpleWordTables.forbidden == 0 else { return .other }
                        total &+= Int64(Int32(truncatingIfNeeded: pair))
                        // Only a few ASCII characters may have a break after them.
                        if previous & SimpleWordTables.breaksAfterInASCII != 0, unit < 0x80,
                           Breaks.breaks(in: chunk, before: index) {
                            asciiBreak = true
                        }
                    }
                    total &+= Int64(Int32(truncatingIfNeeded: entry))
                    previous = entry
                    all &= entry
                    any |= entry
                }
                if checkingBreaks && contentEnd > 1 {
                    if any & SimpleWordTables.outsideASCII != 0 {
                        // Outside ASCII: only text UAX #14 cannot break.
                        guard all & SimpleWordTables.joins != 0 else { return .other }
                    } else if asciiBreak {
                        return .scanned(.brokenInside)
                    }
                }
                var trailing: Int64 = 0
                let spaces = chunk.count - contentEnd
                if spaces > 0 {
                    let space = units[0x20]
                    guard space & SimpleWordTables.isSimple != 0 else { return .notSimple(0x20) }
                    let beforeSpace = pairs[SimpleWordTables.pairIndex(previous, space, rightClassCount: rightClassCount)]
                    let betweenSpaces = pairs[SimpleWordTables.pairIndex(space, space, rightClassCount: rightClassCount)]
                    guard beforeSpace & SimpleWordTables.forbidden == 0,
                          spaces == 1 || betweenSpaces & SimpleWordTables.forbidden == 0 else { return .other }
                    total &+= Int64(Int32(truncatingIfNeeded: beforeSpace))
                    // Each space but the last is kerned with the next.
                    let last = Int64(Int32(truncatingIfNeeded: space))
                    let others = Int64(spaces - 1) * (last + Int64(Int32(truncatingIfNeeded: betweenSpaces)))
                    if allTrailingSpacesHang {
                        trailing = last + others
                    } else {
                        total += others
                        trailing = last
                    }
                }
                return .scanned(.whole(
                    Advances(width: Double(total) * pointsPerUnit, trailing: Double(trailing) * pointsPerUnit),
                    hasOwnScript: any & SimpleWordTables.ownScript != 0))
            }
        }
    }

    /// The segments of an ASCII chunk that breaks inside, as
    /// `SegmentShaper.simpleChunkMetrics(of:advances:unsafe:)` makes them
    /// from HarfBuzz's advances: cut at Chromium's ASCII break
    /// opportunities, each the sum of its characters' advances (kerning with
    /// the next character included); where kerning joins two segments
    /// (HarfBuzz marks the break unsafe), a line ending after the first is
    /// reshaped without the kerning, which adds what the kerning took off
    /// (to the end, and to the start when the segment is joined on both
    /// sides).
    private func forEachSegment<Breaks: AsciiPairBreaks>(
        of chunk: UTF16Text, contentEnd: Int, in tables: SimpleWordTables, breaks: Breaks.Type,
        _ body: (_ end: Int, SegmentMetrics) -> Bool
    ) -> Bool {
        let count = chunk.count
        let rightClassCount = tables.rightClassCount
        return withUnsafeTemporaryAllocation(of: Int64.self, capacity: 2 * count) { buffer in
            // Per unit: its advance with the kerning of the pair it starts,
            // and the kerning of the pair it ends (unsafe bit included).
            let advances = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
            let kernings = UnsafeMutableBufferPointer(rebasing: buffer[count..<2 * count])
            let units = tables.units
            let pairs = tables.pairs
            do {
                do {
                    var previous: UInt64 = 0
                    for index in 0..<count {
                        let entry = units[SimpleWordTables.slot(of: chunk[index])]
                        advances[index] = Int64(Int32(truncatingIfNeeded: entry))
                        kernings[index] = 0
                        if index > 0 {
                            let pair = pairs[SimpleWordTables.pairIndex(previous, entry, rightClassCount: rightClassCount)]
                            advances[index - 1] += Int64(Int32(truncatingIfNeeded: pair))
                            kernings[index] = pair
                        }
                        previous = entry
                    }
                }
            }
            func kerning(at index: Int) -> Int64 { Int64(Int32(truncatingIfNeeded: kernings[index])) }
            func isUnsafe(_ index: Int) -> Bool { kernings[index] & SimpleWordTables.unsafe != 0 }
            var start = 0
            var startsUnsafely = false
            while start < count {
                var end = start + 1
                while end < contentEnd, !Breaks.breaks(in: chunk, before: end) { end += 1 }
                if end >= contentEnd { end = count }
                let content = min(end, contentEnd)
                var width: Int64 = 0
                for index in start..<content { width += advances[index] }
                var trailing: Int64 = 0
                for index in (content..<end).reversed() { trailing += advances[index] }
                var segment = SegmentMetrics(
                    width: Double(width) * pointsPerUnit, trailingWidth: Double(trailing) * pointsPerUnit,
                    hyphenWidth: 0, faceMask: SimpleWordShaper.primaryFaceMask, hasTab: false)
                let endsUnsafely = end < count && isUnsafe(end)
                if startsUnsafely || endsUnsafely {
                    // Reshaped alone, the segment loses the kerning with the
                    // next character.
                    let alone = end < count ? -kerning(at: end) : 0
                    let extra = Double(max(0, alone)) * pointsPerUnit
                    (segment.startExtra, segment.endExtra) = startsUnsafely && endsUnsafely
                        ? (extra, extra) : (startsUnsafely ? extra : 0, endsUnsafely ? extra : 0)
                    segment.startsJoined = startsUnsafely
                }
                guard body(end, segment) else { return false }
                startsUnsafely = endsUnsafely
                start = end
            }
            return true
        }
    }
}

/// A script's ``SimpleWordModel`` at one size, packed for lookups: one
/// 64-bit entry per code unit holding the glyph's advance, its kerning
/// classes and its line-break bits, and the kerning of each pair of classes
/// in HarfBuzz's units. The tables are memory the object owns (freed in
/// `deinit`), immutable once made.
private final class SizedSimpleWords: @unchecked Sendable {
    let tables: SimpleWordTables
    private typealias Tables = SimpleWordTables

    /// `model` at the size of `font`: advances from HarfBuzz's own font
    /// functions, kerning scaled as HarfBuzz 6 scales `GPOS` values
    /// (`hb_font_t::em_mult`, with `x_mult` computed in single precision as
    /// `mults_changed` does). `nil` when the model has too many classes.
    init?(_ model: SimpleWordModel, font: SizedFont, asciiBreaks: (any AsciiPairBreaks.Type)?) {
        guard model.leftClassCount < 1 << Tables.classBits, model.rightClassCount < 1 << Tables.classBits else { return nil }
        var xScale: Int32 = 0
        var yScale: Int32 = 0
        hb_font_get_scale(font.hbFont, &xScale, &yScale)
        let upem = Float(hb_face_get_upem(font.face.hbFace))
        let xMultiplier = Int64(Float(Int64(xScale) << 16) / upem)
        func scaled(_ value: Int16) -> Int32 { Int32(truncatingIfNeeded: (Int64(value) * xMultiplier + 32768) >> 16) }
        var units = [UInt64](repeating: 0, count: Tables.slotCount)
        for unit in 0..<SimpleWordModel.unitLimit {
            let entry = model.units[unit]
            let slot = Tables.slot(of: UInt16(unit))
            guard entry != SimpleWordModel.notSimple, slot < Tables.slotCount - 1 else { continue }
            let glyph = Int(entry & SimpleWordModel.glyphBits)
            let advance = hb_font_get_glyph_h_advance(font.hbFont, model.glyphs[glyph])
            var packed = UInt64(UInt32(bitPattern: advance)) | Tables.isSimple
            packed |= UInt64(model.leftClasses[glyph]) << 32 | UInt64(model.rightClasses[glyph]) << (32 + Tables.classBits)
            if entry & SimpleWordModel.joins != 0 { packed |= Tables.joins }
            if unit < 0x80, asciiBreaks?.mayBreak(after: UInt16(unit)) == true { packed |= Tables.breaksAfterInASCII }
            if entry & SimpleWordModel.ownScript != 0 { packed |= Tables.ownScript }
            if unit >= 0x80 { packed |= Tables.outsideASCII }
            units[slot] = packed
        }
        let pairs = model.pairs.map { cell in
            var kerning: Int32 = 0
            for slot in 0..<model.pairLookupCount {
                kerning &+= scaled(Int16(truncatingIfNeeded: cell >> (16 * UInt64(slot))))
            }
            return Int64(UInt32(bitPattern: kerning)) | (cell & SimpleWordModel.forbiddenBit != 0 ? Tables.forbidden : 0)
                | (cell & SimpleWordModel.unsafeBit != 0 ? Tables.unsafe : 0)
        }
        tables = SimpleWordTables(
            units: SizedSimpleWords.owned(units), pairs: SizedSimpleWords.owned(pairs), rightClassCount: model.rightClassCount)
    }

    deinit {
        tables.units.deallocate()
        tables.pairs.deallocate()
    }

    /// A copy of `values` in memory this object owns.
    private static func owned<Value>(_ values: [Value]) -> UnsafeBufferPointer<Value> {
        let copy = UnsafeMutableBufferPointer<Value>.allocate(capacity: values.count)
        _ = copy.initialize(from: values)
        return UnsafeBufferPointer(copy)
    }
}

/// The tables of a ``SizedSimpleWords``, which owns them: passed by value,
/// so lookups touch no reference count. Valid while their owner lives.
private struct SimpleWordTables: @unchecked Sendable {
    /// Per slot (``slot(of:)``): the advance in HarfBuzz's units (low 32
    /// bits), the left class (bits 32–41), the right class (42–51), the
    /// model's line-break and script bits, ``outsideASCII`` and ``isSimple``.
    let units: UnsafeBufferPointer<UInt64>
    /// Per pair of classes (`left * rightClassCount + right`): the kerning
    /// in HarfBuzz's units (low 32 bits), ``forbidden`` and ``unsafe``
    /// (HarfBuzz marks the second character unsafe to break before).
    let pairs: UnsafeBufferPointer<Int64>
    let rightClassCount: Int

    static let isSimple: UInt64 = 1 << 63
    static let joins: UInt64 = 1 << 62
    /// An ASCII character after which Chromium's table may break.
    static let breaksAfterInASCII: UInt64 = 1 << 61
    static let ownScript: UInt64 = 1 << 60
    static let outsideASCII: UInt64 = 1 << 59
    static let forbidden: Int64 = 1 << 32
    static let unsafe: Int64 = 1 << 33
    static let classBits = 10

    /// The code units that have slots: U+0000–U+024F, U+0370–U+052F (Greek
    /// and Cyrillic) and U+2000–U+206F, in that order; every other unit
    /// shares the last slot, which is never simple.
    static let slotCount = 0x250 + (0x530 - 0x370) + 0x70 + 1

    @inline(__always)
    static func slot(of unit: UInt16) -> Int {
        let unit = Int(unit)
        if unit < 0x250 { return unit }
        if unit >= 0x370 && unit < 0x530 { return unit - 0x370 + 0x250 }
        if unit >= 0x2000 && unit < 0x2070 { return unit - 0x2000 + 0x250 + 0x1C0 }
        return slotCount - 1
    }

    @inline(__always)
    static func pairIndex(_ left: UInt64, _ right: UInt64, rightClassCount: Int) -> Int {
        let mask: UInt64 = 1 << UInt64(classBits) - 1
        return Int(left >> 32 & mask) &* rightClassCount &+ Int(right >> UInt64(32 + classBits) & mask)
    }
}

/// A script model made on first use, or found missing (`nil` inside).
private final class LazySimpleWords: Sendable {
    let sized: SizedSimpleWords?
    init(_ sized: SizedSimpleWords?) { self.sized = sized }
}
