import Testing
import Typometer
import TypometerCorpus

/// How Chromium lays text out on screens of other device pixel ratios, each
/// rule against what Chromium 156 drew when launched with
/// `--force-device-scale-factor` (boxes read in CSS px), or by arithmetic
/// from the font's metrics where said.
@Suite struct DevicePixelRatioTests {
    static func measurer(
        _ ratio: Double, size: Double = 15, language: String? = nil, webFonts: WebFonts = .primary,
        profile: RenderingProfile = .chromium, lineHeight: LineHeight = .normal
    ) throws -> TextMeasurer {
        try TextMeasurer(style: TextStyle(
            font: .family("Noto Sans"), size: size, profile: profile, language: language, lineHeight: lineHeight,
            devicePixelRatio: ratio, webFonts: webFonts))
    }

    // Noto Sans (ascent 1069, descent 293 per 1000) at 15 px: at ratio 2
    // the font is 30 device px, round(32.07) + round(8.79) = 41 px, 20.5 CSS
    // px; at 1.5, 22.5 px: round(24.05) + round(6.59) = 31, 20.67 CSS px
    // (Chromium 156: 20, 20.5 and 20.67, REFERENCES.md).
    @Test("a Noto Sans 15 px line is 20 px at ratio 1, 20.5 at 2 and 31/1.5 at 1.5", arguments: [
        (1.0, 20.0), (2.0, 20.5), (1.5, 31.0 / 1.5), (3.0, 61.0 / 3),
    ])
    func lineHeights(ratio: Double, height: Double) throws {
        let measurer = try Self.measurer(ratio)
        #expect(measurer.height(of: "Good morning", width: 320) == height)
        #expect(measurer.lineCountAndHeight(of: "Good morning", width: 320) == (1, height))
    }

    // Chromium 156 at ratio 2, Noto Sans 14 px (28 device px) over `नजरेस`,
    // which Noto Sans Devanagari draws (ascent 896, descent 408 per 1000:
    // 25.09 and 11.42 device px): 21 px under `lang="hi"`, whose default
    // font Noto Sans Devanagari is (found by name: subpixel positioning, the
    // descent rounded down to 11 takes a pixel of the ascent: 30 + 12 = 42
    // device px); 20.5 px under `lang="en"` (found by character fallback:
    // 30 + 11) and with Noto Sans Devanagari loaded as a web font.
    @Test("the page language's default font takes a pixel of its ascent for its descent on a screen above ratio 1")
    func defaultFontBorrowsAscent() throws {
        let text = "नजरेस"
        #expect(try Self.measurer(2, size: 14, language: "hi").height(of: text, width: 400) == 21)
        #expect(try Self.measurer(2, size: 14).height(of: text, width: 400) == 20.5)
        #expect(try Self.measurer(2, size: 14, language: "hi", webFonts: .all).height(of: text, width: 400) == 20.5)
        // At ratio 1 no face is drawn with subpixel positioning: 15 + 6.
        #expect(try Self.measurer(1, size: 14, language: "hi").height(of: text, width: 400) == 21)
    }

    @Test("the default font's script follows Blink's reading of the language tag", arguments: [
        ("hi", true), ("mr-IN", true), ("ne", true), ("hi-Latn", false), ("en-Deva", true), ("en", false), ("ar", false),
    ])
    func defaultFontScript(tag: String, drawsDevanagari: Bool) throws {
        let height = try Self.measurer(2, size: 14, language: tag).height(of: "नजरेस", width: 400)
        #expect(height == (drawsDevanagari ? 21 : 20.5))
    }

    // Chromium's font cache keeps sizes floored to 1/100 px: 17 px × 2.625 =
    // 44.625 is drawn at 44.62 px. Chromium 156 puts `Hawke suite` (Noto
    // Serif) on one line of 99.796875 px (core-0162), 261.9 of 261.97
    // device px; at 44.625 px the two words would be 262 px wide.
    @Test("a face is drawn at its device size floored to 1/100 px")
    func fontSizePrecision() throws {
        let pair = try #require(try Corpus.pairs("core", renderer: .chromium, devicePixelRatio: 2.625)
            .first { $0.0.id == "core-0162" })
        let measurer = try TextMeasurer(style: pair.0.style(profile: .chromium, devicePixelRatio: 2.625))
        #expect(pair.1.lines == 1)
        #expect(measurer.lineCount(of: pair.0.text, width: pair.0.width) == 1)
        #expect(abs(measurer.maxContentWidth(of: pair.0.text) - 261.90625 / 2.625) < 1e-9)
    }

    // Blink holds `line-height: 1.4` as 140% in single precision and applies
    // it to the size rounded to a LayoutUnit, in single precision: 17 px ×
    // 1.25 = 21.25 px × 140 / 100 = 29.75 device px exactly (23.8 CSS px,
    // Chromium 156's lh-00147), where double precision gives 29.7499… and
    // the LayoutUnit below.
    @Test("a line height set as a multiple is Blink's single-precision percentage of the size")
    func lineHeightMultiple() throws {
        let measurer = try Self.measurer(1.25, size: 17, lineHeight: .multiple(1.4))
        #expect(measurer.height(of: "ok", width: 220) == 29.75 / 1.25)
    }

    // Blink rounds a length to the nearest LayoutUnit (`FromFloatRound`):
    // `line-height: 22px` at a zoom of 110 % is 24.2 device px, 24.203125
    // in Chromium 156 (22.00284 CSS px, lh-00020 at 1.1; floored it would
    // be 24.1875); 12px is 13.2, 13.203125 (lh-00029).
    @Test("a line height set as a length is rounded to the nearest LayoutUnit of the device", arguments: [
        (20.0, 22.0, 1549.0 / 64 / 1.1), (32.0, 12.0, 845.0 / 64 / 1.1),
    ])
    func lineHeightLength(size: Double, lineHeight: Double, height: Double) throws {
        let measurer = try TextMeasurer(style: TextStyle(
            font: .file(path: Corpus.fontPath("Fonts/Inter-Regular.otf")), size: size,
            lineHeight: .points(lineHeight), devicePixelRatio: 1.1))
        #expect(abs(measurer.height(of: "Hxgy", width: 480) - height) < 1e-9)
    }

    // Blink reads CJK punctuation's glyph bounds rounded out to whole pixels
    // where the face is not drawn with subpixel positioning
    // (`SkFontGetBoundsForGlyphs`): at 8 px (16 px at 0.5) Noto Sans CJK
    // TC's centred dots are then wider than half an em and Chromium 156
    // trims none of them: 8 lines (176 px), where 4 (96 px) at 16 px
    // (lang-01196 at 0.5 and at 1).
    @Test("CJK punctuation is classed by its glyph bounds in whole pixels")
    func hanKerningWholePixelBounds() throws {
        let style = TextStyle(font: .file(path: Corpus.fontPath("Fonts/Inter-Regular.otf")), size: 16,
                              language: "zh-Hant")
        let text = "「一」、「二」、「三」。（四）、"
        var half = style
        half.devicePixelRatio = 0.5
        #expect(try TextMeasurer(style: half).lineCountAndHeight(of: text, width: 56) == (8, 176))
        #expect(try TextMeasurer(style: style).lineCountAndHeight(of: text, width: 56) == (4, 96))
    }

    @Test("widths go in and come out in CSS px: lines, sizes, intrinsic widths and shaped glyphs")
    func resultsInPoints() throws {
        let text = "Typometer lays text out on the reader's screen and answers in CSS pixels, whatever the ratio."
        let one = try Self.measurer(1)
        let two = try Self.measurer(2)
        // At ratio 2 every advance is within a device pixel of half its
        // 30 px advance, so the widths stay close to ratio 1's.
        #expect(abs(two.maxContentWidth(of: text) - one.maxContentWidth(of: text)) < 1)
        let lines = two.lines(of: text, width: 200)
        #expect(lines.count == one.lineCount(of: text, width: 200))
        #expect(lines.allSatisfy { $0.width <= 200 && $0.height == 20.5 })
        let size = two.size(of: text, width: 200)
        // The widest line box: the widest line's advance up to its LayoutUnit.
        #expect(size.height == 20.5 * Double(lines.count))
        #expect(abs(size.width - (lines.map(\.width).max() ?? 0)) <= 1.0 / 64)
        for line in two.shapedLines(of: text, width: 200) {
            #expect(abs(line.runs.reduce(0) { $0 + $1.width } - line.width) < 1e-9)
            #expect(line.runs.allSatisfy { $0.size == 15 })
        }
        let prepared = two.prepare(text)
        #expect(two.height(of: prepared, width: 200) == two.height(of: text, width: 200))
        #expect(two.size(of: prepared, width: 200) == size)
    }

    @Test("the bulk pass gives each text's height at the ratio")
    func bulkAtRatio() async throws {
        let measurer = try Self.measurer(1.5)
        let texts = ["Good morning", "A longer text that wraps over a few lines at this width.", ""]
        let heights = try await measurer.heights(of: texts, width: 120)
        #expect(heights == texts.map { measurer.height(of: $0, width: 120) })
        #expect(heights[0] == 31.0 / 1.5)
    }

    @Test("styled runs are laid out at the ratio: a larger span's line is its face's box in device px")
    func styledTextAtRatio() throws {
        let measurer = try Self.measurer(2)
        // A 30 px span of Noto Sans: 60 device px, round(64.14) + round(17.58)
        // = 82, over the block's strut (32 + 9): 82 device px, 41 CSS px.
        let text = StyledText([.init("Big", style: RunStyle(size: 30)), .init(" small")])
        #expect(try measurer.height(of: text, width: 320) == 41)
    }

    @Test("Pango's profile ignores the ratio")
    func pangoIgnoresRatio() throws {
        let text = "नजरेस and 漢字 and some more words to wrap at this width"
        let one = try Self.measurer(1, profile: .pango)
        for ratio in [1.25, 2, 3] {
            let other = try Self.measurer(ratio, profile: .pango)
            #expect(other.lines(of: text, width: 120) == one.lines(of: text, width: 120))
            #expect(other.maxContentWidth(of: text) == one.maxContentWidth(of: text))
        }
    }

    @Test("a ratio outside 0.25–20 is a typed error", arguments: [
        0.0, -1, 0.2, 21, .nan, .infinity,
    ])
    func invalidRatios(ratio: Double) {
        let error = #expect(throws: TypometerError.self) { try TextMeasurer(style: TextStyle(devicePixelRatio: ratio)) }
        guard case .invalidDevicePixelRatio = error else {
            Issue.record("expected invalidDevicePixelRatio, got \(String(describing: error))")
            return
        }
    }

    @Test("a set line height that overflows at the ratio is a typed error")
    func overflowingLineHeight() {
        #expect(throws: TypometerError.invalidLineHeight(1e308)) {
            try TextMeasurer(style: TextStyle(lineHeight: .points(1e308), devicePixelRatio: 2))
        }
    }
}
