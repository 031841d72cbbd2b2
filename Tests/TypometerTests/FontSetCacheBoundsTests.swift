import Testing
@testable import Typometer

/// The font set's fallback choices, remembered per character, family,
/// language and size, stay bounded however many distinct characters and
/// sizes pass through, and `clearCaches()` empties them. Regression: those
/// maps grew without bound, outside `CacheLimits` and `clearCaches()`.
@Suite struct FontSetCacheBoundsTests {
    @Test("per-character fallback maps stay within their limit over more distinct characters than it")
    func characterMapsBounded() throws {
        let fontSet = try FontSet(directory: FontSet.bundledFontsDirectory)
        let limit = FontSet.characterCacheLimit
        // Distinct scalars, most of them not in any bundled face.
        let scalars = (0..<UInt32(limit + limit / 2)).map { 0x4E00 + $0 }.filter { !(0xD800...0xDFFF).contains($0) }
        for scalar in scalars {
            _ = fontSet.fallbackFace(for: scalar)
            _ = fontSet.emojiFace(for: scalar)
            _ = fontSet.pangoFallback(for: scalar, family: "Noto Sans", language: "zh-cn")
        }
        let counts = fontSet.cachedChoiceCounts
        #expect(counts.characters <= limit && counts.characters > 0)
        #expect(counts.emoji <= limit && counts.emoji > 0)
        #expect(counts.queryCharacters <= limit && counts.queryCharacters > 0)
        // Still right after being emptied: a CJK ideograph falls back to the CJK face.
        #expect(fontSet.fallbackFace(for: 0x4E2D)?.family.contains("CJK") == true)
    }

    @Test("maps by family, language and size stay within their limit")
    func smallMapsBounded() throws {
        let fontSet = try FontSet(directory: FontSet.bundledFontsDirectory)
        let limit = FontSet.smallCacheLimit
        for index in 0..<(limit + 50) {
            _ = fontSet.pangoFallback(for: 0x41, family: "Family \(index)", language: "en")
            _ = fontSet.hexDigitExtents(pixelSize: 8 + Double(index) / 4)
        }
        let counts = fontSet.cachedChoiceCounts
        #expect(counts.orders <= limit && counts.orders > 0)
        #expect(counts.hexSizes <= limit && counts.hexSizes > 0)
    }

    @Test("clearCaches() empties every fallback map, and measuring after it gives the same heights")
    func clearing() throws {
        let fontSet = try FontSet(directory: FontSet.bundledFontsDirectory)
        let measurer = try TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15, profile: .pango),
                                        fontSet: fontSet)
        let text = "中文 مرحبا ไทย 😀 \u{10FFFD} done"
        let before = measurer.height(of: text, width: 120)
        #expect(fontSet.cachedChoiceCounts.queryCharacters > 0)
        fontSet.clearCaches()
        measurer.clearCaches()
        let counts = fontSet.cachedChoiceCounts
        #expect(counts.characters == 0 && counts.emoji == 0 && counts.orders == 0 && counts.queryCharacters == 0
            && counts.hexSizes == 0)
        #expect(measurer.height(of: text, width: 120) == before)
    }
}
