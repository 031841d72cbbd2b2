import Testing
@testable import Typometer

/// The shaping stage on its own: the face each grapheme cluster is drawn
/// in and its advance, from `SegmentShaper.graphemes(of:range:context:rules:)`
/// under Chromium's and Pango's face rules, with the bundled fonts (Noto
/// Sans 15 pt primary). Expectations are identities (a cluster's face has
/// its characters; advances add up to the line's width) or what the
/// renderers drew:
/// - Faces: `Corpus/README.md` ("Fallback faces": Hebrew → Noto Sans
///   Hebrew, Arabic → Noto Sans Arabic, Han → Noto Sans CJK JP, emoji →
///   Noto Color Emoji, checked in both renderers), `/work/shared/REFERENCES.md`
///   (Chromium: "spaces stay in the primary face"; Pango: "whole runs,
///   spaces included" go to a fallback face), and the run faces Pango 1.50
///   printed for `mixed` (below).
/// - Widths: Pango 1.50's `pango_layout_get_size` and Chromium 156's
///   `getBoundingClientRect()` of each text in a `white-space: pre` span,
///   probed on the bundled fonts with fallback restricted to them
///   (`Scripts/reference/fonts.conf.in`).
@Suite struct ClusterFaceTests {
    static let chromiumMeasurer = try! TextMeasurer(style: TextStyle(profile: .chromium))
    static let pangoMeasurer = try! TextMeasurer(style: TextStyle(profile: .pango))

    static func measurer<Rules: RendererRules>(_ rules: Rules.Type) -> TextMeasurer {
        Rules.profile == .chromium ? chromiumMeasurer : pangoMeasurer
    }

    /// Latin, Hebrew, Arabic, Han and an emoji, words apart. UTF-16 offsets:
    /// spaces at 5, 10, 15, 21, 25, 28 and 31; Hebrew letters 6–14, Arabic
    /// 16–24, Han 26–27, the emoji 29–30.
    static let mixed = "Hello שלום עולם مرحبا بكم 你好 😀 end"

    /// More clusters for the coverage identity: Hebrew points, a ZWJ
    /// family, a flag, a keycap, a skin tone, kana, Devanagari, Thai.
    static let texts = [
        mixed, "שָׁלוֹם עֲלֵיכֶם", "Family 👨‍👩‍👧‍👦 in 🇫🇷, step 1️⃣ 👍🏽", "カタカナとひらがな", "नमस्ते दुनिया",
        "สวัสดีครับ", "Ünïcödé naïve café",
    ]

    struct Cluster: CustomStringConvertible {
        var range: Range<Int>
        var scalars: [Unicode.Scalar]
        var face: FontFace
        var faceBits: UInt64
        var advance: Double

        var description: String {
            "\(range) \(scalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }) in \(face.family)"
        }
    }

    /// The clusters of `text` shaped as one segment on its own.
    static func clusters<Rules: RendererRules>(of text: String, _ rules: Rules.Type) -> [Cluster] {
        let measurer = measurer(rules)
        let units = Array(text.utf16)
        let graphemes = units.withUTF16Text {
            measurer.shaper.graphemes(of: $0, range: 0..<$0.count, context: Rules.Faces.isolatedContext, rules: Rules.self)
                .clusters
        }
        return graphemes.offsets.indices.map { index in
            let start = graphemes.offsets[index]
            let end = index + 1 < graphemes.offsets.count ? graphemes.offsets[index + 1] : units.count
            let bits = graphemes.faceBits[index]
            return Cluster(
                range: start..<end, scalars: Array(String(decoding: units[start..<end], as: UTF16.self).unicodeScalars),
                face: measurer.registry.font(at: bits.trailingZeroBitCount).face, faceBits: bits,
                advance: graphemes.advances[index])
        }
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isAlphabetic }

    // MARK: Faces

    @Test("each cluster's face has every visible character of the cluster", arguments: texts)
    func faceCoversCluster(text: String) {
        func check<Rules: RendererRules>(_ rules: Rules.Type) {
            for cluster in Self.clusters(of: text, rules) {
                // One face a cluster (the text has no character the fonts lack).
                #expect(cluster.faceBits.nonzeroBitCount == 1, "\(Rules.profile): \(cluster)")
                // Default ignorables (joiners, variation selectors) draw nothing.
                for scalar in cluster.scalars where !scalar.properties.isDefaultIgnorableCodePoint {
                    #expect(cluster.face.covers(scalar.value), "\(Rules.profile): \(cluster)")
                }
            }
        }
        check(ChromiumRules.self)
        check(PangoRules.self)
    }

    @Test("Latin letters stay in the primary face; letters of other scripts take their script's face")
    func lettersByScript() {
        func check<Rules: RendererRules>(_ rules: Rules.Type) {
            let primary = Self.measurer(rules).primaryFace
            #expect(primary.family == "Noto Sans")
            var letters = 0
            for cluster in Self.clusters(of: Self.mixed, rules) {
                guard let first = cluster.scalars.first, Self.isLetter(first) else { continue }
                letters += 1
                let expected: String = switch first.value {
                case 0x41...0x7A: "Noto Sans"
                case 0x0590...0x05FF: "Noto Sans Hebrew"
                case 0x0600...0x06FF: "Noto Sans Arabic"
                case 0x4E00...0x9FFF: "Noto Sans CJK JP"
                default: "?"
                }
                #expect(cluster.face.family == expected, "\(Rules.profile): \(cluster)")
                if expected == "Noto Sans" { #expect(cluster.face === primary, "\(Rules.profile): \(cluster)") }
            }
            // Hello, שלום עולם, مرحبا بكم, 你好, end: 5 + 8 + 8 + 2 + 3.
            #expect(letters == 26)
        }
        check(ChromiumRules.self)
        check(PangoRules.self)
    }

    @Test("emoji clusters take the colour emoji face")
    func emojiFace() {
        func check<Rules: RendererRules>(_ rules: Rules.Type) {
            var emoji = 0
            for text in Self.texts {
                for cluster in Self.clusters(of: text, rules) where cluster.scalars.contains(where: {
                    $0.properties.isEmojiPresentation || $0.value == 0xFE0F
                }) {
                    #expect(cluster.face.family == "Noto Color Emoji", "\(Rules.profile): \(cluster)")
                    #expect(cluster.face.hasColorGlyphs)
                    emoji += 1
                }
            }
            // 😀 of `mixed`; the family, the flag, the keycap and 👍🏽.
            #expect(emoji == 5)
        }
        check(ChromiumRules.self)
        check(PangoRules.self)
    }

    // REFERENCES.md: in Chromium "fallback goes character by character
    // through Fontconfig; spaces stay in the primary face".
    @Test("Chromium: every space stays in the primary face, whatever surrounds it")
    func chromiumSpaces() {
        let primary = Self.chromiumMeasurer.primaryFace
        for text in [Self.mixed, "שלום עולם"] {
            let spaces = Self.clusters(of: text, ChromiumRules.self).filter { $0.scalars == [" "] }
            #expect(!spaces.isEmpty)
            for space in spaces { #expect(space.face === primary, "\(space)") }
        }
    }

    // Pango's itemizer picks no face for a space: the space joins the item
    // it is in (pango `itemize.c`; Corpus/README.md, "Pango picks faces for
    // the whole paragraph"). Pango 1.50 itemized `mixed` (Noto Sans 15,
    // language en, the private Fontconfig of Scripts/reference) into runs,
    // in UTF-8 bytes: 0+6 Noto Sans ("Hello "), 6+18 Noto Sans Hebrew (both
    // words and the spaces after each), 24+17 Noto Sans Arabic (the words
    // and the space between them), 41+1 Noto Sans (the space before 你),
    // 42+7 Noto Sans CJK JP (你好 and the space after), 49+4 Noto Color
    // Emoji, 53+1 and 54+3 Noto Sans. "שלום עולם" alone was one run of
    // Noto Sans Hebrew, its space included.
    @Test("Pango: a space takes the face of the item it joins, as Pango's itemizer gives it")
    func pangoSpaces() {
        let spaces = Self.clusters(of: Self.mixed, PangoRules.self).filter { $0.scalars == [" "] }
        #expect(spaces.map(\.range.lowerBound) == [5, 10, 15, 21, 25, 28, 31])
        #expect(spaces.map(\.face.family) == [
            "Noto Sans", "Noto Sans Hebrew", "Noto Sans Hebrew", "Noto Sans Arabic", "Noto Sans", "Noto Sans CJK JP",
            "Noto Sans",
        ])
        let hebrew = Self.clusters(of: "שלום עולם", PangoRules.self)
        #expect(hebrew.count == 9)
        #expect(hebrew.allSatisfy { $0.face.family == "Noto Sans Hebrew" }, "\(hebrew)")
    }

    // MARK: Advances

    /// Texts with no break opportunity inside under either renderer's rules
    /// (see BreakOpportunityTests' probes): one segment, one line.
    /// Latin, Hebrew and Arabic run together without a space; a
    /// combining-free diaeresis; a lone ideograph; emoji.
    static let singleSegments: [(text: String, pangoUnits: Int, chromiumLayoutUnits: Int)] = [
        // Pango's width in 1/1024 pt; Chromium's span width in 1/64 pt.
        ("Helloשלוםمرحبا", 103_788, 6487),
        ("Typometer", 78_383, 4899),
        ("naïve", 38_538, 2409),
        ("你", 15_360, 961),
    ]
    static let emojiSegments: [(text: String, pangoUnits: Int, chromiumLayoutUnits: Int)] = [
        ("😀", 19_125, 1198),
        ("👨‍👩‍👧‍👦", 19_125, 1198),
    ]

    @Test("the advances of a one-segment text's clusters add up to its line's width",
          arguments: (singleSegments + emojiSegments).map(\.text))
    func advancesAddUpToLineWidth(text: String) {
        func check<Rules: RendererRules>(_ rules: Rules.Type) {
            let units = Array(text.utf16)
            #expect(units.withUTF16Text { Rules.breakOpportunities(in: $0, language: nil) } == [Int32(units.count)])
            let sum = Self.clusters(of: text, rules).reduce(0) { $0 + $1.advance }
            let lines = Self.measurer(rules).lines(of: text, width: .infinity)
            #expect(lines.count == 1)
            #expect(lines.first?.width == sum, "\(Rules.profile)")
        }
        check(ChromiumRules.self)
        check(PangoRules.self)
    }

    @Test("Pango: a one-segment text's advances add up to the width Pango lays it out in",
          arguments: (singleSegments + emojiSegments).map(\.text))
    func pangoWidth(text: String) throws {
        let expected = try #require((Self.singleSegments + Self.emojiSegments).first { $0.text == text }).pangoUnits
        let sum = Self.clusters(of: text, PangoRules.self).reduce(0) { $0 + $1.advance }
        // Each advance is a whole number of Pango units: the sum is exact.
        #expect(sum * 1024 == Double(expected))
    }

    // Chromium 156 gives a `white-space: pre` span the width of its text
    // rounded up to the LayoutUnit (1/64 pt): 6486.77 units for
    // "Helloשלוםمرحبا" is reported as 6487.
    @Test("Chromium: a one-segment text's advances, rounded up to 1/64 pt, are the width Chromium gives it",
          arguments: singleSegments.map(\.text))
    func chromiumWidth(text: String) throws {
        let expected = try #require(Self.singleSegments.first { $0.text == text }).chromiumLayoutUnits
        let sum = Self.clusters(of: text, ChromiumRules.self).reduce(0) { $0 + $1.advance }
        #expect((sum * 64).rounded(.up) == Double(expected))
    }

    // Chromium 156 advances a Noto Color Emoji glyph by its bitmap strike's
    // advance, 136 px at 109 ppem (CBDT), 1.2477 em: ten 😀 at 15 px are
    // 187.15625 px wide and wrap in a 187 px box (headless Chromium,
    // Scripts/reference/chromium_reference.py on the case), where the hmtx
    // advance, 2550/2048 em = 1.2451 em (186.77 px for ten), would keep them
    // on one line. Pango uses the hmtx advance.
    @Test("Chromium: a colour emoji advances by its bitmap strike's width, as Chromium draws it",
          arguments: emojiSegments.map(\.text))
    func chromiumEmojiWidth(text: String) throws {
        let expected = try #require(Self.emojiSegments.first { $0.text == text }).chromiumLayoutUnits
        let sum = Self.clusters(of: text, ChromiumRules.self).reduce(0) { $0 + $1.advance }
        #expect((sum * 64).rounded(.up) == Double(expected))
        #expect(Self.chromiumMeasurer.lineCount(of: String(repeating: "😀", count: 10), width: 187) == 2)
    }

    // Blink tries the CSS family before its emoji fallback: an emoji the
    // primary face has is drawn in it unless U+FE0F asks for emoji
    // presentation. Expected: Chromium 156's max-content boxes in DejaVu
    // Sans 28 px (a file as a web font; Noto Color Emoji the fallback),
    // `😋` DejaVu's glyph, two of them joined by a ZWJ DejaVu's two glyphs.
    @Test("Chromium: an emoji the primary face has is drawn in it, unless an emoji variation selector asks otherwise",
          arguments: [("😋", 29.203125), ("😋\u{FE0F}", 34.9375), ("😀\u{200D}😋", 58.390625), ("☺", 29.203125),
                      ("☺\u{FE0F}", 34.9375), ("🤯", 34.9375)])
    func chromiumEmojiInThePrimaryFace(text: String, expected: Double) throws {
        let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let measurer = try TextMeasurer(style: TextStyle(font: .file(path: dejaVu), size: 28, profile: .chromium))
        #expect(measurer.maxContentWidth(of: text) == expected)
        #expect(measurer.size(of: text, width: 1000).width == expected)
    }
}
