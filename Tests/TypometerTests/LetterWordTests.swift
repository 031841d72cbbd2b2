import CHarfBuzz
import Testing
@testable import Typometer

/// The table path for words of Hebrew and Thai letters under `.chromium`
/// (issue 38, ``BlinkLetterTable``) against the shaped path it stands in
/// for and against `hb_shape` itself: every distinct piece of real Hebrew
/// and Thai text (the gettext catalogues ``RealEastAsianWords`` reads, in
/// `he` and `th`) the table takes, going on with each kind of fallback run
/// Blink may carry into it and followed by either bidi level, at every size
/// of the fidelity matrix, in the face each style falls back to.
@Suite struct LetterWordTests {
    /// The fewest distinct pieces the table takes per style and size
    /// (Debian 12's catalogues: Hebrew 19,854 of 48,456; the floor leaves
    /// room for translation updates). The others hold what the table
    /// leaves to HarfBuzz: Latin, digits, marks, maqaf, brackets, runs of
    /// punctuation.
    static let fewestPieces = 18_000
    /// The same for Thai (78,141 of 110,453): the others start with a
    /// mark, hold LAKKHANGYAO (which RU and LU ligate with), YO YING or LO
    /// CHULA with a mark before which its form changes advance
    /// (``MarkNeutralLookups``), Latin, digits, brackets or runs of
    /// punctuation.
    static let fewestThaiPieces = 72_000

    /// Chunks where the rules meet: punctuation before the first letter,
    /// between letters with and without a break after it, after the last
    /// one, before a space, two marks together, brackets and a hyphen the
    /// table leaves alone.
    static let edgeChunks = [
        "צה\"ל", "צה\"ל ", "ג'ירפה", "שלום.", "שלום. ", "שלום, ", "שלום: ", "מה?", "מה? ", "כן!", "א!ב", "א.ב", "א_ב ",
        "שלום…", "שלום… ", "שלום...", "שלום!? ", "(שלום)", "שלום-עולם", "מילה)", "ש״ח", "ג׳ ", "װאָס", "א,ב,ג ",
        "_שמור", "_קובץ ", "_א", ":שלום", "\"שלום\" ", "_שלום.", "__שלום", "(שלום", "_ ", "_",
    ].map { Array($0.utf16) }

    /// Thai chunks where the rules meet: SARA AM after a letter and after
    /// a tone mark, a letter whose form changes before a vowel below with
    /// and without one, marks stacked, leading vowels, punctuation first,
    /// inside, after the last letter and before a space, a lone mark and
    /// SARA AM alone (left to HarfBuzz).
    static let thaiEdgeChunks = [
        "ทำ", "น้ำ", "น้ำ ", "กำลัง", "ญี่ปุ่น", "ญาติ", "ฎุ", "ฐุ", "ฎา", "ฬา", "ฬิ", "ฤๅ", "ฤดู", "กุ", "ปู่", "ปิ่น",
        "ก็", "ก๊ก", "เกี๊ยะ", "ไม้", "คุณ_สมบัติ", "เ_ชื่อม", "คำ: ", "ที่อยู่…", "ก.ข", "ก?", "ก...", "สวัสดีครับ ",
        "ำ", "ั", "ก ", "ตำแหน่งที่ตั้ง;", "เครือข่าย ", "_สี", "_สี: ", ".ก", "_ญุ", "_ำ", "__ก",
    ].map { Array($0.utf16) }

    /// Noto Sans (Noto Sans Hebrew or Noto Sans Thai draws the letters)
    /// without a language and under the script's, bold (a synthetic bold of
    /// the same file), and Inter.
    static func styles(language: String) -> [(font: String, weight: FontWeight, language: String?)] {
        [("Noto Sans", .regular, nil), ("Noto Sans", .regular, language), ("Noto Sans", .bold, nil),
         ("Inter", .regular, language)]
    }

    @Test("Hebrew and Thai words measure bit for bit as the shaped path and hb_shape measure them, in every style and size",
          arguments: ["he", "th"], 0..<4)
    func wordsMatchHarfBuzz(script: String, styleIndex: Int) throws {
        let (font, weight, language) = Self.styles(language: script)[styleIndex]
        let pieces = RealEastAsianWords.pieces(inLocales: [script])
        for size in IdeographWordTests.sizes {
            let measurer = try TextMeasurer(style: TextStyle(
                font: .family(font), size: size, lineLimit: nil, profile: .chromium, language: language, weight: weight))
            let label = "\(font) \(weight) \(language ?? "-") \(size) pt"
            let taken = Self.check(pieces, measurer: measurer, label: label)
            let fewest = script == "th" ? Self.fewestThaiPieces : Self.fewestPieces
            #expect(taken >= fewest, "\(taken) of \(pieces.count) pieces taken")
            // Each edge chunk after each run and before either level.
            _ = Self.check(
                script == "th" ? Self.thaiEdgeChunks : Self.edgeChunks, measurer: measurer, label: label, everyContext: true)
        }
    }

    @Test("Hebrew and Thai words measure as the shaped path measures them in the system's fonts, with and without a language",
          arguments: ["he", "th"])
    func wordsMatchInSystemFonts(script: String) throws {
        let pieces = RealEastAsianWords.pieces(inLocales: [script])
        for language in [nil, script] as [String?] {
            let measurer = try TextMeasurer(
                style: TextStyle(font: .family("Noto Sans"), size: 15, lineLimit: nil, profile: .chromium, language: language),
                fontSet: FontSet.system())
            _ = Self.check(pieces, measurer: measurer, label: "system \(language ?? "-")")
        }
    }

    /// Checks each piece the table takes against the shaped path, going on
    /// with an empty run, a Latin run, a right-to-left run or the run the
    /// table left after the piece before, followed by either bidi level (in
    /// turn, or each of them `everyContext`); returns how many it took.
    static func check(_ pieces: [[UInt16]], measurer: TextMeasurer, label: String, everyContext: Bool = false) -> Int {
        var taken = 0
        var mismatches = 0
        var carried = BlinkFallbackRun()
        let contexts = everyContext ? 8 : 1
        for (index, piece) in pieces.lazy.flatMap({ piece in repeatElement(piece, count: contexts) }).enumerated() {
            let runs = [BlinkFallbackRun(), BlinkFallbackRun(script: HB_SCRIPT_LATIN.rawValue),
                        BlinkFallbackRun(level: 1), carried]
            let run = runs[index % runs.count]
            let followingLevel = UInt8(index / runs.count % 2)
            piece.withUTF16Text { units in
                var lastTable: BlinkLetterTable?
                guard let fast = BlinkLetterTable.chunkMetrics(
                    of: units, run: run, followingLevel: { followingLevel }, shaper: measurer.shaper,
                    lastTable: &lastTable)
                else { return }
                taken += 1
                carried = fast.blinkRunAfter
                if let disagreement = Self.disagreement(
                    of: fast, with: units, run: run, followingLevel: followingLevel, measurer: measurer) {
                    mismatches += 1
                    if mismatches <= 5 { Issue.record("\(label): \(disagreement)") }
                }
            }
        }
        #expect(mismatches == 0, "\(label): \(mismatches) of \(taken) differ")
        return taken
    }

    /// How the table's metrics of `units` differ from the shaped path's
    /// (the run after included) and from `hb_shape`'s advances of the
    /// letters shaped in the script's direction in the table's face
    /// (punctuation in the primary face), summed by cluster and segment as
    /// the shaped path sums them; `nil` when they agree.
    static func disagreement(
        of fast: ChunkMetrics, with units: UTF16Text, run: BlinkFallbackRun, followingLevel: UInt8,
        measurer: TextMeasurer
    ) -> String? {
        let shaper = measurer.shaper
        let ends = ChromiumBreaks.find(in: units, language: shaper.selector.language)
        let (clusters, runAfter) = shaper.graphemes(
            of: units, range: 0..<units.count,
            context: BlinkClusterFaces.Context(run: run, followingLevel: followingLevel), rules: ChromiumRules.self,
            splitAt: ends)
        let slow = shaper.chunkMetrics(from: clusters, chunk: units, ends: ends, leaving: runAfter, rules: ChromiumRules.self)
        var differences: [String] = []
        if slow.count != fast.count || slow.blinkRunAfter != fast.blinkRunAfter {
            differences.append("\(fast.count) segments, run \(fast.blinkRunAfter) vs \(slow.count), \(slow.blinkRunAfter)")
        }
        for index in 0..<min(slow.count, fast.count)
        where slow.end(index) != fast.end(index) || slow.segment(index) != fast.segment(index) {
            differences.append("segment \(index): \(fast.segment(index)) vs shaped \(slow.segment(index))")
        }
        // Each stretch of letters shaped in the table's face, each of
        // punctuation in the primary face, all in the letters' script.
        let script = BlinkLetterTable.scripts.first { script in units.contains(where: script.letters.contains) }!
        let face = (fast.segment(0).faceMask & ~FaceRegistry.bit(for: 0)).trailingZeroBitCount
        let content = TextScanning.contentEnd(of: units)
        let isLetter = (0..<content).map { script.letters.contains(units[$0]) }
        var advances: [Double] = []
        var runStart = 0
        for index in 1...content where index == content || isLetter[index] != isLetter[runStart] {
            advances += shaper.shapeMarkingJoins(
                units, range: runStart..<index, font: measurer.registry.font(at: isLetter[runStart] ? face : 0),
                script: script.script, rightToLeft: script.rightToLeft,
                language: ChromiumRules.language(for: script.script, content: shaper.selector.language)
            ).advances
            runStart = index
        }
        // A cluster: a letter and the marks (and SARA AM) after it.
        var segmentStart = 0
        for index in 0..<fast.count {
            let end = min(content, Int(fast.end(index)))
            var width = 0.0
            var cluster = 0.0
            for unit in segmentStart..<end {
                if unit > segmentStart, !ScalarProperties(UInt32(units[unit])).isMark, units[unit] != script.splits?.letter {
                    width += cluster
                    cluster = 0
                }
                cluster += advances[unit]
            }
            width += cluster
            if width != fast.segment(index).width {
                differences.append("segment \(index): hb_shape \(width), table \(fast.segment(index).width)")
            }
            segmentStart = end
        }
        guard !differences.isEmpty else { return nil }
        let word = String(decoding: (0..<units.count).map { units[$0] }, as: UTF16.self)
        return "\"\(word)\" from \(run), following level \(followingLevel): " + differences.joined(separator: "; ")
    }
}
