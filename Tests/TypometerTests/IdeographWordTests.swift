import CHarfBuzz
import Testing
@testable import Typometer

/// The table path for CJK chunks under `.chromium` (issue 38,
/// ``BlinkIdeographTable``) against the shaped path it stands in for and
/// against `hb_shape` itself: every distinct piece of real Chinese, Japanese
/// and Korean text (``RealEastAsianWords``) the table takes, up to
/// `piecesPerSize`, in each CJK face the bundled font set falls back to for
/// the language (Noto Sans CJK's regional faces) and in the regional face a
/// language tag makes the page's default font, at every size of the
/// fidelity matrix.
@Suite struct IdeographWordTests {
    static let sizes: [Double] = [11, 13, 15, 17, 20, 24, 32, 53]
    static let piecesPerSize = 100_000
    /// The fewest pieces the table takes per language, with or without its
    /// tag, of the catalogues ``RealEastAsianWords`` reads (Debian 12, with
    /// the primary face's characters among the CJK ones: 100,000 of
    /// 209,928 Chinese and of 138,836 Japanese, the most checked; 35,363 of
    /// 52,859 Korean; the floors leave room for translation updates). The
    /// other pieces hold characters or runs the table leaves to HarfBuzz.
    static let fewestPieces = ["zh": piecesPerSize, "ja": piecesPerSize, "ko": 33_000]
    /// Each language's text, measured with no language set (the face
    /// Fontconfig ranks first, a fallback face) and under its tag (where the
    /// regional face is the page's default font, which draws what it has
    /// before any fallback run: issue 34, item 5).
    static let cases: [(text: String, language: String?)] = [
        ("zh", nil), ("ja", nil), ("ko", nil), ("zh", "zh-Hans"), ("ja", "ja"), ("ko", "ko"),
    ]

    @Test("CJK chunks measure bit for bit as the shaped path and hb_shape measure them, in every face and size",
          arguments: cases.indices)
    func ideographChunksMatchHarfBuzz(caseIndex: Int) throws {
        let (text, language) = Self.cases[caseIndex]
        let pieces = RealEastAsianWords.pieces(of: text)
        for size in Self.sizes {
            let measurer = try TextMeasurer(style: TextStyle(
                font: .family("Noto Sans"), size: size, lineLimit: nil, profile: .chromium, language: language))
            let shaper = measurer.shaper
            var checked = 0
            var mismatches = 0
            // The run the last piece taken left, for every other piece.
            var carried = BlinkFallbackRun()
            for (index, piece) in pieces.enumerated() where checked < Self.piecesPerSize {
                let run = index % 2 == 0 ? BlinkFallbackRun() : carried
                piece.withUTF16Text { units in
                    guard let fast = BlinkIdeographTable.chunkMetrics(
                        of: units, run: run, shaper: shaper, simpleWords: measurer.simpleWords)
                    else { return }
                    checked += 1
                    carried = fast.blinkRunAfter
                    if let disagreement = Self.disagreement(of: fast, with: units, run: run, measurer: measurer) {
                        mismatches += 1
                        if mismatches <= 5 { Issue.record("\(language ?? "-") \(size) pt: \(disagreement)") }
                    }
                }
            }
            #expect(mismatches == 0)
            let wanted = Self.fewestPieces[text] ?? Self.piecesPerSize
            #expect(checked >= wanted, "\(text) \(language ?? "-") \(size) pt: \(checked) of \(pieces.count) pieces taken")
        }
    }

    @Test("no ideograph or Hangul syllable is a mark, invisible, a control, a space or an emoji, as the table assumes; ideographs are Han, syllables Hangul")
    func plainLettersHaveNoPropertyTheTableChecks() {
        var failures: [UInt32] = []
        var plainLetters = 0
        for scalar: UInt32 in 0x3300...0xD800 where BlinkIdeographTable.isPlainLetter(scalar) {
            plainLetters += 1
            let properties = ScalarProperties(scalar)
            let script = scalar >= 0xAC00 ? HB_SCRIPT_HANGUL : HB_SCRIPT_HAN
            if properties.isMark || properties.isDefaultIgnorable || properties.isControl || properties.isSpaceSeparator
                || FontSelector.isInvisible(scalar) || FontSelector.isPresentedAsEmoji([scalar])
                || ScalarProperties.script(of: scalar) != script {
                failures.append(scalar)
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10).map { String($0, radix: 16) })")
        // Exactly U+3400–4DBF (6,592), U+4E00–9FFF (20,992) and U+AC00–D7A3
        // (11,172), edges included.
        #expect(plainLetters == 6_592 + 20_992 + 11_172)
        for scalar: UInt32 in [0x3400, 0x4DBF, 0x4E00, 0x9FFF, 0xAC00, 0xD7A3] {
            #expect(BlinkIdeographTable.isPlainLetter(scalar))
        }
        for scalar: UInt32 in [0x33FF, 0x4DC0, 0x4DFF, 0xA000, 0xABFF, 0xD7A4] {
            #expect(!BlinkIdeographTable.isPlainLetter(scalar))
        }
    }

    /// Chunks that mix the primary face's characters with CJK ones where
    /// the rules meet: script runs that punctuation and brackets join or
    /// leave, Latin kerning (`AV`, `To`) next to a break, `ー` after a break
    /// under `ja`, ASCII brackets and quotes beside fullwidth punctuation
    /// that `text-spacing-trim` may trim, digits and `%s`, a trailing space
    /// after either face.
    static let mixedChunks = [
        "GTK的", "%s个", "“always-online”。", "(_A)：", "AV中文", "中文AV", "To中", "中To ", "中文 ", "GNOME ",
        "(「引用」)", "「(引用)」", "（AV）", "“中”", "‘中’", "中“AV”中", "100%完成", "第3章", "サーバー(AV)",
        "ーAV", "データ:AV", "한국어.", "한국어)", "(한국어)", "가AV나", "AV、", "AV。", "中,AV", "中.AV", "中-AV",
        "a中a中a", "Ты中", "αβ中", "中!?", "中…", "中—中", "e-mail地址", "https://例え.jp/パス", "中\u{00A0}AV",
    ]

    @Test("chunks mixing the primary face's characters with CJK ones measure as the shaped path and hb_shape measure them",
          arguments: [nil, "zh-Hans", "ja", "ko"] as [String?])
    func mixedChunksMatchHarfBuzz(language: String?) throws {
        var taken = 0
        for size in [11.0, 15, 24] {
            let measurer = try TextMeasurer(style: TextStyle(
                font: .family("Noto Sans"), size: size, lineLimit: nil, profile: .chromium, language: language))
            for text in Self.mixedChunks {
                for run in [BlinkFallbackRun(), BlinkFallbackRun(script: HB_SCRIPT_LATIN.rawValue),
                            BlinkFallbackRun(script: HB_SCRIPT_HAN.rawValue)] {
                    Array(text.utf16).withUTF16Text { units in
                        guard let fast = BlinkIdeographTable.chunkMetrics(
                            of: units, run: run, shaper: measurer.shaper, simpleWords: measurer.simpleWords)
                        else { return }
                        taken += 1
                        if let disagreement = Self.disagreement(of: fast, with: units, run: run, measurer: measurer) {
                            Issue.record("\(language ?? "-") \(size) pt: \(disagreement)")
                        }
                    }
                }
            }
        }
        // Most of them are taken (261 of 351 without a language, 327 with
        // one); the others hold what the table leaves to HarfBuzz: a trim,
        // a character of neither face, punctuation starting a fallback run.
        #expect(taken >= Self.mixedChunks.count * 3 * 3 * 2 / 3, "\(taken) taken")
    }

    @Test("leaves to the page's default font the characters it draws, whatever fallback face the run tried before")
    func defaultFontKeepsItsCharacters() throws {
        // Under `ja` Noto Sans CJK JP is the page's default font: Blink
        // draws with it every character it has before any fallback run
        // (issue 34, item 5), even in a run that tried Noto Sans CJK SC.
        let measurer = try TextMeasurer(style: TextStyle(
            font: .family("Noto Sans"), size: 15, lineLimit: nil, profile: .chromium, language: "ja"))
        let chinese = try measurer.fontSet.face(family: "Noto Sans CJK SC", weight: .regular, italic: false, matching: .css)
        let tried = UInt16(measurer.registry.index(of: chinese))
        for script in [HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA] {
            let run = BlinkFallbackRun(script: script.rawValue, faces: [tried])
            for piece in ["漢字", "日本語、", "ひらがな", "カタカナ。", "「引用」"] {
                Array(piece.utf16).withUTF16Text { units in
                    guard let fast = BlinkIdeographTable.chunkMetrics(
                        of: units, run: run, shaper: measurer.shaper, simpleWords: measurer.simpleWords)
                    else { return }
                    if let disagreement = Self.disagreement(of: fast, with: units, run: run, measurer: measurer) {
                        Issue.record("\(disagreement)")
                    }
                }
            }
        }
    }

    /// How the table's metrics of `units` (a chunk going on with `run`)
    /// differ from the shaped path's and from `hb_shape`'s advances of the
    /// content shaped as one run in the table's face; `nil` when they agree.
    static func disagreement(
        of fast: ChunkMetrics, with units: UTF16Text, run: BlinkFallbackRun, measurer: TextMeasurer
    ) -> String? {
        let shaper = measurer.shaper
        let ends = ChromiumBreaks.find(in: units, language: shaper.selector.language)
        let (clusters, runAfter) = shaper.graphemes(
            of: units, range: 0..<units.count, context: BlinkClusterFaces.Context(run: run, followingLevel: 0),
            rules: ChromiumRules.self, splitAt: ends)
        let slow = shaper.chunkMetrics(from: clusters, chunk: units, ends: ends, leaving: runAfter, rules: ChromiumRules.self)
        func describe(_ metrics: ChunkMetrics, _ index: Int) -> String {
            let segment = metrics.segment(index)
            return "\(metrics.end(index)) \(segment.width) +\(segment.startExtra)/\(segment.endExtra)"
                + (segment.startsJoined ? " joined" : "") + " faces \(segment.faceMask)"
        }
        var differences: [String] = []
        if slow.count != fast.count || slow.blinkRunAfter != fast.blinkRunAfter {
            differences.append("\(fast.count) segments, run \(fast.blinkRunAfter) vs \(slow.count), \(slow.blinkRunAfter)")
        }
        for index in 0..<min(slow.count, fast.count)
        where slow.end(index) != fast.end(index) || slow.segment(index) != fast.segment(index) {
            differences.append("segment \(index): \(describe(fast, index)) vs shaped \(describe(slow, index))")
        }
        // The content shaped one HarfBuzz run per face and script run: the
        // primary face for what it has, else the table's (Blink's script
        // runs: punctuation joins a run by its script extensions and
        // brackets).
        let content = TextScanning.contentEnd(of: units)
        let primary = measurer.registry.primary.face
        let faceMask = (0..<fast.count).reduce(UInt64(0)) { $0 | fast.segment($1).faceMask }
        let tableFace = (faceMask & ~FaceRegistry.bit(for: 0)).trailingZeroBitCount
        let scalars = (0..<content).map { UInt32(units[$0]) }
        let faces = scalars.map { primary.covers($0) ? 0 : tableFace }
        var scripts = scalars.map { scalar in
            let script = ScalarProperties.script(of: scalar)
            return script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN ? HB_SCRIPT_COMMON : script
        }
        ScriptRuns.resolve(
            &scripts, firstScalars: scalars, preceding: run.script == 0 ? nil : hb_script_t(rawValue: run.script),
            bracket: PairedBrackets.bidi, extensions: true)
        ScriptRuns.fillUnresolved(&scripts)
        var advances: [Double] = []
        var runStart = 0
        for index in 1...content
        where index == content || scripts[index] != scripts[runStart] || faces[index] != faces[runStart] {
            let shaped = shaper.shapeMarkingJoins(
                units, range: runStart..<index, font: measurer.registry.font(at: faces[runStart]), script: scripts[runStart],
                rightToLeft: false, language: ChromiumRules.language(for: scripts[runStart], content: shaper.selector.language))
            advances += shaped.advances
            runStart = index
        }
        var start = 0
        for segment in 0..<fast.count {
            let end = min(Int(fast.end(segment)), content)
            if advances[start..<end].reduce(0, +) != fast.segment(segment).width {
                differences.append("segment \(segment): hb_shape \(advances[start..<end].reduce(0, +))")
            }
            start = end
        }
        guard !differences.isEmpty else { return nil }
        let word = String(decoding: (0..<units.count).map { units[$0] }, as: UTF16.self)
        return "\"\(word)\" from \(run): " + differences.joined(separator: "; ")
    }
}
