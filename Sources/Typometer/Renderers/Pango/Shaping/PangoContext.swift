import CHarfBuzz

/// What Pango's itemizer knows of a stretch of text (a chunk of a paragraph,
/// a segment or a piece of one) from the paragraph around it. Pango picks
/// faces and scripts for the whole paragraph before it breaks lines, so the
/// text around a stretch can change the face of its spaces and the script of
/// its digits and punctuation.
struct PangoContext: Sendable {
    /// The character after the stretch in its paragraph.
    var following: UInt32?
    /// The bidi levels of the stretch's code units and of the one after it;
    /// `nil` when all are 0.
    var levels: [UInt8]?
    /// When the stretch starts with characters of no script of their own
    /// (Common, Inherited), the script of the last character before it that
    /// has one: Pango's script run goes on through them. At a paragraph's
    /// start, for a stretch with no script at all, the script of the first
    /// character after it that has one, which the run takes.
    var precedingScript: UInt32?
    /// When the stretch starts with characters Pango picks no face for
    /// (spaces, controls, invisible ones), the last character before them
    /// that has one: its item goes on through them.
    var precedingScalar: UInt32?

    /// The context of `range` of `units` in `paragraph`, whose base bidi
    /// level is `base`; `levels` when the caller has resolved them already.
    init(of range: Range<Int>, in units: UTF16Text, paragraph: Range<Int>, base: UInt8,
         levels: [UInt8]?? = nil) {
        following = TextScanning.scalar(in: units, at: range.upperBound, before: paragraph.upperBound)
        self.levels = levels ?? PangoBidiLevels.levels(of: units, range: range, paragraph: paragraph, base: base)
        precedingScript = PangoContext.precedingScript(of: range, in: units, paragraph: paragraph)?.rawValue
        precedingScalar = PangoContext.precedingScalar(of: range, in: units, paragraph: paragraph)
    }

    /// The context of `range` of `units` inside `run`, a run of one
    /// attribute's values in `paragraph`: Pango ends an item where such a
    /// run ends, so the characters the stretch's spaces take their face from
    /// are the run's; its script and bidi levels are the paragraph's.
    init(of range: Range<Int>, in units: UTF16Text, run: Range<Int>, paragraph: Range<Int>, base: UInt8) {
        self.init(of: range, in: units, paragraph: paragraph, base: base)
        following = TextScanning.scalar(in: units, at: range.upperBound, before: run.upperBound)
        precedingScalar = PangoContext.precedingScalar(of: range, in: units, paragraph: run)
    }

    /// The context of a piece `range` of a stretch whose context is this one
    /// (offsets relative to the stretch's units `units`).
    func piece(_ range: Range<Int>, of units: UTF16Text) -> PangoContext {
        var piece = self
        if range.upperBound < units.count {
            piece.following = TextScanning.scalar(in: units, at: range.upperBound, before: units.count)
        }
        piece.levels = levels.map { Array($0[range.lowerBound..<min(range.upperBound + 1, $0.count)]) }
        if range.lowerBound > 0 {
            piece.precedingScript = PangoContext.precedingScript(of: range, in: units, paragraph: 0..<units.count)?
                .rawValue ?? precedingScript
            piece.precedingScalar = PangoContext.precedingScalar(of: range, in: units, paragraph: 0..<units.count)
                ?? (PangoContext.startsWithNeutral(range, in: units) ? precedingScalar : nil)
        }
        return piece
    }

    /// The last character before `range` that Pango picks a face for, when
    /// `range` starts with one it picks none for; looked for at most
    /// `PangoBidiLevels.margin` units back.
    private static func precedingScalar(of range: Range<Int>, in units: UTF16Text,
                                        paragraph: Range<Int>) -> UInt32? {
        guard startsWithNeutral(range, in: units) else { return nil }
        let limit = max(paragraph.lowerBound, range.lowerBound - PangoBidiLevels.margin)
        return lastScalar(before: range.lowerBound, downTo: limit, in: units) { scalar in
            !PangoClusterFaces.isNeutral(scalar) && scalar != 0x20 && scalar != 0x09
        }?.scalar
    }

    /// The last character before `end`, looking no further back than
    /// `limit`, for which `matches` holds, and where it starts.
    private static func lastScalar(before end: Int, downTo limit: Int, in units: UTF16Text,
                                   where matches: (UInt32) -> Bool) -> (scalar: UInt32, index: Int)? {
        var index = end
        while index > limit {
            index -= 1
            var scalar = UInt32(units[index])
            if UTF16.isTrailSurrogate(units[index]), index > limit, UTF16.isLeadSurrogate(units[index - 1]) {
                index -= 1
                scalar = 0x10000 + ((UInt32(units[index]) - 0xD800) << 10) + (scalar - 0xDC00)
            }
            if matches(scalar) { return (scalar, index) }
        }
        return nil
    }

    private static func startsWithNeutral(_ range: Range<Int>, in units: UTF16Text) -> Bool {
        guard let first = TextScanning.scalar(in: units, at: range.lowerBound, before: range.upperBound) else {
            return false
        }
        return first == 0x20 || first == 0x09 || PangoClusterFaces.isNeutral(first)
    }

    /// The script before `range` when its first character has none of its
    /// own, looked for at most `PangoBidiLevels.margin` units back.
    private static func precedingScript(of range: Range<Int>, in units: UTF16Text,
                                        paragraph: Range<Int>) -> hb_script_t? {
        guard range.lowerBound < range.upperBound,
              let first = TextScanning.scalar(in: units, at: range.lowerBound, before: range.upperBound),
              !hasScript(first) else { return nil }
        let limit = max(paragraph.lowerBound, range.lowerBound - PangoBidiLevels.margin)
        if let (scalar, index) = lastScalar(before: range.lowerBound, downTo: limit, in: units, where: hasScript) {
            // A closing bracket after it takes its opener's run, which can
            // differ: resolve the runs over the text before the stretch.
            guard TextScanning.firstScalar(in: units, index..<range.lowerBound,
                                            where: PairedBrackets.isClosing) != nil else {
                return ScalarProperties.script(of: scalar)
            }
            var before: [UInt32] = []
            TextScanning.decode(units, limit..<range.lowerBound, into: &before)
            let run = ScriptRuns.runScript(after: before)
            return run == HB_SCRIPT_COMMON ? ScalarProperties.script(of: scalar) : run
        }
        guard limit == paragraph.lowerBound else { return nil }
        // No script before: the run takes the first one after, if the
        // stretch has none of its own.
        guard TextScanning.firstScalar(in: units, range, where: hasScript) == nil else { return nil }
        let after = range.upperBound..<min(paragraph.upperBound, range.upperBound + PangoBidiLevels.margin)
        return TextScanning.firstScalar(in: units, after, where: hasScript).map(ScalarProperties.script(of:))
    }

    private static func hasScript(_ scalar: UInt32) -> Bool {
        let script = ScalarProperties.script(of: scalar)
        return script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN
    }
}
