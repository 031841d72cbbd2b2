/// Measures texts in one ``TextStyle``: how many lines a text takes at a
/// width, how tall they are, and where they break, reproducing Chromium or
/// Pango (see ``RenderingProfile``) without drawing.
///
/// Creating a measurer resolves the style's font (reading its file once);
/// make one per style and keep it, or get it from a ``TextMeasurerStore``.
/// Every method is safe to call from any thread at once. Four bounded
/// caches remember what was learned: the advances of words (shared across
/// texts), prepared texts, heights by text and width, and the shaping of
/// texts whose line boxes are sized from it; see
/// ``cacheStatistics``.
public final class TextMeasurer: Sendable {
    public let style: TextStyle
    /// `style` in the measurer's own units (``TextStyle/inDevicePixels``):
    /// device pixels where the renderer lays text out in them. Every width
    /// and height inside the measurer is in these units; its public methods
    /// take and give points.
    let deviceStyle: TextStyle
    /// Device pixels per point (``TextStyle/deviceScale``): 1 but for
    /// Chromium on a screen of another ratio.
    let deviceScale: Double
    public let fontSet: FontSet
    /// The face the style resolved to.
    public let primaryFace: FontFace

    let registry: FaceRegistry
    let shaper: SegmentShaper
    let lineHeights: LineHeights
    /// The layout pass specialised for the style's renderer, chosen once.
    let pass: any LayoutPass
    let wordCache: BoundedCache<ChunkKey, ChunkMetrics>
    let preparedCache: BoundedCache<TextKey, PreparedText>
    let heightCache: BoundedCache<HeightKey, MeasuredHeight>
    let lineBoxCache: BoundedCache<TextKey, LineBoxShaping>
    let primaryCoverage: LatinCoverage
    /// A space's advance in the primary face with the letter and word
    /// spacing after it, in points.
    let spacedSpaceAdvance: Double
    /// The letter spacing a line drops at its ends
    /// (``LineFittingRules/lineEdgeSpacing(letterSpacing:)``), in points.
    let lineEdgeSpacing: Double
    /// The part of ``lineEdgeSpacing`` dropped at a line's left end
    /// (``LineFittingRules/lineLeftEdgeSpacing(letterSpacing:)``), in points.
    let lineLeftEdgeSpacing: Double
    /// Measures words of simple characters in the primary face by table
    /// lookup (`nil` when the face has no simple characters).
    let simpleWords: SimpleWordShaper?
    /// The limits the measurer's caches were made with (its run styles'
    /// measurers get the same).
    let cacheLimits: CacheLimits
    /// The measurers of the run styles of the styled texts measured here.
    let runMeasurers = RunMeasurers()
    /// What the texts this measurer prepares record of it: their face masks
    /// index this measurer's faces.
    let identity = MeasurerIdentity.next()

    /// Paragraphs longer than this are analysed window by window under a
    /// line limit, so work stops soon after the last visible line.
    static let windowedParagraphLength = 1024

    /// The longest paragraph measured as one (UTF-16 code units); a longer
    /// one is measured in pieces that each start a line (see
    /// ``maximumParagraphLength``). Smaller only in tests.
    let paragraphLimit: Int

    /// About how many code units of a long paragraph a renderer lays out at
    /// once for its intrinsic widths (Chromium's inline items, window by
    /// window: ``BlinkItemWindows``), so they take bounded memory. Smaller
    /// only in tests.
    let intrinsicWindowLength: Int

    /// The longest paragraph (text between hard line breaks) measured as
    /// one, in UTF-16 code units: 2³¹ − 2. Texts may be of any length, but
    /// a longer paragraph is measured as consecutive pieces of at most this
    /// length, each ending at a break opportunity where it can and starting
    /// a new line. No renderer lays out such a paragraph to compare with
    /// (a string in Chromium holds at most 2²⁹ − 24 units; a Pango layout's
    /// text at most 2³¹ − 1 bytes), so the pieces change no answer that one
    /// could check; they keep the measurer from failing on 32-bit offsets.
    public static let maximumParagraphLength = HardBreaks.maximumParagraphLength

    /// - Parameters:
    ///   - style: the style to measure in; validated here.
    ///   - fontSet: where the family is looked up and fallback faces come
    ///     from; `nil` for the bundled fonts.
    ///   - cacheLimits: the most entries each cache keeps (0 disables one).
    /// - Throws: ``TypometerError`` for an invalid style, a missing family,
    ///   an unreadable or invalid font file, or Typometer's data not found
    ///   (see ``DataDirectory``).
    public convenience init(style: TextStyle, fontSet: FontSet? = nil, cacheLimits: CacheLimits = CacheLimits()) throws(TypometerError) {
        try self.init(style: style, fontSet: fontSet, cacheLimits: cacheLimits,
                      paragraphLimit: TextMeasurer.maximumParagraphLength)
    }

    init(style: TextStyle, fontSet: FontSet?, cacheLimits: CacheLimits, paragraphLimit: Int,
         intrinsicWindowLength: Int = 1 << 16) throws(TypometerError) {
        try style.validate()
        try DataDirectory.prepareBreakDictionaries()
        let fontSet = if let fontSet { fontSet } else { try FontSet.bundled() }
        let rules = style.profile.rules
        let device = style.inDevicePixels
        let language = style.language.flatMap(TextLanguage.init)
        let primary: FontFace
        switch style.font {
        case .family(let family):
            primary = try fontSet.face(
                family: family, weight: style.weight, italic: style.italic, matching: rules.traits.faceMatching)
        case .file(let path, let index): primary = try fontSet.face(file: path, index: index)
        }
        self.style = style
        self.deviceStyle = device
        self.deviceScale = style.deviceScale
        self.fontSet = fontSet
        self.cacheLimits = cacheLimits
        self.primaryFace = primary
        self.paragraphLimit = paragraphLimit
        self.intrinsicWindowLength = intrinsicWindowLength
        self.registry = FaceRegistry(
            primary: primary, size: device.size, scaling: rules.traits.fontScaling, lineHeight: device.lineHeight,
            subpixelFamily: rules.subpixelPositionedFamily(
                in: fontSet, language: language, devicePixelRatio: style.deviceScale, webFonts: style.webFonts))
        self.shaper = SegmentShaper(
            selector: FontSelector(
                primary: primary, fontSet: fontSet, language: language,
                defaultFace: rules.defaultFace(in: fontSet, language: language).flatMap { $0 === primary ? nil : $0 },
                weight: style.weight, italic: style.italic),
            registry: registry,
            styleFeatures: rules.styleFeatures(style.features.map(\.harfBuzz), letterSpacing: device.letterSpacing),
            spacing: TextSpacing(
                letter: rules.spacing(device.letterSpacing),
                word: rules.traits.addsWordSpacing ? rules.spacing(device.wordSpacing) : 0),
            clusterLevel: rules.traits.clusterLevel, countsSpaceKerning: rules.traits.countsSpaceKerning)
        self.lineEdgeSpacing = rules.lineEdgeSpacing(letterSpacing: rules.spacing(device.letterSpacing))
        self.lineLeftEdgeSpacing = rules.lineLeftEdgeSpacing(letterSpacing: rules.spacing(device.letterSpacing))
        self.spacedSpaceAdvance = shaper.spaceAdvance() + shaper.spacing.letter + shaper.spacing.word
        self.lineHeights = LineHeights(rules: rules, registry: registry)
        self.pass = rules.layoutPass
        self.wordCache = BoundedCache(limit: cacheLimits.words, byteLimit: cacheLimits.bytes / 4)
        self.preparedCache = BoundedCache(
            limit: cacheLimits.preparedTexts, byteLimit: cacheLimits.bytes / 8 * 3, replicated: true)
        self.heightCache = BoundedCache(limit: cacheLimits.heights, byteLimit: cacheLimits.bytes / 4, replicated: true)
        self.lineBoxCache = BoundedCache(limit: cacheLimits.lineBoxes, byteLimit: cacheLimits.bytes / 8, replicated: true)
        self.primaryCoverage = LatinCoverage(primary)
        self.simpleWords = shaper.altersPlainWords ? nil : SimpleWordShaper(font: registry.primary, rules: rules)
    }

    /// - Parameter wordCacheLimit: the most word advances kept; the other
    ///   caches keep their default limits.
    public convenience init(style: TextStyle, fontSet: FontSet? = nil, wordCacheLimit: Int) throws(TypometerError) {
        try self.init(style: style, fontSet: fontSet, cacheLimits: CacheLimits(words: wordCacheLimit))
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
        points(measured(text, width: deviceWidth(width)).height)
    }

    /// The number of lines `text` takes at `width` points, at most the
    /// style's line limit. Edges as for ``height(of:width:)``.
    public func lineCount(of text: String, width: Double) -> Int {
        measured(text, width: deviceWidth(width)).lines
    }

    /// The line count and height of `text` at `width` points, from one
    /// layout (as ``lineCount(of:width:)`` and ``height(of:width:)``).
    public func lineCountAndHeight(of text: String, width: Double) -> (lineCount: Int, height: Double) {
        let measured = measured(text, width: deviceWidth(width))
        return (measured.lines, points(measured.height))
    }

    /// Each line of `text` at `width` points, up to the line limit: its
    /// range, advance width and height.
    public func lines(of text: String, width: Double) -> [MeasuredLine] {
        pointLines(pass.lines(of: text, width: deviceWidth(width), in: self))
    }

    /// Line count and height at `width` in the measurer's units (see
    /// ``deviceStyle``), from the height cache, a prepared text in the
    /// prepared cache, or laid out now.
    func measured(_ text: String, width: Double) -> MeasuredHeight {
        let hash = FastHash.hash(text)
        let key = HeightKey(textHash: hash, width: width)
        if let cached = heightCache.value(for: key), cached.text == text { return cached }
        let totals = if let prepared = preparedCache.value(for: TextKey(hash: hash)), prepared.storage.text == text {
            pass.totals(of: prepared.storage, width: width, in: self)
        } else {
            pass.totals(of: text, width: width, in: self)
        }
        let result = MeasuredHeight(text: text, lines: totals.count, height: totals.height, widest: totals.widest)
        heightCache.insert(result, for: key, cost: MeasuredHeight.fixedBytes + text.utf8.count)
        return result
    }

    /// Calls `body` with the UTF-16 code units of `text` in temporary
    /// storage (on the stack when small), transcoded straight from the
    /// string's UTF-8.
    static func withUTF16<Result>(of text: String, _ body: (UTF16Text) -> Result) -> Result {
        let direct: Result?? = text.utf8.withContiguousStorageIfAvailable { bytes -> Result? in
            // UTF-16 never needs more code units than UTF-8 has bytes.
            withUnsafeTemporaryAllocation(of: UInt16.self, capacity: max(bytes.count, 1)) { buffer in
                let count = UTF16Transcoding.transcode(bytes, into: buffer)
                return body(UTF16Text(UnsafeBufferPointer(rebasing: buffer[0..<count])))
            }
        }
        if let direct, let result = direct { return result }
        let units = Array(text.utf16)
        return units.withUTF16Text(body)
    }

    // MARK: Preparing

    /// Analyses `text` once (break opportunities, segment advances) so it can
    /// be measured at any width by arithmetic alone.
    /// - Complexity: shapes the whole text; O(n) memory in its length.
    public func prepare(_ text: String) -> PreparedText {
        let prepared = PreparedText(storage: pass.prepare(text, in: self))
        preparedCache.insert(prepared, for: TextKey(hash: FastHash.hash(text)), cost: prepared.storage.byteCount)
        return prepared
    }

    /// The height of a prepared text at `width`: arithmetic over its segment
    /// advances (a text prepared by another measurer, even one of the same
    /// style, is prepared again by this one).
    public func height(of prepared: PreparedText, width: Double) -> Double {
        points(preparedTotals(prepared, width: deviceWidth(width)).height)
    }

    /// The line count of a prepared text at `width`.
    public func lineCount(of prepared: PreparedText, width: Double) -> Int {
        preparedTotals(prepared, width: deviceWidth(width)).count
    }

    /// The line count and height of a prepared text at `width`.
    public func lineCountAndHeight(of prepared: PreparedText, width: Double) -> (lineCount: Int, height: Double) {
        let totals = preparedTotals(prepared, width: deviceWidth(width))
        return (totals.count, points(totals.height))
    }

    /// The lines of a prepared text at `width`.
    public func lines(of prepared: PreparedText, width: Double) -> [MeasuredLine] {
        pointLines(pass.lines(of: ownPrepared(prepared).storage, width: deviceWidth(width), in: self))
    }

    /// `prepared` if this measurer made it, else the same text prepared by
    /// this measurer: another measurer numbers its faces its own way, even
    /// one of the same style.
    func ownPrepared(_ prepared: PreparedText) -> PreparedText {
        if prepared.storage.preparer == identity { return prepared }
        return prepare(prepared.storage.text)
    }

    func preparedTotals(_ prepared: PreparedText, width: Double) -> LayoutTotals {
        pass.totals(of: ownPrepared(prepared).storage, width: width, in: self)
    }

    // MARK: Caches

    /// Keeps a chunk's metrics in the word cache, at the bytes its key's
    /// units and its segments take.
    func remember(_ metrics: ChunkMetrics, for key: ChunkKey) {
        wordCache.insert(metrics, for: key, cost: 64 + key.unitBytes + metrics.tailBytes)
    }

    /// Hits, misses and sizes of the measurer's caches.
    public var cacheStatistics: MeasurerCacheStatistics {
        MeasurerCacheStatistics(
            words: wordCache.statistics, preparedTexts: preparedCache.statistics, heights: heightCache.statistics,
            lineBoxes: lineBoxCache.statistics)
    }

    /// Hits, misses and size of the cache of word advances.
    public var wordCacheStatistics: CacheStatistics { wordCache.statistics }

    /// Empties the measurer's caches and resets their counts (the font
    /// set's fallback choices, shared with other measurers, are emptied by
    /// ``FontSet/clearCaches()``).
    public func clearCaches() {
        wordCache.removeAll()
        preparedCache.removeAll()
        heightCache.removeAll()
        lineBoxCache.removeAll()
    }
}
