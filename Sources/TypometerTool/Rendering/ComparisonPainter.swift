import Typometer
import TypometerCorpus
import TypometerJSONLines

/// Draws fidelity mismatches: for each case a caption, then the text
/// broken at Typometer's line starts beside the same text broken at the
/// reference renderer's, each in a box of the case's width, starting two
/// lines above the first line that breaks differently.
struct ComparisonPainter {
    let store: TextMeasurerStore
    let scale: Double
    /// The screen the cases were laid out on.
    var devicePixelRatio = 1.0
    let margin = 16.0
    let gap = 40.0
    let captionHeight = 22.0
    /// Panels are cut off below this many points, so a case broken into
    /// hundreds of lines does not make the picture unreadably tall.
    let maximumPanelHeight = 480.0

    /// A picture of `outcomes`, each labelled with its renderer.
    func draw(_ outcomes: [(FidelityOutcome, ReferenceRenderer)]) throws -> Canvas {
        let widths = outcomes.map { min($0.0.referenceCase.width, 700) }
        let heights = outcomes.map { min(max($0.0.height, $0.0.reference.height ?? 0), maximumPanelHeight) }
        let width = max(widths.map { 2 * $0 + gap }.max() ?? 0, 620)
        let height = zip(heights, outcomes).map { $0.0 + 2 * captionHeight + margin }.reduce(0, +)
        let pages = PagePainter(store: store, scale: scale, margin: margin)
        var canvas = try pages.canvas(width: width, height: height)
        let captions = try pages.painter(for: TextStyle(font: .family("Noto Sans"), size: 12))
        var top = margin
        for ((outcome, renderer), (panelWidth, panelHeight)) in zip(outcomes, zip(widths, heights)) {
            let item = outcome.referenceCase
            let face = item.font.split(separator: "/").last.map(String.init) ?? item.font
            let caption = "\(item.id) · \(item.category ?? "core") · \(face) \(JSONText.number(item.size))pt"
                + " · width \(JSONText.number(item.width))"
                + (item.lineLimit.map { " · limit \($0)" } ?? "")
            let style = TextStyle(font: .file(path: Corpus.fontPath(item.font)), size: item.size,
                                  lineLimit: item.lineLimit, profile: renderer == .chromium ? .chromium : .pango,
                                  devicePixelRatio: devicePixelRatio)
            let painter = try pages.painter(for: style)
            let measured = try store.measurer(for: style).shapedLines(of: item.text, width: item.width)
            let referenceStarts = outcome.reference.lineStarts ?? []
            let referenceLines = outcome.reference.lines ?? 0
            let referenceLineHeight = referenceLines > 0 ? (outcome.reference.height ?? 0) / Double(referenceLines) : 0
            // Start two lines above the first line that breaks differently.
            let firstDifference = zip(outcome.lineStarts, referenceStarts).prefix { $0 == $1 }.count
            let firstShown = max(0, firstDifference - 2)
            let panels: [[ShapedLine]] = [
                measured,
                Self.lines(of: item.text, starts: referenceStarts).map {
                    painter.line(of: $0, height: referenceLineHeight)
                },
            ]
            let comparison = "left Typometer: \(outcome.lines) lines, \(JSONText.number(outcome.height)) pt · right "
                + "\(renderer.rawValue): \(referenceLines) lines, \(JSONText.number(outcome.reference.height ?? 0)) pt"
                + (firstShown > 0 ? " · from line \(firstShown + 1)" : "")
            captions.draw(Substring(caption), x: margin, baseline: top + 14, color: .label, on: &canvas)
            captions.draw(Substring(comparison), x: margin, baseline: top + captionHeight + 14, color: .label, on: &canvas)
            top += 2 * captionHeight
            for (column, lines) in panels.enumerated() {
                let x = margin + Double(column) * (panelWidth + gap)
                let shown = Self.prefix(of: Array(lines.dropFirst(firstShown)), fitting: panelHeight)
                let drawn = painter.drawBlock(shown, x: x, y: top, width: panelWidth, lineSpacing: 0, on: &canvas)
                canvas.stroke(x: pages.pixel(x), y: pages.pixel(top), width: pages.pixel(panelWidth),
                              height: max(pages.pixel(drawn.height), 1), color: column == 0 ? .fits : .frame)
            }
            top += panelHeight + margin
        }
        return canvas
    }

    /// The first lines whose heights add up to at most `height`.
    static func prefix(of lines: [ShapedLine], fitting height: Double) -> [ShapedLine] {
        var total = 0.0
        return Array(lines.prefix { line in
            total += line.height
            return total <= height + 0.01
        })
    }

    /// `text` cut at UTF-16 offsets `starts`; the last line runs to the end
    /// of the text or the next hard break.
    static func lines(of text: String, starts: [Int]) -> [Substring] {
        let units = text.utf16
        return starts.enumerated().map { index, start in
            let lower = units.index(units.startIndex, offsetBy: min(start, units.count))
            var upper = index + 1 < starts.count
                ? units.index(units.startIndex, offsetBy: min(starts[index + 1], units.count)) : text.endIndex
            if index + 1 == starts.count, let newline = text[lower...].firstIndex(where: \.isNewline) { upper = newline }
            return text[lower..<max(lower, upper)]
        }
    }
}
