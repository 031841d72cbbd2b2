import CHarfBuzz
import Testing
@testable import Typometer

/// The table path for words of Hebrew letters under `.chromium` (issue 38,
/// ``BlinkLetterTable``) against the shaped path it stands in for and
/// against `hb_shape` itself: every distinct piece of real Hebrew text (the
/// gettext catalogues ``RealEastAsianWords`` reads, in `he`) the table
/// takes, going on with each kind of fallback run Blink may carry into it
/// and followed by either bidi level, at every size of the fidelity matrix,
/// in the face each style falls back to.
@Suite struct LetterWordTests {
    /// The fewest distinct pieces the table takes per style and size
    /// (Debian 12's catalogues: 18,991 of 48,456; the floor leaves room for
    /// translation updates). The others hold what the table leaves to
    /// HarfBuzz: Latin, digits, marks, maqaf, brackets, leading punctuation.
    static let fewestPieces = 17_000

    /// Chunks where the rules meet: punctuation between letters with and
    /// without a break after it, after the last one, before a space, two
    /// marks together, brackets and a hyphen the table leaves alone.
    static let edgeChunks = [
        "צה\"ל", "צה\"ל ", "ג'ירפה", "שלום.", "שלום. ", "שלום, ", "שלום: ", "מה?", "מה? ", "כן!", "א!ב", "א.ב", "א_ב ",
        "שלום…", "שלום… ", "שלום...", "שלום!? ", "(שלום)", "שלום-עולם", "מילה)", "ש״ח", "ג׳ ", "װאָס", "א,ב,ג ",
    ].map { Array($0.utf16) }

    /// Noto Sans (Noto Sans Hebrew draws the letters) without a language and
    /// under `he`, bold (a synthetic bold of the same file), and Inter.
    static let styles: [(font: String, weight: FontWeight, language: String?)] = [
        ("Noto Sans", .regular, nil), ("Noto Sans", .regular, "he"), ("Noto Sans", .bold, nil), ("Inter", .regular, "he"),
    ]

    @Test("Hebrew words measure bit for bit as the shaped path and hb_shape measure them, in every style and size",
          arguments: styles.indices)
    func hebrewWordsMatchHarfBuzz(styleIndex: Int) throws {
        let (font, weight, language) = Self.styles[styleIndex]
        let pieces = RealEastAsianWords.pieces(inLocales: ["he"])
        for size in IdeographWordTests.sizes {
            let measurer = try TextMeasurer(style: TextStyle(
                font: .family(font), size: size, lineLimit: nil, profile: .chromium, language: language, weight: weight))
            let label = "\(font) \(weight) \(language ?? "-") \(size) pt"
            let taken = Self.check(pieces, measurer: measurer, label: label)
            #expect(taken >= Self.fewestPieces, "\(taken) of \(pieces.count) pieces taken")
            // Each edge chunk after each run and before either level.
            _ = Self.check(Self.edgeChunks, measurer: measurer, label: label, everyContext: true)
        }
    }

    @Test("Hebrew words measure as the shaped path measures them in the system's fonts, with and without a language")
    func hebrewWordsMatchInSystemFonts() throws {
        let pieces = RealEastAsianWords.pieces(inLocales: ["he"])
        for language in [nil, "he"] as [String?] {
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
    /// letters shaped right to left in the table's face (punctuation in the
    /// primary face); `nil` when they agree.
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
        // Each stretch of letters shaped right to left in the table's face,
        // each of punctuation in the primary face, all in the letters' script.
        let face = (fast.segment(0).faceMask & ~FaceRegistry.bit(for: 0)).trailingZeroBitCount
        let content = TextScanning.contentEnd(of: units)
        let isLetter = (0..<content).map { BlinkLetterTable.scripts[0].letters.contains(units[$0]) }
        var advances: [Double] = []
        var runStart = 0
        for index in 1...content where index == content || isLetter[index] != isLetter[runStart] {
            advances += shaper.shapeMarkingJoins(
                units, range: runStart..<index, font: measurer.registry.font(at: isLetter[runStart] ? face : 0),
                script: HB_SCRIPT_HEBREW, rightToLeft: true,
                language: ChromiumRules.language(for: HB_SCRIPT_HEBREW, content: shaper.selector.language)
            ).advances
            runStart = index
        }
        if advances.reduce(0, +) != fast.segment(0).width {
            differences.append("hb_shape \(advances.reduce(0, +)), table \(fast.segment(0).width)")
        }
        guard !differences.isEmpty else { return nil }
        let word = String(decoding: (0..<units.count).map { units[$0] }, as: UTF16.self)
        return "\"\(word)\" from \(run), following level \(followingLevel): " + differences.joined(separator: "; ")
    }
}
