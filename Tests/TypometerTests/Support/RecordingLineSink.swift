@testable import Typometer

/// A ``LineSink`` that keeps every line it is given, and wants no more once
/// it holds `limit` (as the measurer's sinks stop at a style's line limit).
struct RecordingLineSink: LineSink {
    /// A line's UTF-16 range and width in points.
    struct Line: Equatable, CustomStringConvertible {
        var start: Int
        var end: Int
        var width: Double

        init(_ range: Range<Int>, _ width: Double) {
            start = range.lowerBound
            end = range.upperBound
            self.width = width
        }

        var description: String { "\(start)..<\(end) \(width) pt" }
    }

    let limit: Int
    private(set) var lines: [Line] = []
    /// Each line's face mask (``FaceRegistry`` bits).
    private(set) var faceMasks: [UInt64] = []

    init(limit: Int = .max) {
        self.limit = limit
    }

    mutating func add(start: Int, end: Int, width: Double, endWhite: Double, faceMask: UInt64) -> Bool {
        lines.append(Line(start..<end, width))
        faceMasks.append(faceMask)
        return lines.count < limit
    }

    var lastLine: (start: Int, faceMask: UInt64)? { lines.last.map { ($0.start, faceMasks[faceMasks.count - 1]) } }

    mutating func reviseLastLine(height: Double, faceMask: UInt64, width: Double) {
        if !faceMasks.isEmpty { faceMasks[faceMasks.count - 1] = faceMask }
        if !lines.isEmpty { lines[lines.count - 1].width = width }
    }
}
