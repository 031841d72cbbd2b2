import Testing
import Typometer
import TypometerTestSupport

/// Fallback and line heights in a font set other than the bundled one, where
/// several faces have the characters the primary face lacks: Inter, Noto Sans
/// Hebrew, Noto Sans Arabic and Noto Color Emoji from `Fonts/`, DejaVu Sans and
/// DejaVu Serif from Debian's `fonts-dejavu-core` (2.37, installed by
/// `Scripts/install-dependencies`).
///
/// Expected values were recorded by `FONTS_DIR=<that directory>
/// Scripts/reference/generate` from headless Chromium 156 and Pango 1.50.12
/// (the same settings as the corpus references), in pages in `lang="en"`:
/// the styles say `"en"` (without a language Chromium falls back in the
/// browser's `en-US`, the locale cases below). Which face wins shows in
/// the line height: at 24 pt Noto Sans Hebrew lines are 33 pt in Chromium,
/// DejaVu Sans lines 28 pt, Inter's strut 29 pt.
@Suite struct OtherFontSetTests {
    struct Case: Sendable, CustomStringConvertible {
        let text: String
        let font: String
        let size: Double
        let width: Double
        let chromium: (lines: Int, height: Double)
        let pango: (lines: Int, height: Double)
        var description: String { "\(text) \(font) \(size)/\(width)" }
    }

    static let cases: [Case] = [
        // Chromium: Noto Sans Hebrew, the newest face with Hebrew (its
        // locale sort does not favour faces that support English). Pango:
        // the same face, ranked first for Hebrew text ("he").
        Case(text: "שלום עולם", font: "Inter-Regular.otf", size: 24, width: 600,
             chromium: (1, 33), pango: (1, 32.6396484375)),
        Case(text: "שלום עולם", font: "Inter-Regular.otf", size: 20, width: 60,
             chromium: (2, 54), pango: (2, 54.400390625)),
        // Arabic: DejaVu Sans, ahead of Noto Sans Arabic in both orders.
        Case(text: "مرحبا بالعالم", font: "Inter-Regular.otf", size: 24, width: 600,
             chromium: (1, 29), pango: (1, 27.9375)),
        Case(text: "مرحبا بالعالم", font: "Inter-Regular.otf", size: 20, width: 60,
             chromium: (2, 48), pango: (2, 46.5625)),
        Case(text: "Hello שלום world", font: "Inter-Regular.otf", size: 20, width: 60,
             chromium: (3, 75), pango: (3, 75.6083984375)),
        // DejaVu Serif's hhea descender (-483 of 2048 units) scales to an
        // exact half unit at 15 and 17 pt; HarfBuzz rounds it up (toward
        // the baseline), so Pango's lines are 17880 and 20264 units high.
        Case(text: "Today our little library turned five.", font: "DejaVuSerif.ttf", size: 15, width: 80,
             chromium: (5, 90), pango: (5, 5 * 17880 / 1024)),
        Case(text: "Today our little library turned five.", font: "DejaVuSerif.ttf", size: 17, width: 80,
             chromium: (5, 100), pango: (5, 5 * 20264 / 1024)),
        // ☕ (emoji presentation) is in DejaVu Sans too, 11.65 pt wide at
        // 13 pt against the color face's 16.19: here both renderers draw the
        // color face, with or without U+FE0F, so eight fit in 135 pt, not
        // ten. (In a set of only Liberation Sans, DejaVu Sans and the color
        // face, Chromium 156 drew DejaVu's ☕ without U+FE0F; the color face
        // Typometer keeps is then wider, never narrower.)
        Case(text: String(repeating: "☕", count: 10), font: "Inter-Regular.otf", size: 13, width: 135,
             chromium: (2, 32), pango: (2, 30.46875)),
        Case(text: String(repeating: "☕\u{FE0F}", count: 10), font: "Inter-Regular.otf", size: 13, width: 135,
             chromium: (2, 32), pango: (2, 30.46875)),
    ]

    static let dejaVuDirectory = "/usr/share/fonts/truetype/dejavu"

    /// The set above with its Chromium fallback order for `locale`.
    static func fontSet(locale: String = "en") throws -> (FontSet, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        for file in ["Inter-Regular.otf", "NotoSansHebrew-Regular.ttf", "NotoSansArabic-Regular.ttf",
                     "NotoColorEmoji.ttf"] {
            try directory.copy(FontSet.bundledFontsDirectory + "/" + file)
        }
        for file in ["DejaVuSans.ttf", "DejaVuSerif.ttf"] {
            try directory.copy(Self.dejaVuDirectory + "/" + file)
        }
        return (try FontSet(directory: directory.path, locale: locale), directory)
    }

    struct LocaleCase: Sendable, CustomStringConvertible {
        let locale: String
        let text: String
        let size: Double
        let width: Double
        let chromium: (lines: Int, height: Double)
        var description: String { "\(locale): \(text) \(size)/\(width)" }
    }

    // Chromium 156 (LANG=C.UTF-8, --lang=en-US) with the page in lang="he",
    // lang="ar" and without lang (locale en-US; Fontconfig then appends the
    // process's "en", which favours DejaVu Sans, a face that supports
    // English): `Scripts/reference/chromium_reference.py --page-lang`. The
    // faces, by DevTools' CSS.getPlatformFontsForNode: Hebrew in Noto Sans
    // Hebrew for he (as for en), in DejaVu Sans for en-US and ar; Arabic in
    // DejaVu Sans for all four.
    static let localeCases: [LocaleCase] = [
        LocaleCase(locale: "en-US", text: "שלום עולם", size: 24, width: 600, chromium: (1, 29)),
        LocaleCase(locale: "en-US", text: "שלום עולם", size: 20, width: 60, chromium: (2, 48)),
        LocaleCase(locale: "en-US", text: "Hello שלום world", size: 20, width: 60, chromium: (3, 72)),
        LocaleCase(locale: "en-US", text: "مرحبا بالعالم", size: 24, width: 600, chromium: (1, 29)),
        LocaleCase(locale: "he", text: "שלום עולם", size: 24, width: 600, chromium: (1, 33)),
        LocaleCase(locale: "he", text: "Hello שלום world", size: 20, width: 60, chromium: (3, 75)),
        LocaleCase(locale: "ar", text: "שלום עולם", size: 20, width: 60, chromium: (2, 48)),
        LocaleCase(locale: "ar", text: "مرحبا بالعالم", size: 24, width: 600, chromium: (1, 29)),
    ]

    @Test("Chromium's fallback order follows the content locale", arguments: localeCases)
    func followsLocale(testCase: LocaleCase) throws {
        let (fonts, directory) = try Self.fontSet(locale: testCase.locale)
        let measurer = try TextMeasurer(
            style: TextStyle(font: .file(path: directory.path + "/Inter-Regular.otf"), size: testCase.size,
                             profile: .chromium),
            fontSet: fonts)
        #expect(measurer.lineCount(of: testCase.text, width: testCase.width) == testCase.chromium.lines)
        #expect(measurer.height(of: testCase.text, width: testCase.width) == testCase.chromium.height)
    }

    @Test("each renderer's fallback order and line heights in another font set", arguments: cases)
    func matchesRenderers(testCase: Case) throws {
        let directory = try TemporaryDirectory()
        for file in ["Inter-Regular.otf", "NotoSansHebrew-Regular.ttf", "NotoSansArabic-Regular.ttf",
                     "NotoColorEmoji.ttf"] {
            try directory.copy(FontSet.bundledFontsDirectory + "/" + file)
        }
        for file in ["DejaVuSans.ttf", "DejaVuSerif.ttf"] {
            try directory.copy(Self.dejaVuDirectory + "/" + file)
        }
        let fonts = try FontSet(directory: directory.path)
        for (profile, expected) in [(RenderingProfile.chromium, testCase.chromium), (.pango, testCase.pango)] {
            let measurer = try TextMeasurer(
                style: TextStyle(font: .file(path: directory.path + "/" + testCase.font), size: testCase.size,
                                 profile: profile, language: "en"),
                fontSet: fonts)
            #expect(measurer.lineCount(of: testCase.text, width: testCase.width) == expected.lines, "\(profile)")
            let height = measurer.height(of: testCase.text, width: testCase.width)
            #expect(abs(height - expected.height) < 0.0005, "\(profile): \(height) vs \(expected.height)")
        }
    }
}
