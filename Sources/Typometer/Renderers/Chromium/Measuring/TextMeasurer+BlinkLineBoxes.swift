/// Chromium's line boxes: a line's width is the sum of its inline items'
/// parts, each rounded up to the `LayoutUnit` (``BlinkItems``), and the hyphen
/// a soft hyphen shows is an item of its own. A line of one item is its
/// advance rounded up once.
extension TextMeasurer {
    /// Whether a line of `units`, made of `runs` spans, can hold more than
    /// one of Blink's inline items: several spans, a right-to-left
    /// character or a bidi control, a tab, carriage return, form feed,
    /// zero width non-joiner or soft hyphen, or a paragraph that starts
    /// with spaces. Also a bracket or quotation mark between letters of
    /// Latin and of another script: Blink gives a closing bracket its
    /// opener's script (``PairedBrackets``) and a quotation mark the script
    /// of the run before it (across spaces: `», “good` keeps the “ out of
    /// the Latin run and unkerned), which the whole paragraph's shaping
    /// follows and the line fitter's words do not.
    static func blinkLinesHaveItems(_ units: UTF16Text, runs: Int) -> Bool {
        guard runs <= 1 else { return true }
        var paragraphStart = true
        // The script class of the last letter (none, Latin, other), and
        // that of the letter before a bracket or quotation mark still
        // waiting for the letter after it.
        var lastLetter = ScriptClass.none, beforeMark = ScriptClass.none
        for unit in units {
            switch unit {
            case 0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D, 0xAB, 0xBB, 0x2018...0x201F, 0x2039, 0x203A:
                if lastLetter != .none { beforeMark = lastLetter }
            case 0x09, 0x0C, 0x0D, 0xAD, 0x200C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069,
                 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF,
                 // High surrogates of the right-to-left blocks of plane 1.
                 0xD802, 0xD803, 0xD83A, 0xD83B:
                return true
            case 0x20 where paragraphStart:
                return true
            default:
                let letter = ScriptClass(unit)
                if letter != .none {
                    if beforeMark != .none, beforeMark != letter { return true }
                    beforeMark = .none
                    lastLetter = letter
                }
            }
            paragraphStart = unit == 0x0A || unit == 0x0B || unit == 0x85 || unit == 0x2028 || unit == 0x2029
        }
        return false
    }

    /// Whether a code unit is a Latin letter, a letter of another script,
    /// or neither (digits, punctuation, symbols, surrogates), roughly.
    private enum ScriptClass {
        case none, latin, other

        init(_ unit: UInt16) {
            switch unit {
            case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F: self = .latin
            case 0x0370...0x1FFF, 0x3040...0xD7FF, 0xF900...0xFDFF, 0xFE70...0xFEFF, 0xFF21...0xFFDC: self = .other
            default: self = .none
            }
        }
    }

    /// The widest of `lines` of `units` (each line's range and its
    /// advance as the line fitter measured it, the hyphen of a soft hyphen
    /// included) as Chromium sizes their boxes; `parts` of `units` are in
    /// the styles of `measurers`, each part a span of its own. Shapes each
    /// paragraph once more: a text longer than a window
    /// (``intrinsicWindowLength``) window by window, cut where lines start
    /// (``BlinkItemWindows``).
    func blinkWidestLineBox(
        of units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer],
        lines: [(start: Int, end: Int, advance: Double)]
    ) -> Double {
        var widest = 0.0
        var line = 0
        guard units.count > intrinsicWindowLength else {
            for (paragraph, items) in blinkParagraphItems(of: units, parts: parts, measurers: measurers) {
                var reshaped: [Int: SegmentInterior<ChromiumRules>] = [:]
                // The lines of empty paragraphs before it are empty.
                while line < lines.count, lines[line].start < paragraph.lowerBound { line += 1 }
                while line < lines.count, lines[line].start < paragraph.upperBound {
                    widest = max(widest, blinkLineBox(
                        lines[line], items: items, startsItem: true, of: units, paragraph: paragraph, reshaped: &reshaped))
                    line += 1
                }
            }
            return widest
        }
        HardBreaks.forEachParagraph(in: units, rules: ChromiumRules.self, maximumLength: paragraphLimit) { paragraph in
            guard !paragraph.isEmpty else { return true }
            while line < lines.count, lines[line].start < paragraph.lowerBound { line += 1 }
            var end = line
            while end < lines.count, lines[end].start < paragraph.upperBound { end += 1 }
            var windows = BlinkItemWindows(
                of: units, paragraph: paragraph, parts: parts, measurers: measurers, length: intrinsicWindowLength,
                cuts: .atLineStarts(lines[line..<end].map(\.start)))
            while let window = windows.next() {
                var reshaped: [Int: SegmentInterior<ChromiumRules>] = [:]
                while line < end, lines[line].start < window.range.upperBound {
                    widest = max(widest, blinkLineBox(
                        lines[line], items: window.items, startsItem: window.startsItem, of: units, paragraph: paragraph,
                        reshaped: &reshaped))
                    line += 1
                }
            }
            line = end
            return true
        }
        return widest
    }

    /// The width of the box of `line` of `paragraph`, a line inside the
    /// window `items` cover (whose first item starts at the window when
    /// `startsItem`); `reshaped` keeps the window's pieces shaped again.
    private func blinkLineBox(
        _ line: (start: Int, end: Int, advance: Double), items: BlinkItems, startsItem: Bool, of units: UTF16Text,
        paragraph: Range<Int>, reshaped: inout [Int: SegmentInterior<ChromiumRules>]
    ) -> Double {
        let (start, end, advance) = line
        let window = items.window
        let lineEnd = min(end, paragraph.upperBound)
        // Spaces, tabs and line feeds that end a line hang.
        var contentEnd = lineEnd
        while contentEnd > start, Self.hangsAtLineEnd(units[contentEnd - 1]) { contentEnd -= 1 }
        var measured = advance
        var hyphen = 0.0
        if contentEnd == lineEnd, lineEnd < paragraph.upperBound, contentEnd > start, units[contentEnd - 1] == 0xAD {
            let advance = items.measurer(at: contentEnd - 1 - window.lowerBound).shaper.hyphenAdvance()
            measured -= advance
            hyphen = BlinkItems.ceiling(advance)
        }
        let lower = start - window.lowerBound, upper = contentEnd - window.lowerBound
        // Blink shapes a line's edge again where breaking there is not
        // safe, or where fullwidth punctuation may be trimmed for standing
        // at the line's start or end (``HanKerning``; quotation marks are
        // fullwidth only in some faces): that trimming the line fitter
        // decided.
        func edge(at offset: Int, character: UInt16, inside: Bool) -> BlinkItems.Edge {
            guard inside, !(offset == 0 ? startsItem : items.startsItem(at: offset)) else { return .kept }
            if Self.isFullwidthPunctuation(character) { return .fitted }
            return items.unsafeBreaks.contains(offset) ? .reshaped : .kept
        }
        return hyphen + items.lineWidth(
            from: lower, to: upper, advance: measured,
            start: edge(at: lower, character: units[start], inside: start > paragraph.lowerBound),
            end: edge(at: upper, character: units[max(start, contentEnd - 1)],
                      inside: contentEnd == lineEnd && lineEnd < paragraph.upperBound),
            of: units, paragraph: paragraph, reshaped: &reshaped)
    }

    /// Each paragraph of `units` that is not empty, cut into Blink's
    /// items; a plain text's (one part in this measurer's style) kept in
    /// the line-box cache, so that sizing it at another width shapes
    /// nothing.
    private func blinkParagraphItems(
        of units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer]
    ) -> [(paragraph: Range<Int>, items: BlinkItems)] {
        let plain = measurers.count == 1 && measurers[0] === self
        let key = TextKey(hash: FastHash.hash(units.bytes))
        if plain, let cached = lineBoxCache.value(for: key), cached.units.withUnsafeBytes({ $0.elementsEqual(units.bytes) }),
           let paragraphs = cached.paragraphs as? [(paragraph: Range<Int>, items: BlinkItems)] {
            return paragraphs
        }
        var paragraphs: [(paragraph: Range<Int>, items: BlinkItems)] = []
        BlinkItems.forEachParagraph(of: units, parts: parts, measurers: measurers, maximumLength: paragraphLimit) {
            paragraphs.append(($0, $1))
        }
        if plain {
            let bytes = 64 + 2 * units.count + paragraphs.reduce(0) { $0 + $1.items.estimatedBytes }
            lineBoxCache.insert(LineBoxShaping(units: Array(units), paragraphs: paragraphs, bytes: bytes), for: key, cost: bytes)
        }
        return paragraphs
    }

    /// Whether `unit` hangs at a line's end (a space, tab, line feed or
    /// carriage return): no part of the line box.
    private static func hangsAtLineEnd(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D
    }

    /// A CJK bracket, comma, full stop, middle dot or fullwidth form.
    private static func isFullwidthPunctuation(_ unit: UInt16) -> Bool {
        (0x3001...0x3002).contains(unit) || (0x3008...0x301F).contains(unit) || unit == 0x30FB
            || (0xFF08...0xFF60).contains(unit)
    }
}
