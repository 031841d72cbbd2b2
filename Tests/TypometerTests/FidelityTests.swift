#if canImport(Glibc)
import Glibc
#endif
import Testing
import TypometerCorpus

/// The fidelity bars of the project (issue 3) against the committed Chromium
/// and Pango results, on the 10,350-case corpus, the 4,464-case holdout set
/// (texts and sizes the measurer was not tuned on), the 1,836 cases of CJK
/// punctuation at line ends, the 420 of broken words next to spaces, the
/// 600 paragraphs mixing words of every script, the 3,526 cases of texts
/// in a language (a page's `lang`, Pango's context language), the 1,671
/// under a set line height (CSS `line-height`, Pango's attribute), the 2,807
/// in weights, slants, letter and word spacing and features, and the 2,317
/// styled paragraphs (runs in their own fonts, sizes, weights and spacing).
///
/// Four sets are measured in other font sets (`fontSets`), as the reference
/// renderers were (`FONTSET=debian-fonts Scripts/reference/generate SET`):
/// `debian-fonts` (the corpus texts in `Corpus/fontsets/debian-fonts.txt`:
/// DejaVu, Liberation, Inter and Noto Sans primaries; Hebrew, Arabic and CJK
/// each covered by several faces, among them the Korean-only NanumGothic);
/// `no-lang` (pages without `lang`: fallback in the browser's locale, `en-US`,
/// where DejaVu Sans draws Hebrew before Noto Sans Hebrew; issue 34);
/// `dejavu-default` (without Inter, so Chromium's default font is DejaVu Sans
/// and draws ☕, Hebrew and symbols before fallback; issue 34); and
/// `bold-fallback` (bold text whose characters fall back to families with a
/// Bold file, drawn from their Regular files; issue 34).
///
/// `TM_PRINT_FIDELITY=1` prints each report and its disagreements.
@Suite struct FidelityTests {
    static let sets = [
        "fidelity", "holdout", "punctuation", "spaces", "mixed", "languages", "line-height", "styles", "runs",
        "debian-fonts", "no-lang", "dejavu-default", "bold-fallback",
    ]
    static let minimumCases = [
        "fidelity": 10_000, "holdout": 4_000, "punctuation": 1_800, "spaces": 400, "mixed": 600, "languages": 3_500,
        "line-height": 1_600, "styles": 2_800, "runs": 2_200,
        "debian-fonts": 3_000, "no-lang": 400, "dejavu-default": 300, "bold-fallback": 300,
    ]
    /// The font set (`Corpus/fontsets/NAME.txt`) of each set not measured in
    /// the bundled fonts.
    static let fontSets = [
        "debian-fonts": "debian-fonts", "no-lang": "debian-fonts", "dejavu-default": "debian-fonts-no-inter",
        "bold-fallback": "noto-bold",
    ]
    static let reports: [String: (chromium: FidelityReport, pango: FidelityReport)] = {
        let loaded = Dictionary(uniqueKeysWithValues: Set(fontSets.values).map { ($0, try! CorpusFontSet.fontSet($0)) })
        return Dictionary(uniqueKeysWithValues: sets.map { set in
            let fonts = fontSets[set].map { loaded[$0]! }
            let reports = (chromium: try! FidelityReport(set: set, renderer: .chromium, fontSet: fonts),
                           pango: try! FidelityReport(set: set, renderer: .pango, fontSet: fonts))
            if getenv("TM_PRINT_FIDELITY") != nil { printReports(reports) }
            return (set, reports)
        })
    }()

    private static func printReports(_ reports: (chromium: FidelityReport, pango: FidelityReport)) {
        for report in [reports.chromium, reports.pango] {
            print(report.table())
            for outcome in report.outcomes where !outcome.linesMatch || outcome.isShort || abs(outcome.heightDelta) > 0.01 {
                print("\(report.renderer.rawValue) \(outcome.referenceCase.id) \(outcome.referenceCase.category ?? "")"
                    + " lines \(outcome.lines) vs \(outcome.reference.lines ?? -1)"
                    + " height \(outcome.height) vs \(outcome.reference.height ?? -1)")
            }
            let worst = report.outcomes.filter(\.linesMatch).max { abs($0.heightDelta) < abs($1.heightDelta) }
            print("largest height delta where lines agree: \(report.largestHeightDeltaWhereLinesMatch)"
                + " (\(worst?.referenceCase.id ?? "-"))")
        }
    }

    static func report(_ set: String, _ renderer: ReferenceRenderer) -> FidelityReport {
        renderer == .chromium ? reports[set]!.chromium : reports[set]!.pango
    }

    static func disagreements(_ report: FidelityReport) -> Set<String> {
        Set(report.outcomes.filter { !$0.linesMatch || $0.isShort }.map {
            "\($0.referenceCase.id) \(!$0.linesMatch ? "lines" : "")\($0.isShort ? ($0.linesMatch ? "short" : ",short") : "")"
        })
    }

    /// The listed disagreements of `report`'s renderer among its cases.
    static func listed(_ report: FidelityReport) throws -> Set<String> {
        let ids = Set(report.outcomes.map(\.referenceCase.id))
        return Set(try KnownDisagreement.all()
            .filter { $0.renderer == report.renderer.rawValue && $0.devicePixelRatio == 1 && ids.contains($0.id) }
            .map { "\($0.id) \($0.kind)" })
    }

    /// Cases Pango 1.50 cannot lay out as asked, recorded with an error by
    /// the reference: word spacing (Pango has none), and a font file asked
    /// in bold where its family has a bold file (a font description names a
    /// family, and Pango then draws that file).
    static func inexpressibleInPango(_ referenceCase: ReferenceCase) -> Bool {
        referenceCase.wordSpacing != 0 || (referenceCase.family == nil && referenceCase.weight.value >= 600)
            || referenceCase.styledText?.runs.contains { ($0.style.wordSpacing ?? 0) != 0 } == true
    }

    @Test("every case was laid out by both renderers, but what Pango cannot express", arguments: sets)
    func nothingSkipped(set: String) throws {
        #expect(Self.report(set, .chromium).skipped.isEmpty)
        let cases = Dictionary(uniqueKeysWithValues: try Corpus.cases(set).map { ($0.id, $0) })
        #expect(Self.report(set, .pango).skipped.filter { !Self.inexpressibleInPango(cases[$0.id]!) }.map(\.id) == [])
        #expect(Self.report(set, .chromium).outcomes.count >= Self.minimumCases[set]!)
    }

    @Test("at least 99.5% of cases take Chromium's line count", arguments: sets)
    func chromiumLineCounts(set: String) {
        #expect(Self.report(set, .chromium).exactLineRate >= 0.995)
    }

    @Test("where line counts agree with Chromium, heights agree within 0.01 pt", arguments: sets)
    func chromiumHeights(set: String) {
        #expect(Self.report(set, .chromium).largestHeightDeltaWhereLinesMatch <= 0.01)
    }

    @Test("at least 99% of cases take Pango's line count", arguments: sets)
    func pangoLineCounts(set: String) {
        #expect(Self.report(set, .pango).exactLineRate >= 0.99)
    }

    @Test("where line counts agree with Pango, heights agree within 0.01 pt", arguments: sets)
    func pangoHeights(set: String) {
        #expect(Self.report(set, .pango).largestHeightDeltaWhereLinesMatch <= 0.01)
    }

    @Test("no case is shorter than Pango's", arguments: sets)
    func pangoNeverShort(set: String) {
        #expect(Self.report(set, .pango).shortCases.map(\.referenceCase.id) == [])
    }

    @Test("no case is shorter than Chromium's", arguments: sets)
    func chromiumNeverShort(set: String) {
        #expect(Self.report(set, .chromium).shortCases.map(\.referenceCase.id) == [])
    }

    // Every disagreement left is listed with its reasons, and these tests
    // fail on any disagreement not listed (or listed but gone, so the list
    // stays true).
    @Test("every disagreement with Chromium is a listed one", arguments: sets)
    func chromiumDisagreementsAreListed(set: String) throws {
        let report = Self.report(set, .chromium)
        #expect(Self.disagreements(report) == (try Self.listed(report)))
    }

    @Test("every disagreement with Pango is a listed one", arguments: sets)
    func pangoDisagreementsAreListed(set: String) throws {
        let report = Self.report(set, .pango)
        #expect(Self.disagreements(report) == (try Self.listed(report)))
    }
}
