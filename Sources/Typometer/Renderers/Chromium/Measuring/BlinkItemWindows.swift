/// A paragraph's inline items window by window, so that its intrinsic
/// widths and line boxes take memory bounded by a window, not by the
/// paragraph (``TextMeasurer/blinkContentWidth(of:parts:measurers:minimum:)``,
/// ``TextMeasurer/blinkWidestLineBox(of:parts:measurers:lines:)``).
///
/// A window ends where the text around, shaped whole and shaped in two
/// there, gives the same clusters and advances (no kerning, joining or
/// script carried across) and HarfBuzz marks breaking safe (probed), so
/// each window's pen, shaped on its own, is the whole paragraph's from the
/// window's start; and, for the widths of words (``Cuts/betweenWords``),
/// after a run of spaces (a break opportunity: no word crosses it), or for
/// line boxes (``Cuts/atLineStarts(_:)``) where a line starts (no line
/// crosses it). An item may go on across a cut; ``Window/startsItem``
/// tells. A paragraph with no such place is one window.
///
/// Lives only while the text's buffer is lent.
struct BlinkItemWindows {
    /// One window and its items (offsets from its start).
    struct Window {
        let range: Range<Int>
        let items: BlinkItems
        /// Whether the window's first item starts at the window (else it
        /// goes on from the last item of the window before).
        let startsItem: Bool
    }

    /// Where a window may end.
    enum Cuts {
        /// After a run of spaces.
        case betweenWords
        /// At one of these offsets (increasing), where lines start.
        case atLineStarts([Int])
    }

    /// How far around a cut the probe shapes, in code units.
    private static let probeReach = 32

    private let units: UTF16Text
    private let paragraph: Range<Int>
    private let parts: [StyledPart]
    private let measurers: [TextMeasurer]
    private let length: Int
    private let cuts: Cuts
    private let levels: [UInt8]?
    /// Where the paragraph's leading spaces end (an item starts there).
    private let leadingSpacesEnd: Int
    private var start: Int
    private var firstPart: Int

    /// The windows of `paragraph` (not empty) of `units`, made of `parts`
    /// in the styles of `measurers`, of about `length` code units: a window
    /// is cut from half `length` past its start to `length`, or after.
    init(of units: UTF16Text, paragraph: Range<Int>, parts: [StyledPart], measurers: [TextMeasurer], length: Int,
         cuts: Cuts) {
        self.units = units
        self.cuts = cuts
        self.paragraph = paragraph
        self.parts = parts
        self.measurers = measurers
        self.length = max(length, 2 * Self.probeReach)
        levels = BlinkItems.levels(of: units, paragraph: paragraph)
        var spaces = paragraph.lowerBound
        while spaces < paragraph.upperBound, units[spaces] == 0x20 { spaces += 1 }
        leadingSpacesEnd = spaces
        start = paragraph.lowerBound
        firstPart = parts.firstPart(endingAfter: paragraph.lowerBound)
    }

    /// The next window, `nil` past the paragraph's end.
    mutating func next() -> Window? {
        guard start < paragraph.upperBound else { return nil }
        let end = cut(after: start)
        let range = start..<end
        while parts[firstPart].range.upperBound <= start { firstPart += 1 }
        let (pieces, spanStarts) = BlinkItems.pieces(of: parts[firstPart...], measurers: measurers, in: range)
        let window = Window(
            range: range,
            items: BlinkItems(of: units, paragraph: paragraph, window: range, pieces: pieces, spanStarts: spanStarts,
                              levels: levels),
            startsItem: startsItem(at: start))
        start = end
        return window
    }

    private func level(_ offset: Int) -> UInt8 { levels?[offset - paragraph.lowerBound] ?? 0 }

    /// Whether one of Blink's items starts at `offset` (as ``BlinkItems``
    /// finds its boundaries).
    private func startsItem(at offset: Int) -> Bool {
        guard offset > paragraph.lowerBound else { return true }
        func isControl(_ unit: UInt16) -> Bool { unit == 0x09 || unit == 0x0D || unit == 0x0C || unit == 0x200C }
        let unit = units[offset], previous = units[offset - 1]
        if unit == 0x09 && previous == 0x09 { return false }
        return level(offset) != level(offset - 1) || isControl(unit) || isControl(previous) || offset == leadingSpacesEnd
            || parts[parts.firstPart(endingAfter: offset)].range.lowerBound == offset
    }

    /// Where the window from `start` ends: the last place it may be cut in
    /// its second half, else the first one after, else the paragraph's end.
    private func cut(after start: Int) -> Int {
        guard paragraph.upperBound - start > length else { return paragraph.upperBound }
        let goal = start + length, least = start + length / 2
        switch cuts {
        case .betweenWords:
            for offset in stride(from: goal, to: least, by: -1) where mayCutBetweenWords(at: offset) { return offset }
            for offset in goal + 1..<paragraph.upperBound where mayCutBetweenWords(at: offset) { return offset }
        case .atLineStarts(let starts):
            // The first line start past the goal, by bisection.
            var low = 0, high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] <= goal { low = middle + 1 } else { high = middle }
            }
            for index in stride(from: low - 1, through: 0, by: -1) where starts[index] > least {
                if mayCut(at: starts[index]) { return starts[index] }
            }
            for index in low..<starts.count where starts[index] < paragraph.upperBound {
                if mayCut(at: starts[index]) { return starts[index] }
            }
        }
        return paragraph.upperBound
    }

    /// Whether the paragraph may be cut at `offset` between words: after a
    /// space, before no space, and ``mayCut(at:)``.
    private func mayCutBetweenWords(at offset: Int) -> Bool {
        units[offset - 1] == 0x20 && units[offset] != 0x20 && mayCut(at: offset)
    }

    /// Whether the paragraph may be cut at `offset` into windows measured
    /// apart: the text around, shaped whole and shaped in two at `offset`,
    /// gives the same clusters, advances and faces (no kerning, joining or
    /// script carried across), and HarfBuzz marks breaking there safe.
    private func mayCut(at offset: Int) -> Bool {
        guard offset > start, offset < paragraph.upperBound else { return false }
        // Runs in two styles are shaped apart; in one, the probe tells.
        let after = parts.firstPart(endingAfter: offset)
        let before = parts[after].range.lowerBound == offset ? after - 1 : after
        guard parts[before].measurer == parts[after].measurer else { return true }
        let measurer = measurers[parts[after].measurer]
        let probe = max(paragraph.lowerBound, parts[before].range.lowerBound, offset - Self.probeReach)
            ..< min(paragraph.upperBound, parts[after].range.upperBound, offset + Self.probeReach)
        func clusters(_ range: Range<Int>) -> SegmentGraphemes {
            measurer.interior(of: units, range: range, paragraph: paragraph, base: 0, rules: ChromiumRules.self).clusters
        }
        let whole = clusters(probe), left = clusters(probe.lowerBound..<offset), right = clusters(offset..<probe.upperBound)
        let shift = offset - probe.lowerBound
        guard let cluster = whole.offsets.firstIndex(of: shift), cluster == left.offsets.count,
              !whole.unsafeBefore[cluster], !whole.startsInsideShapingCluster(cluster),
              whole.offsets == left.offsets + right.offsets.map({ $0 + shift }),
              whole.advances == left.advances + right.advances,
              whole.faceBits == left.faceBits + right.faceBits
        else { return false }
        return true
    }
}
