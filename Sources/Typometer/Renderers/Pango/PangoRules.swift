import CHarfBuzz
/// Pango 1.50's layout: PangoCairo, unhinted metrics,
/// `PANGO_WRAP_WORD_CHAR`, no inserted hyphens (see
/// ``RenderingProfile/pango``).
enum PangoRules: RendererRules {

    // MARK: Segmentation

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

    /// Pango's fallback list starts at the primary family's own faces and
    /// goes on in Fontconfig's order; no default font comes between.
    static func defaultFace(in fontSet: FontSet, language: TextLanguage?) -> FontFace? { nil }
    /// Pango appends `liga`, `clig`, `dlig` and `hlig` off after the
    /// `font-features` of a run with letter spacing (`pango_analysis_
    /// collect_features`), so they stay off.
    static func styleFeatures(_ requested: [hb_feature_t], letterSpacing: Double) -> [hb_feature_t] {
        guard letterSpacing != 0 else { return requested }
        return requested + ["liga", "clig", "dlig", "hlig"].map { FontFeature(tag: $0, value: 0)!.harfBuzz }
    }
    /// In whole Pango units (1/1024 pt), rounded as a caller rounds
    /// `pango_attr_letter_spacing_new`'s integer.
    static func spacing(_ points: Double) -> Double { (points * 1024).rounded() / 1024 }
    /// The whole spacing: Pango puts half of it before and half after each
    /// cluster and takes the outer halves off a line's ends
    /// (`adjust_line_letter_spacing`) after breaking it (the `styles` set's
    /// letter-spaced cases break as with the spacing on every cluster).
    static func lineEdgeSpacing(letterSpacing: Double) -> Double { letterSpacing }
    /// The half Pango puts before each cluster (`distribute_letter_spacing`):
    /// half the spacing in whole Pango units, rounded to a whole point when
    /// the spacing is whole points (1 pt: 1 before, none after).
    static func lineLeftEdgeSpacing(letterSpacing: Double) -> Double {
        let units = Int((letterSpacing * 1024).rounded())
        var left = units / 2
        if units & 1023 == 0 { left = (left + 512) & ~1023 }
        return Double(left) / 1024
    }
    /// Every script.
    static func lettersSpace(script: hb_script_t) -> Bool { true }
    /// Pango breaks ASCII text by its UAX #14 rules.
    static var asciiPairBreaks: (any AsciiPairBreaks.Type)? { nil }
    typealias Faces = PangoClusterFaces

    /// The language Pango shapes a run of `script` in
    /// (``PangoLanguage/shaping(for:content:)``).
    static func language(for script: hb_script_t, content: TextLanguage?) -> hb_language_t? {
        PangoLanguage.shaping(for: script, content: content)
    }

    /// Pango's own grapheme rules (ported in the ICU shim).
    static func graphemeBoundaries(
        in text: UTF16Text, into boundaries: UnsafeMutableBufferPointer<Int32>
    ) -> Int {
        ICU.pangoGraphemeBreaks(in: text, into: boundaries)
    }

    // MARK: Line fitting

    static func fits(_ width: Double, within available: Double) -> Bool {
        // Onto the grid by integer conversion (widths are never negative; a
        // libm call here costs more than the rest of the comparison).
        let scaled = width * 1024
        guard scaled < 1e15 else { return false }
        return Double(Int64(scaled + 0.5)) / 1024 <= available
    }
    static func reportedWidth(_ width: Double) -> Double { width }
    /// Pango trims no bracket (``SegmentMetrics/endTrim`` is always 0).
    static func fitsTrimmed(_ width: Double, trim: Double, within available: Double) -> Bool {
        LineFitter<PangoRules>.fits(width - trim, within: available)
    }
    /// Pango finds a paragraph's break opportunities once.
    typealias Restarts = NoBreakRestarts

    // MARK: Line heights

    /// The logical rectangle: ascent plus descent, unrounded, no line gap;
    /// under a line-height attribute, with its leading.
    static func primaryLineHeight(in registry: FaceRegistry) -> Double {
        let (above, below) = extents(registry.primary, lineHeight: registry.lineHeight)
        return Double(max(above, 0) + max(below, 0)) / 1024
    }

    /// An empty line is the primary face's logical rectangle with the line
    /// height's leading, not stretched to the baseline (18 pt at 18 pt
    /// where a line of text in Noto Serif 32 pt is 21.42).
    static func emptyLineHeight(in registry: FaceRegistry) -> Double {
        let (above, below) = extents(registry.primary, lineHeight: registry.lineHeight)
        return Double(above + below) / 1024
    }

    static func lineHeight(ofFaces mask: UInt64, in registry: FaceRegistry) -> Double {
        lineHeight(ofFaces: mask, in: registry, withEllipsis: false)
    }

    /// The height of a line whose runs come from the faces in `mask`, and
    /// of a line that also holds an ellipsis run (``PangoEllipsis``): in the
    /// primary face, placed on the line's baseline unshifted.
    static func lineHeight(ofFaces mask: UInt64, in registry: FaceRegistry, withEllipsis: Bool) -> Double {
        let fonts = registry.fonts(in: mask & FaceRegistry.faceBits)
        guard !fonts.isEmpty else { return primaryLineHeight(in: registry) }
        // Runs move by how far their face puts the first run's baseline
        // from where the first run's face does (Pango units).
        let lead = PangoBaseline.lead(in: mask)
        let leadBaseline = lead.map { registry.baseline($0.kind, inFaceAt: $0.face) } ?? 0
        let ellipsis = extents(registry.primary, lineHeight: registry.lineHeight)
        var ascent = withEllipsis ? ellipsis.above : Int.min
        var descent = withEllipsis ? ellipsis.below : Int.min
        for (index, font) in fonts {
            var shift = 0
            if let lead { shift = leadBaseline - registry.baseline(lead.kind, inFaceAt: index) }
            let run = extents(font, lineHeight: registry.lineHeight)
            ascent = max(ascent, run.above + shift)
            descent = max(descent, run.below - shift)
        }
        // The line's box always reaches the baseline, however small a set
        // line height makes its runs' boxes.
        return Double(max(ascent, 0) + max(descent, 0)) / 1024
    }

    /// The logical rectangles of the runs of one style's faces on a line
    /// (its primary face's when `mask` names none), each moved by how far
    /// its face puts the line's first run's baseline from where the first
    /// run's face does (``PangoBaseline``).
    static func runExtents(
        ofFaces mask: UInt64, in registry: FaceRegistry, lead: (bits: UInt64, registry: FaceRegistry)?
    ) -> (above: Double, below: Double) {
        var fonts = mask & FaceRegistry.faceBits & ~1 == 0
            ? [(0, registry.primary)] : registry.fonts(in: mask & FaceRegistry.faceBits)
        if fonts.isEmpty { fonts = [(0, registry.primary)] }
        let first = lead.flatMap { lead in PangoBaseline.lead(in: lead.bits).map { (lead.registry, $0) } }
        let leadBaseline = first.map { $0.0.baseline($0.1.kind, inFaceAt: $0.1.face) } ?? 0
        var above = Int.min, below = Int.min
        for (index, font) in fonts {
            var shift = 0
            if let (_, lead) = first { shift = leadBaseline - registry.baseline(lead.kind, inFaceAt: index) }
            let run = extents(font, lineHeight: registry.lineHeight)
            above = max(above, run.above + shift)
            below = max(below, run.below - shift)
        }
        return (Double(above) / 1024, Double(below) / 1024)
    }

    /// The baseline kind of `bits` (``PangoBaseline``), set by a run in
    /// face `face`.
    static func lineStartBits(_ bits: UInt64, inFace face: Int) -> UInt64 {
        PangoBaseline.lead(in: bits).map { PangoBaseline.lead(face: face, kind: $0.kind) } ?? 0
    }
    static func leadFace(in bits: UInt64) -> Int? { PangoBaseline.lead(in: bits)?.face }

    /// The largest ascent and the largest descent of the line's runs, no
    /// strut (Pango 1.50: a Noto Sans 15 pt layout with a 30 pt run is
    /// 40.86 tall, with an 11 pt run 20.43); the line's box reaches the
    /// baseline; an empty line is the block's.
    static func lineHeight(
        ofRuns extents: [(above: Double, below: Double)], block: FaceRegistry, ellipsis: Bool
    ) -> Double {
        guard !extents.isEmpty else { return emptyLineHeight(in: block) }
        var above = -Double.infinity, below = -Double.infinity
        if ellipsis {
            let box = PangoRules.extents(block.primary, lineHeight: block.lineHeight)
            (above, below) = (Double(box.above) / 1024, Double(box.below) / 1024)
        }
        for box in extents {
            above = max(above, box.above)
            below = max(below, box.below)
        }
        return max(above, 0) + max(below, 0)
    }

    /// A run's logical rectangle above and below the baseline, in Pango
    /// units: the face's ascent and descent, and under a line-height
    /// attribute the leading (the set height, or the factor times the run's
    /// height rounded up, less that height) half above, half below
    /// (`pango_layout_run_get_extents`).
    static func extents(_ font: SizedFont, lineHeight: LineHeight) -> (above: Int, below: Int) {
        let ascent = font.scaledAscent
        let descent = font.scaledDescent
        let height: Int
        switch lineHeight {
        case .normal: return (ascent, descent)
        // ceilf of the product in double precision, as Pango takes it.
        case .multiple(let factor): height = Int(Float(factor * Double(ascent + descent)).rounded(.up))
        case .points(let points): height = Int((points * 1024).rounded(.towardZero))
        }
        let leading = height - (ascent + descent)
        return (ascent + leading / 2, descent + leading - leading / 2)
    }

    /// Pango's logical ascent and descent: HarfBuzz extents at 1024 units per
    /// point (the face's font is scaled so under Pango's rules).
    static func ascent(_ font: SizedFont) -> Double { Double(font.scaledAscent) / 1024 }
    static func descent(_ font: SizedFont) -> Double { Double(font.scaledDescent) / 1024 }
}
