/// Everything about how a text is set that changes its height, except the
/// width: font, weight, slant, size, features, letter and word spacing, line
/// limit, line height and spacing, language, the renderer whose rules are
/// reproduced and the screen it draws on. `Hashable` so it can key caches.
public struct TextStyle: Hashable, Sendable {
    /// Where the primary face comes from.
    public enum Font: Hashable, Sendable {
        /// A family looked up in the measurer's ``FontSet``.
        case family(String)
        /// Face `index` of a font file (`.ttf`, `.otf`, `.ttc`).
        case file(path: String, index: Int = 0)
    }

    /// The primary face; characters it lacks come from the font set.
    public var font: Font
    /// Font size in points (1 pt = 1 CSS px). Finite, positive and at most
    /// ``maximumSize``.
    public var size: Double
    /// The most lines shown; `nil` for no limit. At least 1. Under
    /// `.chromium` the first lines (`-webkit-line-clamp`); under `.pango`
    /// Pango's own clamp (`pango_layout_set_height(-N)` with an ellipsis at
    /// the end, as a GTK label with `lines` draws it): the last line kept of
    /// a paragraph cut short ends in an ellipsis in the primary face, whose
    /// extents that line's height then takes in.
    public var lineLimit: Int?
    /// Extra points added between consecutive lines (not after the last).
    /// 0 reproduces the renderers' own spacing. Not negative and at most
    /// ``maximumLineHeight``.
    public var lineSpacing: Double
    /// Whose line breaking, fallback and line heights to reproduce.
    public var profile: RenderingProfile
    /// How tall lines are set (CSS `line-height`): ``LineHeight/normal`` by
    /// default; a length, or a multiple times the size, at most
    /// ``maximumLineHeight``.
    public var lineHeight: LineHeight
    /// The text's language, a BCP 47 tag (`ja`, `zh-Hant`, `he`), as a
    /// page's `lang` attribute or Pango's context language sets it; `nil` for
    /// none: under `.chromium` a block without `lang`, whose fallback
    /// follows the font set's locale (the browser's, `en-US`: Blink's
    /// `LayoutLocale::GetDefault()`), which may order faces otherwise than
    /// `"en"` does (a page in `lang="en"`); under `.pango` English (`en`).
    /// It orders the faces
    /// characters fall back to (so it picks the regional face of a CJK
    /// collection), and selects HarfBuzz's language forms and the line
    /// breaker's locale.
    public var language: String?
    /// How heavy the face is (CSS `font-weight`): the family's face nearest
    /// to it as the renderer matches faces (CSS font matching under
    /// `.chromium`, Fontconfig's under `.pango`). A font file, or a family
    /// without a heavy enough face, is drawn emboldened by the renderer,
    /// which leaves advances and line heights as they are.
    public var weight: FontWeight
    /// Whether the italic face is asked for (CSS `font-style: italic`): the
    /// family's italic face, or its upright one slanted by the renderer
    /// (same advances) when it has none.
    public var italic: Bool
    /// Points added after every character (CSS `letter-spacing`, Pango's
    /// letter-spacing attribute; may be negative): once per HarfBuzz
    /// cluster, so a base and its marks take it once. Both renderers then
    /// turn common ligatures off. Finite.
    public var letterSpacing: Double
    /// Points added after every space, U+0020 and U+00A0 (CSS
    /// `word-spacing`; may be negative). Pango has none: ignored under
    /// `.pango`. Finite.
    public var wordSpacing: Double
    /// OpenType features the text is shaped with, in order (CSS
    /// `font-feature-settings`, Pango's font-features attribute): `tnum`
    /// for tabular figures, `liga` off for no ligatures, `kern` off.
    public var features: [FontFeature]
    /// The reader's screen: device pixels per CSS px (`window.
    /// devicePixelRatio`: 2 on most phones and Macs, 1.25 or 1.5 on laptops
    /// at 125 % or 150 %; browser zoom multiplies it). Under `.chromium` the
    /// text is laid out as Chromium lays it out on that screen: in device
    /// pixels, with the font at the size times the ratio, its metrics
    /// rounded there and `LayoutUnit`s of 1/64 device pixel; results stay in
    /// points (CSS px), so heights such as 20.5 or 20.67 come out. Pango lays
    /// text out in the same logical units at every scale (a GTK window at
    /// scale 2 draws on a cairo surface of device scale 2 and Pango ignores
    /// it): ignored under `.pango`. 1 by default; within
    /// ``devicePixelRatioRange``.
    public var devicePixelRatio: Double
    /// Which faces the page loads itself, which Chromium's line heights
    /// depend on at a ``devicePixelRatio`` above 1 (see ``WebFonts``).
    public var webFonts: WebFonts

    public init(
        font: Font = .family("Noto Sans"), size: Double = 15, lineLimit: Int? = nil,
        lineSpacing: Double = 0, profile: RenderingProfile = .standard, language: String? = nil,
        lineHeight: LineHeight = .normal, weight: FontWeight = .regular, italic: Bool = false,
        letterSpacing: Double = 0, wordSpacing: Double = 0, features: [FontFeature] = [],
        devicePixelRatio: Double = 1, webFonts: WebFonts = .primary
    ) {
        self.devicePixelRatio = devicePixelRatio
        self.webFonts = webFonts
        self.letterSpacing = letterSpacing
        self.wordSpacing = wordSpacing
        self.features = features
        self.weight = weight
        self.italic = italic
        self.lineHeight = lineHeight
        self.font = font
        self.size = size
        self.lineLimit = lineLimit
        self.lineSpacing = lineSpacing
        self.profile = profile
        self.language = language
    }

    /// The largest font size, in points: Chromium draws nothing larger
    /// (Blink clamps `font-size` to 10,000 px), and HarfBuzz's fixed-point
    /// scale (1/65536 pt in an `Int32`) ends at 32,768 pt.
    public static let maximumSize = 10_000.0

    /// The largest line height and line spacing, in points: Pango keeps
    /// heights in 32-bit 1/1024 points (up to 2,097,151 pt) and Chromium's
    /// layout ends at 33,554,431 px, so neither draws taller lines.
    public static let maximumLineHeight = 1_000_000.0

    /// The device pixel ratios a style may have: browser zoom from 25 % to
    /// 500 % on screens of ratio 1 to 4. Each ratio is laid out as Chromium
    /// lays it out, not only those of a list; checked against Chromium at
    /// ratios from 0.5 to 4.
    public static let devicePixelRatioRange: ClosedRange<Double> = 0.25...20

    /// Throws the ``TypometerError`` for the first invalid value.
    func validate() throws(TypometerError) {
        guard size.isFinite, size > 0, size <= TextStyle.maximumSize else { throw TypometerError.invalidSize(size) }
        guard TextStyle.devicePixelRatioRange.contains(devicePixelRatio) else {
            throw TypometerError.invalidDevicePixelRatio(devicePixelRatio)
        }
        guard lineSpacing >= 0, lineSpacing <= TextStyle.maximumLineHeight else {
            throw TypometerError.invalidLineSpacing(lineSpacing)
        }
        if let lineLimit, lineLimit < 1 { throw TypometerError.invalidLineLimit(lineLimit) }
        if let language, TextLanguage(language) == nil { throw TypometerError.invalidLanguage(language) }
        guard FontWeight.range.contains(weight.value) else { throw TypometerError.invalidWeight(weight.value) }
        for spacing in [letterSpacing, wordSpacing] where !spacing.isFinite || abs(spacing) > TextStyle.maximumSize {
            throw TypometerError.invalidSpacing(spacing)
        }
        switch lineHeight {
        case .normal: break
        case .points(let points):
            guard points >= 0, points <= TextStyle.maximumLineHeight else {
                throw TypometerError.invalidLineHeight(points)
            }
        case .multiple(let factor):
            guard factor >= 0, factor * size <= TextStyle.maximumLineHeight else {
                throw TypometerError.invalidLineHeight(factor)
            }
        }
    }
}
