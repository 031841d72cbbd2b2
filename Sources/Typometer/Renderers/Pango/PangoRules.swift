import CHarfBuzz
/// Pango 1.50's layout: PangoCairo, unhinted metrics,
/// `PANGO_WRAP_WORD_CHAR`, no inserted hyphens (see
/// ``RenderingProfile/pango``).
enum PangoRules: RendererRules {
    static var profile: RenderingProfile { .pango }

    // MARK: Segmentation

    static var breaksAtEveryLineSeparator: Bool { true }
    /// Empty text is one line; a trailing newline adds one.
    static var laysOutEmptyParagraphs: Bool { true }
    /// The direction of the paragraph's first strong character
    /// (`pango_layout_set_auto_dir`).
    static func baseLevel(of units: UTF16Text, paragraph: Range<Int>) -> UInt8 {
        PangoBidiLevels.baseLevel(of: units, paragraph: paragraph)
    }

    static func baseLevel(ofParagraph paragraph: Range<Int>, in text: String) -> UInt8 {
        PangoBidiLevels.baseLevel(of: text, paragraph: paragraph)
    }

    /// Pango's own UAX #14, the same in every language.
    static func breakOpportunities(in text: UTF16Text, language: TextLanguage?) -> [Int32] {
        PangoBreaks.find(in: text)
    }

    static func withBreakOpportunities<Result>(
        in text: UTF16Text, language: TextLanguage?, _ body: (UnsafeBufferPointer<Int32>) -> Result
    ) -> Result {
        PangoBreaks.withBreaks(in: text, body)
    }

    // MARK: Shaping

    /// Whole Pango units, 1/1024 point, so each glyph's advance is rounded
    /// as Pango rounds it.
    static var unitsPerPoint: Double { SizedFont.pangoUnitsPerPoint }
    static var allTrailingSpacesHang: Bool { false }
    static var tabStopMinimumGap: Double { 1 }
    /// Pango breaks ASCII text by its UAX #14 rules.
    static var asciiPairBreaks: (any AsciiPairBreaks.Type)? { nil }
    /// Pango is asked not to insert hyphens.
    static var drawsHyphensAtSoftHyphens: Bool { false }
    typealias Faces = PangoClusterFaces

    /// The context language (`en`, or the text's), or one derived from the
    /// run's script when the context language does not use it.
    static func language(for script: hb_script_t, content: TextLanguage?) -> hb_language_t? {
        if let content, !content.isEnglish, PangoLanguage.includes(content, script) { return content.harfBuzz }
        return switch script {
        case HB_SCRIPT_HANGUL: languages.korean
        case HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA: languages.japanese
        case HB_SCRIPT_HAN: languages.chinese
        default: languages.english
        }
    }

    nonisolated(unsafe) private static let languages = (
        english: hb_language_from_string("en-us", -1), korean: hb_language_from_string("ko", -1),
        japanese: hb_language_from_string("ja", -1), chinese: hb_language_from_string("zh-cn", -1))

    /// Pango's own grapheme rules (ported in the ICU shim).
    static func graphemeBoundaries(
        in text: UTF16Text, into boundaries: UnsafeMutableBufferPointer<Int32>
    ) -> Int {
        ICU.pangoGraphemeBreaks(in: text, into: boundaries)
    }

    // MARK: Line fitting

    /// Pango units, 1/1024 point, rounded to the nearest.
    static var widthGrid: Double { 1024 }
    static var widthRounding: Double { 0.5 }
    /// Pango zeroes only the last white character of a line it wrapped.
    static var lineWidthsCountParagraphEndWhite: Bool { true }
    static func reportedWidth(_ width: Double) -> Double { width }
    /// Pango trims no bracket (``SegmentMetrics/endTrim`` is always 0).
    static func fitsTrimmed(_ width: Double, trim: Double, within available: Double) -> Bool {
        LineFitter<PangoRules>.fits(width - trim, within: available)
    }
    /// Pango lets a run of white space after a line's content hang.
    static var whiteSegmentsHang: Bool { true }
    /// Pango leaves the width of the white character before a break out of
    /// its fit (a no-break space too).
    static var anyWhiteHangsInsideWords: Bool { true }
    static var spacesAlwaysHangInsideWords: Bool { false }
    /// Pango breaks an item between characters only when it has two or
    /// more: a lone wide cluster of an item of its own (an emoji; the spaces
    /// after it are in the next item) keeps its spaces on its line.
    static var keepsLoneClusterWithItsSpaces: Bool { true }
    static var invisibleClustersDrawNothing: Bool { false }
    static var reshapesLikeBlink: Bool { false }
    /// Pango finds a paragraph's break opportunities once.
    typealias Restarts = NoBreakRestarts

    // MARK: Line heights

    /// The logical rectangle: ascent plus descent, unrounded, no line gap.
    static func lineHeight(ofOnly font: SizedFont) -> Double {
        ascent(font) + descent(font)
    }

    static func lineHeight(ofFaces mask: UInt64, in registry: FaceRegistry) -> Double {
        lineHeight(ofFaces: mask, in: registry, withEllipsis: false)
    }

    /// The height of a line whose runs come from the faces in `mask`, and
    /// of a line that also holds an ellipsis run (``PangoEllipsis``): in the
    /// primary face, placed on the line's baseline unshifted.
    static func lineHeight(ofFaces mask: UInt64, in registry: FaceRegistry, withEllipsis: Bool) -> Double {
        let fonts = registry.fonts(in: mask & FaceRegistry.faceBits)
        guard !fonts.isEmpty else { return lineHeight(ofOnly: registry.primary) }
        // Runs move by how far their face puts the first run's baseline
        // from where the first run's face does (Pango units).
        let lead = PangoBaseline.lead(in: mask)
        let leadBaseline = lead.map { registry.baseline($0.kind, inFaceAt: $0.face) } ?? 0
        var ascent = withEllipsis ? Int(Self.ascent(registry.primary) * 1024) : Int.min
        var descent = withEllipsis ? Int(Self.descent(registry.primary) * 1024) : Int.min
        for (index, font) in fonts {
            var shift = 0
            if let lead { shift = leadBaseline - registry.baseline(lead.kind, inFaceAt: index) }
            ascent = max(ascent, Int(Self.ascent(font) * 1024) + shift)
            descent = max(descent, Int(Self.descent(font) * 1024) - shift)
        }
        return Double(ascent + descent) / 1024
    }

    /// Pango's logical ascent and descent: HarfBuzz extents at 1024 units per
    /// point (the face's font is scaled so under Pango's rules).
    static func ascent(_ font: SizedFont) -> Double { Double(font.scaledAscent) / 1024 }
    static func descent(_ font: SizedFont) -> Double { Double(font.scaledDescent) / 1024 }
}
