/// A text analysed once for one style, independent of width: its break
/// opportunities and the advance of every segment between them. Measuring a
/// prepared text at a width is arithmetic over those advances, so a width
/// change re-measures without shaping again.
///
/// Opaque on purpose; get one from ``TextMeasurer/prepare(_:)`` and measure
/// it with the same measurer. About 24 bytes per word plus the text, shared
/// by every copy; safe to share across threads.
public struct PreparedText: Sendable {
    /// The style the text was prepared for.
    public var style: TextStyle { storage.style }
    /// The text's length in UTF-16 code units.
    public var utf16Count: Int { storage.utf16Count }

    let storage: PreparedStorage
}

/// The shared, immutable contents of a ``PreparedText``.
final class PreparedStorage: Sendable {
    /// One segment in 24 bytes: its advances, its end and its faces. The
    /// rare segment with a hyphen, a tab, kerning across its edges, a
    /// trimmable closing bracket or faces past the mask table keeps its full
    /// metrics in `unusual`.
    struct Segment: Sendable {
        var width: Double
        var trailingWidth: Double
        /// End offset (UTF-16, from its paragraph's start, which a
        /// paragraph's length limit keeps in 32 bits); a segment starts
        /// where the one before it in its paragraph ends.
        var end: Int32
        /// Index into `faceMasks`, or `UInt16.max` for a segment in `unusual`.
        var faceMaskIndex: UInt16
        /// `SegmentMetrics.startsJoined` (it fits in the padding).
        var startsJoined: Bool
    }

    let style: TextStyle
    /// The measurer that prepared the text.
    let preparer: MeasurerIdentity
    let text: String
    let utf16Count: Int
    /// Each paragraph's code-unit range and its segments' range in `segments`.
    let paragraphs: [(units: Range<Int>, segments: Range<Int>)]
    let segments: [Segment]
    let faceMasks: [UInt64]
    let unusual: [Int: SegmentMetrics]
    /// Where the renderer restarts its break iterator at a line's start
    /// (``BreakRestarts``: Chromium), the width of the widest segment whose
    /// chunk a restart may divide otherwise; 0 when none. Only lines
    /// narrower than it can break such a segment between characters and
    /// restart there.
    let widestRestartSensitiveSegment: Double
    /// About the bytes it holds: its text, segments and tables.
    let byteCount: Int

    init(style: TextStyle, preparer: MeasurerIdentity, text: String, utf16Count: Int,
         paragraphs: [(units: Range<Int>, segments: Range<Int>)], ends: [Int], metrics: [SegmentMetrics],
         widestRestartSensitiveSegment: Double) {
        self.style = style
        self.preparer = preparer
        self.text = text
        self.utf16Count = utf16Count
        self.widestRestartSensitiveSegment = widestRestartSensitiveSegment
        self.paragraphs = paragraphs
        var masks: [UInt64] = []
        var maskIndex: [UInt64: UInt16] = [:]
        var unusual: [Int: SegmentMetrics] = [:]
        var segments: [Segment] = []
        segments.reserveCapacity(metrics.count)
        // Paragraphs hold consecutive runs of the segments, in order.
        for paragraph in paragraphs {
            for index in paragraph.segments {
                let metric = metrics[index]
                var slot = maskIndex[metric.faceMask]
                if slot == nil, masks.count < Int(UInt16.max) {
                    slot = UInt16(masks.count)
                    masks.append(metric.faceMask)
                    maskIndex[metric.faceMask] = slot
                }
                let isUsual = metric.hyphenWidth == 0 && !metric.hasTab && metric.endExtra == 0
                    && metric.startExtra == 0 && metric.endTrim == 0 && !metric.isWhite && !metric.beforeHardBreak && slot != nil
                if !isUsual { unusual[index] = metric }
                segments.append(Segment(
                    width: metric.width, trailingWidth: metric.trailingWidth,
                    end: Int32(ends[index] - paragraph.units.lowerBound),
                    faceMaskIndex: isUsual ? slot! : UInt16.max, startsJoined: metric.startsJoined))
            }
        }
        self.segments = segments
        self.faceMasks = masks
        self.unusual = unusual
        self.byteCount = 256 + text.utf8.count + segments.count * MemoryLayout<Segment>.stride
            + masks.count * 8 + unusual.count * (MemoryLayout<SegmentMetrics>.stride + 16)
            + paragraphs.count * MemoryLayout<(units: Range<Int>, segments: Range<Int>)>.stride
    }

    /// The metrics of segment `index`.
    @inline(__always)
    func metrics(_ index: Int) -> SegmentMetrics {
        let segment = segments[index]
        if segment.faceMaskIndex == UInt16.max { return unusual[index]! }
        var metrics = SegmentMetrics(
            width: segment.width, trailingWidth: segment.trailingWidth, hyphenWidth: 0,
            faceMask: faceMasks[Int(segment.faceMaskIndex)], hasTab: false)
        metrics.startsJoined = segment.startsJoined
        return metrics
    }
}
