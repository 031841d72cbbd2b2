import Foundation
import Testing
import Typometer
import TypometerTestSupport

/// Bad and extreme input gets a typed error or a documented value, never a
/// crash or a hang. (ErrorTests covers the basic bad font files and style
/// values, EdgeCaseTests the documented edges; these go further.)
@Suite struct BadInputTests {
    static let chromium = try! TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15))
    static let pango = try! TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15, profile: .pango))
    static let limited = try! TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15, lineLimit: 3))
    static let measurers = [chromium, pango, limited]
    static let notoSans = FontSet.bundledFontsDirectory + "/NotoSans-Regular.ttf"

    /// Measures `text` every way there is and checks the results agree and
    /// are sane: finite, at least one line unless the text is empty, the
    /// limited measurer's lines the first of the unlimited layout's, and one
    /// line per paragraph at infinite width.
    static func measureEveryWay(_ text: String, widths: [Double] = [0, 1, 50, 320, .infinity]) async throws {
        for measurer in measurers {
            let prepared = measurer.prepare(text)
            for width in widths {
                let height = measurer.height(of: text, width: width)
                let count = measurer.lineCount(of: text, width: width)
                #expect(height.isFinite && height >= 0)
                #expect(count >= (text.isEmpty && measurer.style.profile == .chromium ? 0 : 1))
                if let limit = measurer.style.lineLimit {
                    // `limited` is `chromium` under a limit: its lines are the
                    // first of the unlimited layout's.
                    #expect(measurer.lines(of: text, width: width)
                                == Array(chromium.lines(of: text, width: width).prefix(limit)), "width \(width)")
                } else if width == .infinity, let paragraphs = paragraphCount(of: text, profile: measurer.style.profile) {
                    #expect(count == paragraphs, "\(measurer.style.profile)")
                }
                #expect(measurer.lines(of: text, width: width).count == count)
                #expect(measurer.height(of: prepared, width: width) == height)
                #expect(measurer.lines(of: prepared, width: width) == measurer.lines(of: text, width: width))
            }
            let bulk = try await measurer.heights(of: [text, text], widths: widths, chunkSize: 1, concurrency: 2)
            #expect(bulk == widths.map { width in [measurer.height(of: text, width: width), measurer.height(of: text, width: width)] })
        }
    }

    /// The lines `text` takes at infinite width by the edge table (README,
    /// "Edges, by design"): one line per paragraph, no wrapping. Paragraphs end at
    /// line feeds; `nil` for a text holding another character that either
    /// profile may break at (CR, VT, FF, NEL, U+2028, U+2029: their counts
    /// are rows of `whitespaceTexts`).
    static func paragraphCount(of text: String, profile: RenderingProfile) -> Int? {
        let otherBreaks: Set<Unicode.Scalar> = ["\r", "\u{B}", "\u{C}", "\u{85}", "\u{2028}", "\u{2029}"]
        guard !text.unicodeScalars.contains(where: otherBreaks.contains) else { return nil }
        let feeds = text.unicodeScalars.filter { $0 == "\n" }.count
        switch profile {
        // No line for empty text, none after a trailing newline (table;
        // core-0077, core-0088).
        case .chromium: return text.isEmpty ? 0 : feeds + (text.unicodeScalars.last == "\n" ? 0 : 1)
        // One line for empty text, one after a trailing newline (table;
        // core-0076, core-0088).
        case .pango: return feeds + 1
        }
    }

    // MARK: Widths

    @Test("every degenerate width measures as width zero on every path",
          arguments: [0, -0.0, -1, -1e300, -Double.infinity, Double.nan, -Double.nan, Double.signalingNaN,
                      Double.leastNonzeroMagnitude, 1e-300])
    func degenerateWidths(width: Double) async throws {
        let text = "Hello world, this is 👨‍👩‍👧 and مرحبا and 你好世界"
        for measurer in Self.measurers {
            let atZero = measurer.lines(of: text, width: 0)
            #expect(measurer.lines(of: text, width: width) == atZero)
            #expect(measurer.height(of: measurer.prepare(text), width: width) == measurer.height(of: text, width: 0))
            let bulk = try await measurer.heights(of: [text], widths: [width, 0], concurrency: 1)
            #expect(bulk[0] == bulk[1])
            let prepared = try await measurer.heights(of: [measurer.prepare(text)], width: width)
            #expect(prepared == [measurer.height(of: text, width: 0)])
        }
    }

    @Test("huge finite widths do not wrap, like infinity", arguments: [1e15, 1e300, Double.greatestFiniteMagnitude])
    func hugeWidths(width: Double) {
        let text = String(repeating: "word ", count: 300) + "\nsecond"
        for measurer in Self.measurers {
            #expect(measurer.lines(of: text, width: width) == measurer.lines(of: text, width: .infinity))
        }
    }

    // MARK: Sizes, limits, spacing

    @Test("tiny and very large valid sizes measure without trapping",
          arguments: [Double.leastNonzeroMagnitude, 1e-9, 0.01, 0.5, 1000, 9999.99, TextStyle.maximumSize])
    func extremeSizes(size: Double) throws {
        for profile in [RenderingProfile.chromium, .pango] {
            let measurer = try TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: size, profile: profile))
            for width in [0.0, 320, .infinity] {
                let height = measurer.height(of: "Hello world 你好 🎉", width: width)
                #expect(height.isFinite && height >= 0, "size \(size) width \(width)")
                #expect(measurer.lineCount(of: "Hello world 你好 🎉", width: width) >= 1)
            }
        }
    }

    /// Regression: sizes of 32,768 pt and up trapped converting the
    /// HarfBuzz scale to `Int32` (SizedFont.init). Chromium clamps
    /// `font-size` at 10,000 px (recorded: "Hi" in Noto Sans is 13620 px tall
    /// at 10000, 10001, 20000 and 40000 px), so larger sizes are now invalid.
    @Test("a size above 10,000 pt is a typed error, not a trap",
          arguments: [10_000.001, 32_767, 32_768, 1e6, 1e300, Double.greatestFiniteMagnitude])
    func sizeTooLarge(size: Double) {
        #expect(throws: TypometerError.invalidSize(size)) {
            try TextMeasurer(style: TextStyle(size: size))
        }
    }

    @Test("the largest size measures as Chromium draws it")
    func largestSize() throws {
        let measurer = try TextMeasurer(style: TextStyle(size: TextStyle.maximumSize))
        #expect(measurer.height(of: "Hi", width: 1e6) == 13620)
    }

    /// Regression: main's first chunk batch, 8 × limit + 1, overflowed for
    /// a limit near Int.max (TextMeasurer+ChromiumSegments.swift).
    @Test("line limits from one to Int.max are valid; the count never exceeds them", arguments: [1, 2, Int.max])
    func extremeLineLimits(limit: Int) throws {
        let measurer = try TextMeasurer(style: TextStyle(lineLimit: limit))
        let text = String(repeating: "a\n", count: 10)
        // Ten paragraphs "a"; the trailing newline adds no line (edge table),
        // each line 20 pt (Noto Sans 15 pt: EdgeCaseTests).
        #expect(measurer.lineCount(of: text, width: 320) == min(limit, 10))
        #expect(measurer.height(of: text, width: 320) == Double(min(limit, 10)) * 20)
    }

    @Test("line limits below one and non-finite spacings are typed errors",
          arguments: [Int.min, -1, 0])
    func badLineLimits(limit: Int) {
        #expect(throws: TypometerError.invalidLineLimit(limit)) { try TextMeasurer(style: TextStyle(lineLimit: limit)) }
    }

    @Test("infinite line spacing is a typed error", arguments: [Double.infinity, -Double.infinity, -0.001])
    func badLineSpacing(spacing: Double) {
        #expect(throws: TypometerError.invalidLineSpacing(spacing)) {
            try TextMeasurer(style: TextStyle(lineSpacing: spacing))
        }
    }

    // MARK: Odd text

    // Rows of the edge table (README, "Edges, by design"): a text and its
    // lines at 320 pt in Noto Sans 15 pt under Chromium and under Pango,
    // each with where the counts come from. ("core-…" are cases of
    // Corpus/cases/core.jsonl, recorded from both renderers.)
    @Test("empty, whitespace-only and newline-only texts follow the edge table", arguments: [
        // "empty text"; core-0088.
        ("", 0, 1),
        // "whitespace only: 1 line"; core-0086 (five spaces), core-0090 (a tab).
        (" ", 1, 1), ("      ", 1, 1), ("\t\t", 1, 1),
        // core-0079.
        ("\n", 1, 2),
        // Three hard breaks, four paragraphs; "text ending in \n": the last
        // adds a line in Pango only (core-0077).
        ("\n\n\n", 3, 4),
        // CR LF is one hard break (core-0072); then as "\n".
        ("\r\n", 1, 2),
        // "a lone CR": no break in Chromium, a hard break in Pango (then as "\n").
        ("\r", 1, 2),
        // One hard break, two paragraphs (core-0078: a leading "\n").
        (" \n ", 2, 2),
        // "U+2028 / U+2029": break opportunities in Chromium (core-0073,
        // core-0074), hard breaks in Pango; a trailing U+2029 adds a line as
        // "\n" does, a trailing U+2028 none (Scripts/reference/pango_reference.c
        // on "\u{2028}" and on "a\u{2028}": 1 line each; see the known issue below).
        ("\u{2028}", 1, 1), ("\u{2029}", 1, 2),
        // One grapheme cluster and no hard break: one line at any width, as no
        // width splits a cluster ("width 0"). NEL is a C1 control: a box, no
        // break ("control characters"; core-0153 breaks elsewhere).
        ("\u{85}", 1, 1), ("\u{A0}", 1, 1), ("\u{3000}", 1, 1), ("\u{200B}", 1, 1), ("\u{FEFF}", 1, 1),
        // Chromium: spaces hang (core-0087: 60 spaces at 40 pt, 1 line). Pango
        // "wraps inside long runs of spaces": core-0087 has 11 a line at 40 pt,
        // the 10 that fit and 1 more (a Noto Sans space is 260/1000 em, at
        // 15 pt 3994/1024 pt on Pango's grid: 10 × 3.9004 = 39.0). At 320 pt
        // 82 fit (319.8 pt), 83 a line: ⌈5000 / 83⌉ = 61.
        (String(repeating: " ", count: 5000), 1, 61),
    ] as [(String, Int, Int)])
    func whitespaceTexts(text: String, chromiumLines: Int, pangoLines: Int) async throws {
        try await Self.measureEveryWay(text)
        // Each line the primary face's: 20 pt in Chromium, 20.4296875 in Pango
        // (EdgeCaseTests' arithmetic; for U+3000 and NEL, which Noto Sans lacks,
        // Pango's heights are pango_reference.c's).
        let chromium = Self.chromium.lineCountAndHeight(of: text, width: 320)
        #expect(chromium.lineCount == chromiumLines)
        if text == "\u{3000}" {
            // Noto Sans has no U+3000. A line holding a fallback glyph grows to
            // the taller face and is never lower than the primary face's
            // (REFERENCES.md); which face Chromium takes U+3000 from is not recorded.
            #expect(chromium.height >= 20)
        } else {
            #expect(chromium.height == Double(chromiumLines) * 20)
        }
        let pango = Self.pango.lineCountAndHeight(of: text, width: 320)
        // A line of only a hex box is lower ("characters no face has"): NEL's
        // is 13.67578125 pt in Pango (pango_reference.c).
        let pangoHeight = text == "\u{85}" ? 13.67578125 : Double(pangoLines) * 20.4296875
        // A lone NEL is drawn as Pango's hex box in the primary face (not its
        // `.notdef`), so its line is the box's height.
        withKnownIssue("the pango profile adds a line after a trailing U+2028") {
            #expect(pango.lineCount == pangoLines)
            #expect(pango.height == pangoHeight)
        } when: {
            text == "\u{2028}"
        }
    }

    @Test("texts of only marks, joiners, controls, selectors or bidi controls measure", arguments: [
        String(repeating: "\u{301}", count: 2000), String(repeating: "\u{200D}", count: 2000),
        String(repeating: "\u{200C}", count: 100), (0..<32).map { String(UnicodeScalar(UInt8($0))) }.joined(),
        String(repeating: "\u{7F}\u{80}\u{9F}", count: 50), String(repeating: "\u{FE0F}", count: 100),
        String(repeating: "\u{E0100}", count: 50), String(repeating: "\u{1F3FD}", count: 50),
        String(repeating: "\u{202E}", count: 200), String(repeating: "\u{202C}", count: 200),
        String(repeating: "\u{2067}abc", count: 200), String(repeating: "\u{2069}", count: 200),
        "\u{202B}\u{202D}\u{2066}\u{2068}abc def", "\u{200F}\u{200E}\u{61C}",
        "e" + String(repeating: "\u{301}\u{302}\u{303}", count: 500),
        String(repeating: "👨‍", count: 300), String(repeating: "🇫", count: 101),
        "\u{E000}\u{F8FF}\u{F0000}\u{10FFFD}", "\u{FFFE}\u{FFFF}\u{1FFFE}\u{10FFFF}", "\u{0}\u{0}\u{0}",
        String(repeating: "\u{AD}", count: 300), String(repeating: "\u{1}", count: 3000),
        String(repeating: "\u{E31}\u{E48}", count: 300), String(repeating: "\u{94D}", count: 300),
        String(repeating: "\u{644}\u{627}\u{200D}", count: 300),
    ])
    func oddTexts(text: String) async throws {
        try await Self.measureEveryWay(text)
    }

    @Test("a lone surrogate decoded from UTF-16 becomes U+FFFD and measures like it")
    func loneSurrogateFromUTF16() async throws {
        let cases: [[UInt16]] = [[0xD800, 0x61], [0x61, 0xDC00], [0xDC00, 0xD800], [0xD83D], [0xDE00, 0x20, 0xD83D],
                                 Array(repeating: 0xD800, count: 3000)]
        for units in cases {
            let text = String(decoding: units, as: UTF16.self)
            #expect(text.unicodeScalars.contains("\u{FFFD}"))
            try await Self.measureEveryWay(text)
            let repaired = String(String.UnicodeScalarView(units.map { UTF16.isLeadSurrogate($0) || UTF16.isTrailSurrogate($0) ? "\u{FFFD}" : UnicodeScalar($0)! }))
            for measurer in Self.measurers {
                #expect(measurer.lines(of: text, width: 30) == measurer.lines(of: repaired, width: 30))
            }
        }
    }

    @Test("a lone surrogate through Foundation's NSString measures like U+FFFD")
    func loneSurrogateFromNSString() throws {
        let bridged = NSString(characters: [0x61, 0xD800, 0x62], length: 3) as String
        for measurer in Self.measurers {
            #expect(measurer.lineCount(of: bridged, width: 0) >= 1)
            #expect(measurer.height(of: bridged, width: 320) == measurer.height(of: "a\u{FFFD}b", width: 320))
        }
    }

    // MARK: Faces

    // Chromium draws such text with the primary face's .notdef, a line of
    // the face's height. Pango draws hex boxes, whose line is lower unless a
    // glyph of the face (a space, a joiner) shares it; the Pango heights
    // are Scripts/reference/pango_reference.c's, at 15 pt and 320 pt wide,
    // with a Fontconfig set of Inter-Regular.otf alone.
    @Test("text no face in the set covers measures with the primary face's missing glyph")
    func noGlyphsForTheText() throws {
        let directory = try TemporaryDirectory()
        try directory.copy(FontSet.bundledFontsDirectory + "/Inter-Regular.otf")
        let fonts = try FontSet(directory: directory.path)
        let texts: [(text: String, pango: Double)] = [
            ("你好世界，这是一个测试", 13.16796875), ("👨‍👩‍👧‍👦🇫🇷", 18.1533203125),
            ("مرحبا بالعالم", 18.1533203125), ("สวัสดีครับ", 13.16796875),
            ("\u{10FFFD}\u{E0001}", 18.1533203125),
        ]
        for profile in [RenderingProfile.chromium, .pango] {
            let measurer = try TextMeasurer(style: TextStyle(font: .family("Inter"), profile: profile), fontSet: fonts)
            let plain = measurer.height(of: "a", width: 320)
            for (text, pango) in texts {
                #expect(measurer.lineCount(of: text, width: 320) == 1, "\(text)")
                #expect(measurer.height(of: text, width: 320) == (profile == .pango ? pango : plain), "\(text)")
                #expect(measurer.lineCount(of: text, width: 0) >= 1)
            }
        }
    }

    @Test("a primary face for another script (Arabic, CJK, emoji) measures Latin text by fallback",
          arguments: ["NotoSansArabic-Regular.ttf", "NotoColorEmoji.ttf", "NotoSansCJK-Regular.ttc", "NotoSansThai-Regular.ttf"])
    func primaryFaceOfAnotherScript(file: String) throws {
        for profile in [RenderingProfile.chromium, .pango] {
            let style = TextStyle(font: .file(path: FontSet.bundledFontsDirectory + "/" + file), size: 15, profile: profile)
            let measurer = try TextMeasurer(style: style)
            for width in [0.0, 100, .infinity] {
                let height = measurer.height(of: "Hello world, 123 !", width: width)
                #expect(height.isFinite && height > 0, "\(file) at \(width)")
            }
        }
    }

    @Test("a font set of only bad files is empty; bad files beside good ones are skipped")
    func fontSetWithBadFiles() throws {
        let bad = try TemporaryDirectory()
        try bad.write(Data(), named: "empty.ttf")
        try bad.write(Data("not a font".utf8), named: "text.otf")
        try bad.write(Data([0x00, 0x01, 0x00, 0x00, 0x00, 0x00]), named: "header.ttf")
        #expect(throws: TypometerError.emptyFontSet(directory: bad.path)) { try FontSet(directory: bad.path) }

        try bad.copy(Self.notoSans)
        let fonts = try FontSet(directory: bad.path)
        #expect(fonts.families == ["Noto Sans"])
        let measurer = try TextMeasurer(style: TextStyle(), fontSet: fonts)
        #expect(measurer.height(of: "Hello 你好", width: 320) == 20)
    }

    @Test("a font file path given as a FontSet directory is an error or a set of that file")
    func fileAsFontSetDirectory() {
        #expect(throws: TypometerError.self) { _ = try FontSet(directory: "/dev/null") }
    }

    // The time limits turn a read that never ends into a failure, not a stuck run (generous:
    // other suites share the test threads, and a loaded machine starved a one-minute limit).
    @Test("special files given as font files are unreadable, never read forever", .timeLimit(.minutes(10)),
          arguments: ["/dev/zero", "/dev/null", "/dev/urandom", "/proc/self/status", "/"])
    func specialFiles(path: String) {
        #expect(throws: TypometerError.self) { try TextMeasurer(style: TextStyle(font: .file(path: path))) }
    }

    @Test("a named pipe given as a font file is unreadable, not a hang", .timeLimit(.minutes(10)))
    func namedPipe() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/pipe.ttf"
        #expect(mkfifo(path, 0o644) == 0)
        #expect(throws: TypometerError.fontFileUnreadable(path: path)) {
            try TextMeasurer(style: TextStyle(font: .file(path: path)))
        }
    }

    /// Regression: an index above UInt32.max passed FreeType's check (it
    /// reads only the low 16 bits as the face) and then trapped converting
    /// to UInt32 (FontFace.init).
    @Test("face indices far out of range are typed errors", arguments: [-1, -2, Int(Int32.max), Int(UInt32.max) + 1, Int.max, Int.min])
    func faceIndexOutOfRange(index: Int) {
        #expect(throws: TypometerError.self) {
            try TextMeasurer(style: TextStyle(font: .file(path: Self.notoSans, index: index)))
        }
    }

    @Test("damaged font files are rejected or measure sanely", arguments: [
        "header only", "no tables", "bad table directory", "half", "every byte flipped", "zeroed tables",
        "random", "woff2 signature", "ttc pointing nowhere", "truncated collection",
    ])
    func damagedFonts(kind: String) throws {
        let directory = try TemporaryDirectory()
        let font = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.notoSans)))
        var random = SplitMix64(seed: 7)
        let bytes: [UInt8]
        switch kind {
        case "header only": bytes = Array(font.prefix(12))
        case "no tables": bytes = [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        case "bad table directory":
            bytes = [0, 1, 0, 0, 0xFF, 0xFF, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0x41, count: 64)
        case "half": bytes = Array(font.prefix(font.count / 2))
        case "every byte flipped": bytes = font.map { ~$0 }
        case "zeroed tables": bytes = Array(font.prefix(12 + 16 * 20)) + [UInt8](repeating: 0, count: font.count - 12 - 16 * 20)
        case "random": bytes = (0..<50_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        case "woff2 signature": bytes = Array("wOF2".utf8) + [UInt8](repeating: 0, count: 60)
        case "ttc pointing nowhere": bytes = Array("ttcf".utf8) + [0, 1, 0, 0, 0, 0, 0, 2, 0x7F, 0xFF, 0xFF, 0xFF, 0, 0, 0, 12]
        default:
            let collection = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FontSet.bundledFontsDirectory + "/NotoSansCJK-Regular.ttc")))
            bytes = Array(collection.prefix(4096))
        }
        let path = try directory.write(Data(bytes), named: "damaged.ttf")
        for index in [0, 1] {
            do {
                let measurer = try TextMeasurer(style: TextStyle(font: .file(path: path, index: index)))
                for width in [0.0, 100, .infinity] {
                    let height = measurer.height(of: "Hello world 你好", width: width)
                    #expect(height.isFinite && height >= 0, "\(kind) #\(index) at \(width)")
                }
            } catch {
                #expect(error == .notAFont(path: path), "\(kind) #\(index)")
            }
        }
    }

    // MARK: Large input

    static let tenMegabytes = 10_000_000

    // Timed unit tests prove no speed: each test below has a time limit,
    // which turns a hang into a failure, and asserts what the work gives.
    // Timings are printed; speed is the benchmarks' (Benchmarks/).

    @Test("a 10 MB text of words measures with and without a line limit; the limit stops the work early",
          .timeLimit(.minutes(5)))
    func tenMegabytesOfWords() throws {
        let words = ["lorem", "ipsum", "dolor", "sit", "amet,", "你好", "مرحبا", "🎉", "consectetur\n"]
        var text = ""
        text.reserveCapacity(Self.tenMegabytes + 32)
        var random = SplitMix64(seed: 10)
        // Paragraphs: one more than the line feeds (the text ends in a space).
        var paragraphs = 1
        while text.utf8.count < Self.tenMegabytes {
            let word = words.randomElement(using: &random)!
            text += word + " "
            if word.hasSuffix("\n") { paragraphs += 1 }
        }
        for measurer in [Self.chromium, Self.limited] {
            let clock = ContinuousClock()
            let start = clock.now
            let count = measurer.lineCount(of: text, width: 320)
            print("BadInputTests: 10 MB of words, limit \(measurer.style.lineLimit.map(String.init) ?? "none"): \(count) lines in \(clock.now - start)")
            // At least one line per paragraph; under the limit, its 3 lines.
            if let limit = measurer.style.lineLimit {
                #expect(count == limit)
            } else {
                #expect(count >= paragraphs)
            }
        }
        // No wrapping at infinite width: one line per paragraph (edge table).
        #expect(Self.chromium.lineCount(of: text, width: .infinity) == paragraphs)

        // 10 MB of distinct words that only HarfBuzz shapes (the "fi"
        // ligature; words of simple characters are measured by table lookup,
        // uncounted): under 3 lines, a fresh measurer shapes about as many as
        // those lines need (LineLimitWorkTests' 10 kB bound), not all 842,593.
        var distinct = ""
        distinct.reserveCapacity(Self.tenMegabytes + 32)
        var index = 0
        while distinct.utf8.count < Self.tenMegabytes {
            distinct += "fiord\(index) "
            index += 1
        }
        let fresh = try TextMeasurer(style: Self.limited.style)
        #expect(fresh.lineCount(of: distinct, width: 320) == 3)
        #expect(fresh.wordCacheStatistics.misses < 200, "\(fresh.wordCacheStatistics) over \(index) words")
    }

    /// How long a text without a break opportunity the regular run measures:
    /// 200 kB by default (1 MB takes about 10 s; 10 MB takes about 58 s unlimited and 42 s under a
    /// 3-line limit in a debug build); `TYPOMETER_UNBROKEN_BYTES` overrides.
    static let unbrokenBytes = ProcessInfo.processInfo.environment["TYPOMETER_UNBROKEN_BYTES"].flatMap(Int.init) ?? 200_000

    @Test("a long text with no break opportunity is broken between letters, as many on a line as fit",
          .timeLimit(.minutes(5)))
    func unbrokenText() throws {
        let text = String(repeating: "abcdefghij", count: Self.unbrokenBytes / 10)
        // With no break opportunity, the text breaks between grapheme
        // clusters ("a word wider than the line"), as many on a line as fit.
        // Noto Sans's advances of a…j (its hmtx, 1,000 units an em; no kerning
        // pair or ligature among them) at 15 pt. No line ends within 0.5 pt of
        // 320, so rounding cannot move a break.
        let advances = [561, 615, 480, 615, 564, 344, 615, 618, 258, 258].map { Double($0) * 15 / 1000 }
        var lineStarts: [Int] = []
        var filled = Double.infinity
        for letter in 0..<text.utf16.count {
            let advance = advances[letter % 10]
            if filled + advance > 320 {
                lineStarts.append(letter)
                filled = 0
            }
            filled += advance
        }
        for measurer in [Self.chromium, Self.limited] {
            let clock = ContinuousClock()
            let start = clock.now
            let count = measurer.lineCount(of: text, width: 320)
            print("BadInputTests: \(Self.unbrokenBytes) bytes without spaces, limit \(measurer.style.lineLimit.map(String.init) ?? "none"): \(count) lines in \(clock.now - start)")
            #expect(count == min(measurer.style.lineLimit ?? .max, lineStarts.count))
        }
        // Under the limit, those lines letter for letter. (How far the limited
        // layout reads is the benchmarks' to show: no counter sees it, as text
        // of simple characters is measured by table lookup, outside the caches.)
        let ends = lineStarts.dropFirst() + [text.utf16.count]
        #expect(Self.limited.lines(of: text, width: 320).map(\.utf16Range)
                    == Array(zip(lineStarts, ends).map { $0..<$1 }.prefix(3)))
    }

    /// Guards the fix for a slowness found with issue 7: a paragraph with no
    /// break opportunity was shaped in full under a line limit (10 MB under
    /// 3 lines: 42 s, debug); long chunks are now analysed in windows.
    @Test("a text with no break opportunity under a line limit gets the unlimited layout's first lines")
    func lineLimitBoundsUnbrokenText() throws {
        // Long runs without a space are analysed in windows under a limit
        // (how far is measured by the benchmarks, not here); the lines must
        // be those of the unlimited layout, whatever the window sizes.
        let unlimited = try TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15))
        for text in [String(repeating: "abcdefghij", count: 30_000),
                     String(repeating: "今天天气很好，我们去公园散步吧。", count: 1_000),
                     String(repeating: "x", count: 5_000) + " and then words"] {
            #expect(Self.limited.lines(of: text, width: 320)
                        == Array(unlimited.lines(of: text, width: 320).prefix(3)))
        }
    }
}
