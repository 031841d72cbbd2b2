import Typometer
import TypometerCorpus

/// `typometer fidelity`: how closely Typometer matches the committed
/// Chromium and Pango results of a corpus set, as tables, bars and a
/// picture of the worst mismatches.
enum FidelityCommand: Subcommand {
    static let name = "fidelity"
    static let summary = "Typometer vs the Chromium and Pango reference: tables, bars and a PNG of the worst cases"
    static let help = """
        Usage: typometer fidelity [options]

        Measures every case of Corpus/cases/SET.jsonl and compares it with
        Corpus/reference/SET.RENDERER.jsonl: prints a Markdown table per renderer
        (by script, width, size and line limit: cases, exact line count %, short
        cases, mean |Δ height|), then bars of the exact line rate and the number
        of short cases. Writes a PNG of the worst mismatches: each case's text
        broken at Typometer's line starts beside the renderer's line starts.
        Exit status: 0, or 2 for bad options; 1 when the corpus cannot be read.

        Options:
          --set NAME          corpus set (default: fidelity; also: holdout, punctuation, spaces, mixed, core)
          --renderer NAME     chromium, pango or both (default: both)
          --png PATH          where to write the picture (default: fidelity-worst.png)
          --worst N           mismatches drawn per renderer (default: 6)
          --device-pixel-ratio R
                              compare with the renderers' results on a screen of
                              this ratio (Corpus/reference/dpr-R/, a sample of each
                              set; ratios: 1.25, 1.5, 2, 2.625, 3; default: 1)
          --scale N           pixels per point in the picture (default: 1)
          --threads N         measuring threads (default: one per core)

        Example:
          typometer fidelity --set fidelity --renderer chromium --worst 4 --png worst.png
        """

    static func run(_ arguments: [String]) throws(UsageError) -> Int32 {
        let parsed = try ParsedArguments(
            arguments, valued: ["set", "renderer", "png", "worst", "scale", "threads", "device-pixel-ratio"], flags: [])
        _ = try parsed.operands(atMost: 0)
        let set = parsed.value("set") ?? "fidelity"
        let rendererName = parsed.value("renderer") ?? "both"
        let renderers: [ReferenceRenderer]
        if rendererName == "both" {
            renderers = ReferenceRenderer.allCases
        } else if let renderer = ReferenceRenderer(rawValue: rendererName) {
            renderers = [renderer]
        } else {
            throw UsageError("--renderer must be chromium, pango or both, got '\(rendererName)'")
        }
        let png = parsed.value("png") ?? "fidelity-worst.png"
        let worst = try parsed.integer("worst", in: 0...1000) ?? 6
        let scale = try parsed.number("scale", in: 0.1...8) ?? 1
        let threads = try parsed.integer("threads", in: 1...1024) ?? Processors.online
        let ratio = try parsed.number("device-pixel-ratio", in: TextStyle.devicePixelRatioRange) ?? 1
        do {
            let store = try TextMeasurerStore()
            var drawn: [(FidelityOutcome, ReferenceRenderer)] = []
            var bars: [String] = []
            for renderer in renderers {
                let comparison = try FidelityReport(
                    set: set, renderer: renderer, fontSet: store.fontSet, threads: threads, devicePixelRatio: ratio)
                print(comparison.table())
                bars.append(bar(comparison))
                drawn += comparison.worstMismatches.prefix(worst).map { ($0, renderer) }
            }
            print(bars.joined(separator: "\n"))
            if !drawn.isEmpty {
                try PNGFile.write(try ComparisonPainter(store: store, scale: scale, devicePixelRatio: ratio).draw(drawn), to: png)
                print("\nworst mismatches: \(png)")
            } else {
                print("\nno mismatches to draw")
            }
        } catch {
            StandardError.write("typometer fidelity: \(error)\n")
            return ExitStatus.someInputFailed
        }
        return ExitStatus.success
    }

    /// `exact lines chromium ████████████████████████████▌ 98.60%  short 12`
    static func bar(_ comparison: FidelityReport) -> String {
        let rate = comparison.exactLineRate
        let cells = 30.0 * rate
        let bar = String(repeating: "█", count: Int(cells)) + (cells - cells.rounded(.down) >= 0.5 ? "▌" : "")
        return "exact lines " + comparison.renderer.rawValue.padded(to: 9) + bar.padded(to: 30, with: "·")
            + " " + FixedNotation.text(100 * rate, places: 2, width: 6) + "%"
            + "  short \(comparison.shortCases.count) of \(comparison.outcomes.count)"
    }
}
