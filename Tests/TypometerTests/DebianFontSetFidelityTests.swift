#if canImport(Glibc)
import Glibc
#endif
import Testing
import TypometerCorpus

/// The fidelity bars of `FidelityTests` on `debian-fonts.jsonl`, measured in
/// the font set `Corpus/fontsets/debian-fonts.txt` (DejaVu, Liberation, Inter
/// and Noto Sans primaries; Hebrew, Arabic and CJK each covered by several
/// faces, among them the Korean-only NanumGothic beside Noto Sans CJK), as
/// the reference renderers were (`FONTSET=debian-fonts
/// Scripts/reference/generate debian-fonts`).
@Suite struct DebianFontSetFidelityTests {
    static let set = "debian-fonts"
    static let reports: (chromium: FidelityReport, pango: FidelityReport) = {
        let fonts = try! CorpusFontSet.fontSet(set)
        let reports = (try! FidelityReport(set: set, renderer: .chromium, fontSet: fonts),
                       try! FidelityReport(set: set, renderer: .pango, fontSet: fonts))
        if getenv("TM_PRINT_FIDELITY") != nil {
            for report in [reports.0, reports.1] {
                print(report.table())
                for outcome in report.outcomes where !outcome.linesMatch || outcome.isShort {
                    print("\(report.renderer.rawValue) \(outcome.referenceCase.id) \(outcome.referenceCase.category ?? "")"
                        + " lines \(outcome.lines) vs \(outcome.reference.lines ?? -1)"
                        + " height \(outcome.height) vs \(outcome.reference.height ?? -1)")
                }
                let worst = report.outcomes.filter(\.linesMatch).max { abs($0.heightDelta) < abs($1.heightDelta) }
                print("largest height delta where lines agree: \(report.largestHeightDeltaWhereLinesMatch)"
                    + " (\(worst?.referenceCase.id ?? "-"))")
            }
        }
        return reports
    }()

    static func report(_ renderer: ReferenceRenderer) -> FidelityReport {
        renderer == .chromium ? reports.chromium : reports.pango
    }

    @Test("every case was laid out by both renderers")
    func nothingSkipped() {
        #expect(Self.reports.chromium.skipped.isEmpty && Self.reports.pango.skipped.isEmpty)
        #expect(Self.reports.chromium.outcomes.count >= 3_000)
    }

    @Test("at least 99.5% of cases take Chromium's line count")
    func chromiumLineCounts() {
        #expect(Self.reports.chromium.exactLineRate >= 0.995)
    }

    @Test("where line counts agree with Chromium, heights agree within 0.01 pt")
    func chromiumHeights() {
        #expect(Self.reports.chromium.largestHeightDeltaWhereLinesMatch <= 0.01)
    }

    @Test("at least 99% of cases take Pango's line count")
    func pangoLineCounts() {
        #expect(Self.reports.pango.exactLineRate >= 0.99)
    }

    @Test("where line counts agree with Pango, heights agree within 0.01 pt")
    func pangoHeights() {
        #expect(Self.reports.pango.largestHeightDeltaWhereLinesMatch <= 0.01)
    }

    @Test("no case is shorter than Pango's")
    func pangoNeverShort() {
        #expect(Self.reports.pango.shortCases.map(\.referenceCase.id) == [])
    }

    @Test("every disagreement with either renderer is a listed one", arguments: [ReferenceRenderer.chromium, .pango])
    func disagreementsAreListed(renderer: ReferenceRenderer) throws {
        let report = Self.report(renderer)
        #expect(FidelityTests.disagreements(report) == (try FidelityTests.listed(report)))
    }
}
