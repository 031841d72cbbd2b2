import CHarfBuzz
/// Chromium's layout: `white-space: pre-wrap; overflow-wrap: break-word;
/// line-height: normal` (see ``RenderingProfile/chromium``), in device
/// pixels.
enum ChromiumRules: RendererRules {

    // MARK: Segmentation

    /// A left-to-right block: bidi levels are resolved with base level 0.
    static func baseLevel(of units: UTF16Text, paragraph: Range<Int>) -> UInt8 { 0 }
    static func baseLevel(ofParagraph paragraph: Range<Int>, in text: String) -> UInt8 { 0 }

    /// ICU's rules for the content language (`lang`).
    static func breakOpportunities(in text: UTF16Text, language: TextLanguage?) -> [Int32] {
        ChromiumBreaks.find(in: text, language: language)
    }

    static func withBreakOpportunities<Result>(
        in text: UTF16Text, language: TextLanguage?, _ body: (UnsafeBufferPointer<Int32>) -> Result
    ) -> Result {
        ChromiumBreaks.find(in: text, language: language).withUnsafeBufferPointer(body)
    }

    // MARK: Shaping

    /// The page's default font in Chromium for text in `language` (`nil`: a
    /// page without `lang`), which Blink tries right after the CSS families
    /// for every character they lack, before any character fallback
    /// (`FontFallbackList::GetFontData` appends the standard family, then the
    /// last resort font; `FontFallbackIterator::Next`, stage
    /// `kFontGroupFonts`, goes through that list first): the standard family
    /// of the language's script when the set has it (``ChromiumDefaultFonts``:
    /// Noto Sans CJK KR under `ko`), else the face Fontconfig matches for no
    /// family (``FontconfigCatalog/defaultEntry()``); `nil` when the set has
    /// neither. It takes ☕, ⚡ and 😀 in a set whose default is DejaVu Sans
    /// (Chromium 156: DejaVu's 21.52 px ☕ at 24 px, not the color face's
    /// 29.95), a symbol beside Han or Arabic it has rather than the face the
    /// neighbouring text fell back to, and under `ko` every character Noto
    /// Sans CJK KR has before the faces Fontconfig ranks first for Korean
    /// (NanumGothic).
    static func defaultFace(in fontSet: FontSet, language: TextLanguage?) -> FontFace? {
        fontSet.rememberedFace(named: language?.tag ?? "") {
            if let family = ChromiumDefaultFonts.standardFamily(for: language, in: fontSet) {
                return try? fontSet.face(family: family, weight: .regular, italic: false, matching: .css)
            }
            return fontSet.catalog.defaultEntry().flatMap(fontSet.face(of:))
        }
    }
    /// Blink turns `liga`, `clig` and `calt` off under a letter spacing,
    /// then appends `font-feature-settings` (`FontFeatureRange::
    /// FromFontDescription`), so a setting can turn them back on.
    static func styleFeatures(_ requested: [hb_feature_t], letterSpacing: Double) -> [hb_feature_t] {
        guard letterSpacing != 0 else { return requested }
        let off = ["liga", "clig", "calt"].map { FontFeature(tag: $0, value: 0)!.harfBuzz }
        return off + requested
    }
    /// Cut toward zero to HarfBuzz's 1/65536 px: Blink keeps the spacing
    /// in a `float` and adds it to advances held as `TextRunLayoutUnit`
    /// (measured in Chromium 156, 4,096 `i`s in Inter 15 px: a letter
    /// spacing of 0.3 px adds 19,660/65,536 px a letter, −0.3 px takes
    /// 19,660, 0.2 px adds 13,107 and 0.1 px 6,553; a word spacing of
    /// 0.3 px adds 19,660 a space).
    static func spacing(_ points: Double) -> Double { (Double(Float(points)) * 65536).rounded(.towardZero) / 65536 }
    /// None: the spacing after a line's last character counts in fitting
    /// and in the line's width (measured: `abcd efgh` at 10 px keeps `abcd`
    /// on a line only from 45.42 + 40).
    static func lineEdgeSpacing(letterSpacing: Double) -> Double { 0 }
    /// Not the letters of cursive scripts (CSS Text 3 §8.2: they join):
    /// Chromium 156 gives Arabic letters none and the spaces between Arabic
    /// words their spacing (measured: `مرحبا بالعالم` alike at 0 and 10 px
    /// but for its space).
    static func lettersSpace(script: hb_script_t) -> Bool {
        script != HB_SCRIPT_ARABIC && script != HB_SCRIPT_SYRIAC && script != HB_SCRIPT_MONGOLIAN
            && script != HB_SCRIPT_NKO && script != HB_SCRIPT_MANDAIC && script != HB_SCRIPT_PHAGS_PA
            && script != HB_SCRIPT_HANIFI_ROHINGYA
    }
    static var asciiPairBreaks: (any AsciiPairBreaks.Type)? { ChromiumAsciiBreaks.self }
    typealias Faces = BlinkClusterFaces

    /// The content language, `en-us` here, for every run.
    /// The page's language, `en-us` by default: Blink shapes every run in
    /// the content language.
    static func language(for script: hb_script_t, content: TextLanguage?) -> hb_language_t? {
        content.map(\.harfBuzz) ?? BlinkClusterFaces.contentLanguage
    }

    /// ICU's extended grapheme clusters.
    static func graphemeBoundaries(
        in text: UTF16Text, into boundaries: UnsafeMutableBufferPointer<Int32>
    ) -> Int {
        ICU.graphemeBreaks(in: text, into: boundaries)
    }

    // MARK: Line fitting

    /// Blink keeps a line's width in single precision (`ShapeResult`),
    /// rounds it up to its `LayoutUnit` and lets it be one `LayoutUnit` over
    /// the line (`LineBreaker::AvailableWidthToFit`, `AddEpsilon`): a line
    /// fits when its width in single precision is at most the available
    /// width plus 1/64 pt. Swept in Chromium 156 (1,500 lines of 2-80 words
    /// in Noto Sans, Noto Serif, Inter, DejaVu Sans, Liberation Sans and
    /// Serif, each in boxes 0, 1 and 2 units narrower than its width rounded
    /// up): 26,999 of 27,000 agree, none short; `help for kids`, exactly
    /// 90 + 1/64 pt in Noto Serif 15 pt, fits a 90 pt line.
    static func fits(_ width: Double, within available: Double) -> Bool {
        Double(Float(width)) <= available + 1.0 / 64
    }
    static func reportedWidth(_ width: Double) -> Double { (width * 64).rounded(.up) / 64 }
    /// The trimmed width against the available width without the slack of
    /// an untrimmed line, but for three single-precision ulps of the trimmed
    /// width: at 16 px, where Noto Sans CJK's advances come out 1/65536 px
    /// over 16, `いいいいい）` (88.00018 px trimmed) does not fit 88 px in
    /// Chromium 156; at 20 px (advances a little under) it fits 110 px; at
    /// 52.5 px it fits 288.75 px 6/65536 px over (three ulps of 288.75) and
    /// at 44.25 px not 243.375 px 6/65536 over (six ulps). Measured on 2,682
    /// such lines at sizes 10–80 px on a 1/16 px grid, each as wide as its
    /// trimmed em count: every one that fits is at most three ulps over,
    /// every one that does not at least four and a half; where Blink's
    /// arithmetic loses those ulps was not found.
    static func fitsTrimmed(_ width: Double, trim: Double, within available: Double) -> Bool {
        let trimmed = width - trim
        return trimmed <= available + 3 * Double(Float(trimmed).ulp)
    }
    typealias Restarts = BlinkBreakRestart

    // MARK: Line heights

    /// Each face's box, the primary face's strut always part of the line.
    static func primaryLineHeight(in registry: FaceRegistry) -> Double {
        let (above, below) = extents(registry.primary, lineHeight: registry.lineHeight)
        return above + below
    }

    /// An empty line is the strut's.
    static func emptyLineHeight(in registry: FaceRegistry) -> Double { primaryLineHeight(in: registry) }

    /// Under `line-height: normal` the faces used on the line unite their
    /// boxes with the strut; under a set line height only the primary face's
    /// metrics count (Blink's `ComputeTextMetrics` adds the used fonts only
    /// for `normal`): every line is the set height (1,671 line-height cases
    /// in Chromium 156, fallback faces and all).
    static func lineHeight(ofFaces mask: UInt64, in registry: FaceRegistry) -> Double {
        if registry.lineHeight != .normal { return primaryLineHeight(in: registry) }
        var (above, below) = extents(registry.primary, lineHeight: registry.lineHeight)
        registry.forEachFont(in: mask & FaceRegistry.faceBits) { font in
            let extents = extents(font, lineHeight: registry.lineHeight)
            above = max(above, extents.above)
            below = max(below, extents.below)
        }
        return above + below
    }

    /// A span's box: its own primary face's, united with the faces its
    /// text is drawn in (an inline box's metrics under `line-height:
    /// normal`), each face rounded at its own size.
    static func runExtents(
        ofFaces mask: UInt64, in registry: FaceRegistry, lead: (bits: UInt64, registry: FaceRegistry)?
    ) -> (above: Double, below: Double) {
        var (above, below) = extents(registry.primary, lineHeight: registry.lineHeight)
        guard registry.lineHeight == .normal, mask & FaceRegistry.faceBits & ~1 != 0 else { return (above, below) }
        registry.forEachFont(in: mask & FaceRegistry.faceBits) { font in
            let box = extents(font, lineHeight: registry.lineHeight)
            above = max(above, box.above)
            below = max(below, box.below)
        }
        return (above, below)
    }

    /// The largest ascent and the largest descent over the block's strut
    /// and every span on the line (Chromium 156: a Noto Sans 15 px block
    /// with a 30 px span is 32 + 9 = 41 tall).
    static func lineHeight(
        ofRuns extents: [(above: Double, below: Double)], block: FaceRegistry, ellipsis: Bool
    ) -> Double {
        var (above, below) = ChromiumRules.extents(block.primary, lineHeight: block.lineHeight)
        for box in extents {
            above = max(above, box.above)
            below = max(below, box.below)
        }
        return above + below
    }

    /// None: lines share the alphabetic baseline.
    static func lineStartBits(_ bits: UInt64, inFace face: Int) -> UInt64 { 0 }
    static func leadFace(in bits: UInt64) -> Int? { nil }

    /// Blink's box for a face (`FontHeight`): ascent and descent each rounded
    /// to whole (device) pixels (`SkScalarRoundToScalar`), and where a face
    /// drawn with subpixel positioning has its descent rounded down, one
    /// pixel moved from the ascent to the descent (`FontMetrics::
    /// AscentDescentWithHacks` on Linux: "borrow 1 unit from the ascent");
    /// under `line-height: normal` the line gap, rounded too, split with its
    /// floor half above the baseline (`CalculateLeadingSpace`); under a set
    /// line height L the leading L − (ascent + descent) halved in
    /// `LayoutUnit`s and floored to whole pixels above the baseline, the rest
    /// below (`AddLeading`), so boxes of faces whose baselines sit
    /// differently can make a line taller than L.
    static func extents(_ font: SizedFont, lineHeight: LineHeight) -> (above: Double, below: Double) {
        var ascent = (font.ascent + 0.5).rounded(.down)
        var descent = (font.descent + 0.5).rounded(.down)
        if font.positionsSubpixel, descent < font.descent, ascent >= 1 {
            descent += 1
            ascent -= 1
        }
        guard let height = layoutHeight(lineHeight, size: font.size) else {
            let gap = (font.lineGap + 0.5).rounded(.down)
            let gapAbove = (gap / 2).rounded(.down)
            return (ascent + gapAbove, descent + gap - gapAbove)
        }
        // LayoutUnit arithmetic: 1/64 point, halving truncates toward zero.
        let halfLeading = ((height - ascent - descent) * 64 / 2).rounded(.towardZero) / 64
        let above = ascent + halfLeading.rounded(.down)
        return (above, height - above)
    }

    /// A set line height as Blink computes it (`ComputedStyle::
    /// ComputedLineHeightAsFixed`), in points, on the `LayoutUnit` grid: a
    /// length rounded to it in single precision (`LayoutUnit::
    /// FromFloatRound`: `line-height: 22px` at a device pixel ratio of 1.1
    /// is 24.2 device px, 24.203125 in Chromium 156, 22.00284 CSS px; 12px
    /// at 1.1 is 13.203125); a multiple held as a percentage in single
    /// precision, applied to the size rounded to a `LayoutUnit` in single
    /// precision and cut toward zero (`MinimumValueForLength`): Noto Sans
    /// 32 px at 1.2 is 38.390625; 21.25 px at 1.4 is 29.75 (Chromium 156 at
    /// a device pixel ratio of 1.25, 17 px), where double precision cuts
    /// 29.7499… to 29.734375. `nil` for `normal`.
    static func layoutHeight(_ lineHeight: LineHeight, size: Double) -> Double? {
        switch lineHeight {
        case .normal:
            return nil
        case .multiple(let factor):
            let fixedSize = Float((size * 64).rounded() / 64)
            let percent = Float(factor * 100)
            return Double((fixedSize * percent / 100 * 64).rounded(.towardZero)) / 64
        case .points(let points):
            return Double((Float(points) * 64).rounded()) / 64
        }
    }

    /// The family of the page language's default font, when the page finds
    /// it installed: Chromium's `-webkit-standard` for the language's script
    /// (``ChromiumDefaultFonts``), which Blink finds by family name. On a
    /// screen of device pixel ratio above 1 Chromium on Linux draws a face
    /// found so with subpixel positioning (`gfx::GetFontRenderParams`:
    /// `subpixel_positioning = device_scale_factor > 1`), web fonts and
    /// the faces of character fallback (found by file, no family name: the
    /// default render style) without. Measured in Chromium 156 at ratio 2,
    /// Noto Sans 14 px over `नजरेस`: 21 px under `lang="hi"`, where Noto
    /// Sans Devanagari is the default font (its descent 11.42 device px
    /// becomes 12), 20.5 px under `lang="en"` and with Noto Sans Devanagari
    /// loaded as a web font.
    static func subpixelPositionedFamily(
        in fontSet: FontSet, language: TextLanguage?, devicePixelRatio: Double, webFonts: WebFonts
    ) -> String? {
        guard devicePixelRatio > 1, webFonts == .primary else { return nil }
        return ChromiumDefaultFonts.standardFamily(for: language, in: fontSet)
    }
}
