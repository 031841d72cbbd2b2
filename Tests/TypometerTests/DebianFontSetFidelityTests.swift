#if canImport(Glibc)
import Glibc
#endif
import Testing
import TypometerCorpus

/// The fidelity bars of `FidelityTests` on the sets measured in the font set
/// `Corpus/fontsets/debian-fonts.txt` (DejaVu, Liberation, Inter and Noto Sans
/// primaries; Hebrew, Arabic and CJK each covered by several faces, among them
/// the Korean-only NanumGothic beside Noto Sans CJK), as the reference
/// renderers were (`FONTSET=debian-fonts Scripts/reference/generate SET`):
/// `debian-fonts.jsonl` (pages in `lang="en"` and other languages) and
/// `no-lang.jsonl` (pages without `lang`: fallback in the browser's locale,
/// `en-US`, where DejaVu Sans draws Hebrew before Noto Sans Hebrew; issue 34);
/// and `dejavu-default.jsonl` in the same set without Inter
/// (`debian-fonts-no-inter`), where Chromium's default font is DejaVu Sans
/// and draws ☕, Hebrew and symbols before fallback (issue 34); and
/// `bold-fallback.jsonl` in `noto-bold`, bold text whose characters fall back
/// to families with a Bold file, drawn from their Regular files (issue 34).
@Suite struct DebianFontSetFidelityTests {
    static let sets = ["debian-fonts", "no-lang", "dejavu-default", "bold-fallback"]
    /// The font set each set is measured in.
    static let fontSets = ["debian-fonts": "debian-fonts", "no-lang": "debian-fonts",
                           "dejavu-default": "debian-fonts-no-inter", "bold-fallback": "noto-bold"]
    static let minimumCases = ["debian-fonts": 3_000, "no-lang": 400, "dejavu-default": 300, "bold-fallback": 300]
    static let reports: [String: (chromium: FidelityReport, pango: FidelityReport)] = {
        let loaded = Dictionary(uniqueKeysWithValues: Set(Self.fontSets.values).map { ($0, try! CorpusFontSet.fontSet($0)) })
        return Dictionary(uniqueKeysWithValues: sets.map { set in
            let fonts = loaded[Self.fontSets[set]!]!
            let reports = (try! FidelityReport(set: set, renderer: .chromium, fontSet: fonts),
                           try! FidelityReport(set: set, renderer: .pango, fontSet: fonts))
            if getenv("TM_PRINT_FIDELITY") != nil {
                for report in [reports.0, reports.1] {
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
            return (set, reports)
        })
    }()

    static func report(_ set: String, _ renderer: ReferenceRenderer) -> FidelityReport {
        renderer == .chromium ? reports[set]!.chromium : reports[set]!.pango
    }

    @Test("every case was laid out by both renderers", arguments: sets)
    func nothingSkipped(set: String) {
        #expect(Self.report(set, .chromium).skipped.isEmpty && Self.report(set, .pango).skipped.isEmpty)
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

    @Test("every disagreement with either renderer is a listed one",
          arguments: sets, [ReferenceRenderer.chromium, .pango])
    func disagreementsAreListed(set: String, renderer: ReferenceRenderer) throws {
        let report = Self.report(set, renderer)
        #expect(FidelityTests.disagreements(report) == (try FidelityTests.listed(report)))
    }
}
