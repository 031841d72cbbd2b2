/// Measures texts in one ``TextStyle``: how many lines a text takes at a
/// width, how tall they are, and where they break, reproducing Chromium or
/// Pango (see ``RenderingProfile``) without drawing.
///
/// Creating a measurer resolves the style's font (reading its file once);
/// make one per style and keep it, or get it from a ``TextMeasurerStore``.
/// Every method is safe to call from any thread at once; results are cached
/// per measurer (segment advances, see ``wordCacheStatistics``).
public final class TextMeasurer: Sendable {
    public let style: TextStyle
    public let fontSet: FontSet
    /// The face the style resolved to.
    public let primaryFace: FontFace

    let registry: FaceRegistry
    let shaper: SegmentShaper
    let lineHeights: LineHeights
    let wordCache: BoundedCache<[UInt16], ChunkMetrics>

    /// Paragraphs longer than this are analysed window by window under a
    /// line limit, so work stops soon after the last visible line.
    static let windowedParagraphLength = 1024

    /// - Parameters:
    ///   - style: the style to measure in; validated here.
    ///   - fontSet: where the family is looked up and fallback faces come
    ///     from; `nil` for the bundled fonts.
    ///   - wordCacheLimit: the most segment advances kept (each a few dozen bytes).
    /// - Throws: ``TypometerError`` for an invalid style, a missing family or
    ///   an unreadable or invalid font file.
    public init(style: TextStyle, fontSet: FontSet? = nil, wordCacheLimit: Int = 100_000) throws {
        try style.validate()
        let fontSet = try fontSet ?? FontSet.bundled()
        let primary: FontFace
        switch style.font {
        case .family(let family): primary = try fontSet.face(family: family)
        case .file(let path, let index): primary = try fontSet.face(file: path, index: index)
        }
        self.style = style
        self.fontSet = fontSet
        self.primaryFace = primary
        self.registry = FaceRegistry(primary: primary, size: style.size)
        self.shaper = SegmentShaper(
            selector: FontSelector(primary: primary, fontSet: fontSet), registry: registry, profile: style.profile)
        self.lineHeights = LineHeights(profile: style.profile, registry: registry)
        self.wordCache = BoundedCache(limit: wordCacheLimit)
    }

    // MARK: Measuring

    /// The height in points of `text` laid out at `width` points, under the
    /// style's line limit and spacing.
    ///
    /// Edges: empty text is 0 tall under `.chromium` and one line under
    /// `.pango`; a width of zero, below zero or NaN is treated as 0 (every
    /// grapheme cluster on its own line, which errs tall); `.infinity` means
    /// no wrapping.
    public func height(of text: String, width: Double) -> Double {
        totals(of: text, width: width).height
    }

    /// The number of lines `text` takes at `width` points, at most the
    /// style's line limit. Edges as for ``height(of:width:)``.
    public func lineCount(of text: String, width: Double) -> Int {
        totals(of: text, width: width).count
    }

    /// Each line of `text` at `width` points, up to the line limit: its
    /// range, advance width and height.
    public func lines(of text: String, width: Double) -> [MeasuredLine] {
        var units = Array(text.utf16)
        var collector = LineCollector(heights: lineHeights, limit: style.lineLimit)
        units.withUnsafeBufferPointer { buffer in
            layOut(buffer, width: width, into: &collector)
        }
        units.removeAll()
        return makeLines(collector, text: text)
    }

    func totals(of text: String, width: Double) -> LineTotals {
        let units = Array(text.utf16)
        var totals = LineTotals(heights: lineHeights, limit: style.lineLimit, lineSpacing: style.lineSpacing)
        units.withUnsafeBufferPointer { buffer in
            layOut(buffer, width: width, into: &totals)
        }
        return totals
    }

    // MARK: Preparing

    /// Analyses `text` once (break opportunities, segment advances) so it can
    /// be measured at any width by arithmetic alone.
    /// - Complexity: shapes the whole text; O(n) memory in its length.
    public func prepare(_ text: String) -> PreparedText {
        let units = Array(text.utf16)
        var paragraphs: [(units: Range<Int>, segments: Range<Int>)] = []
        var segmentEnds: [Int] = []
        var metrics: [SegmentMetrics] = []
        units.withUnsafeBufferPointer { buffer in
            for paragraph in self.paragraphs(of: buffer) {
                let first = segmentEnds.count
                forEachSegment(in: buffer, paragraph: paragraph) { _, end, segmentMetrics in
                    segmentEnds.append(end)
                    metrics.append(segmentMetrics)
                    return true
                }
                paragraphs.append((paragraph, first..<segmentEnds.count))
            }
        }
        return PreparedText(
            style: style, text: text, units: units, paragraphs: paragraphs, segmentEnds: segmentEnds,
            metrics: metrics)
    }

    /// The height of a prepared text at `width`: arithmetic over its segment
    /// advances (a text prepared by a measurer of another style is prepared
    /// again for this one).
    public func height(of prepared: PreparedText, width: Double) -> Double {
        preparedTotals(prepared, width: width).height
    }

    /// The line count of a prepared text at `width`.
    public func lineCount(of prepared: PreparedText, width: Double) -> Int {
        preparedTotals(prepared, width: width).count
    }

    /// The lines of a prepared text at `width`.
    public func lines(of prepared: PreparedText, width: Double) -> [MeasuredLine] {
        let prepared = prepared.style == style ? prepared : prepare(prepared.text)
        var collector = LineCollector(heights: lineHeights, limit: style.lineLimit)
        layOut(prepared, width: width, into: &collector)
        return makeLines(collector, text: prepared.text)
    }

    func preparedTotals(_ prepared: PreparedText, width: Double) -> LineTotals {
        let prepared = prepared.style == style ? prepared : prepare(prepared.text)
        var totals = LineTotals(heights: lineHeights, limit: style.lineLimit, lineSpacing: style.lineSpacing)
        layOut(prepared, width: width, into: &totals)
        return totals
    }

    // MARK: Caches

    /// Hits, misses and size of the cache of segment (word) advances.
    public var wordCacheStatistics: CacheStatistics { wordCache.statistics }

    /// Empties the measurer's caches.
    public func clearCaches() { wordCache.removeAll() }
}
