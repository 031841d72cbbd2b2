import Typometer
import TypometerJSONLines
import TypometerLayout

/// `--layout timeline`: intervals with a `"start"` and a `"duration"` (units of time, times
/// `--time-scale` points per unit) and an optional `"text"`, drawn in the interval's frame at
/// the lane's width.
struct TimelineCards: ToolLayout {
    static let options: Set<String> = ["time-scale", "minimum-height", "spacing"]
    static let streams = false
    /// The members of an interval's input line.
    static let memberNames = StyleOptions.memberNames.adding(["start", "duration"])

    let emptySnapshot: LayoutSnapshot<TimelineLayout>

    /// `--time-scale` (default 1), `--minimum-height` (default 0), `--spacing` between lanes and
    /// `--container-width`.
    init(_ parsed: ParsedArguments) throws(UsageError) {
        let scale = try parsed.number("time-scale", in: 1e-6...1e6) ?? 1
        let minimumHeight = try parsed.number("minimum-height", in: 0...1e6) ?? 0
        let spacing = try LayoutChoice.spacing(parsed)
        let containerWidth = try LayoutChoice.containerWidth(parsed)
        do {
            let layout = try TimelineLayout(scale: scale, minimumItemHeight: minimumHeight, laneSpacing: spacing)
            emptySnapshot = try LayoutSnapshot(layout: layout, containerWidth: containerWidth)
        } catch {
            throw error.usageError
        }
    }

    func card(_ line: InputLine, options: StyleOptions) -> Result<Card<TimelineItem>, LineFailure> {
        do throws(LineFailure) {
            let record = try InputRecord(line)
            try options.checkMembers(of: record, known: Self.memberNames)
            guard let start = try record.number("start", in: -1e12...1e12) else { throw record.failure("no \"start\"") }
            guard let duration = try record.number("duration", in: 0...1e12) else {
                throw record.failure("no \"duration\"")
            }
            let text = try record.optionalString("text") ?? ""
            let style = try options.measurer(for: record).style  // loads the font: a bad one fails this line
            return .success(Card(rawID: record.rawID, lineNumber: line.number, text: text, style: style,
                                 item: TimelineItem(start: start, duration: duration)))
        } catch {
            return .failure(error)
        }
    }

    func layoutItem(of card: Card<TimelineItem>) -> TimelineItem { card.item }

    /// The text wraps at the lane's width, known once the intervals are solved.
    func textHeight(of card: Card<TimelineItem>, in frame: LayoutFrame, store: TextMeasurerStore) throws -> Double {
        try store.measurer(for: card.style).height(of: card.text, width: frame.width)
    }

    func draw(_ card: Card<TimelineItem>, in frame: LayoutFrame, with painter: PagePainter,
              on canvas: inout Canvas) throws -> Bool {
        try painter.drawInterval(card.text, style: card.style, in: frame, on: &canvas)
    }

    func summary(of snapshot: LayoutSnapshot<TimelineLayout>) -> [(String, String)] {
        [("time_scale", JSONText.number(snapshot.layout.scale))]
    }
}
