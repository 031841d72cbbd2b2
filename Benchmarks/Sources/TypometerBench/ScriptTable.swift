/// The per-script rows as their own Markdown table: each feed's passes
/// with their cost per character beside Latin's, their peer (Pango,
/// SkParagraph) and the issue's targets (issue 38).
enum ScriptTable {
    /// Issue 38's bounds.
    enum Target {
        /// `typometer measure` on every core against `pango-measure` on one thread.
        static let processRatio = ["chromium": 20.0, "pango": 15.0]
        /// A script's cost per character at most this many times Latin's.
        static let perCharacterOfLatin = 2.0
        /// The `.pango` first pass at most this many times the `.chromium` one.
        static let pangoOfChromium = 1.5
        /// SkParagraph's cost per post at least this many times the `.chromium` first pass's.
        static let skParagraphRatio = 30.0
    }

    private struct Row {
        var script: String
        var characters: String
        var measurement: String
        var typometer: String
        var perCharacter: String = "—"
        var ofLatin: String = "—"
        var peer: String = "—"
        var ratio: String = "—"
        var targets: [(String, Bool?)] = []
    }

    static func markdown(_ figures: [ScriptFigures], profiles: [String], cores: Int) -> String {
        let latin = figures.first { $0.feed.name == "Latin" }
        var rows: [Row] = []
        for script in figures {
            let characters = format(script.feed.meanCharacters, digits: 1)
            let name = "\(script.feed.name) (`\(script.feed.languages.first ?? "?")`, \(script.feed.posts.count) posts)"
            /// A row of Typometer's `perPost` (`latinPerPost`: Latin's in
            /// the same pass) against `peerPerPost`.
            func row(_ measurement: String, _ perPost: Double, latinPerPost: Double?, peer peerPerPost: Double?,
                     peerText: String? = nil, ratioTarget: Double? = nil, ofLatinTarget: Bool = true,
                     extra: [(String, Bool?)] = []) -> Row {
                var row = Row(script: name, characters: characters, measurement: measurement,
                              typometer: formatDuration(perPost) + "/post")
                let perCharacter = script.perCharacter(perPost)
                row.perCharacter = format(perCharacter * 1e6, digits: 3) + " µs"
                var targets: [(String, Bool?)] = []
                if let peerPerPost {
                    let ratio = peerPerPost / perPost
                    row.peer = peerText ?? formatDuration(peerPerPost) + "/post"
                    row.ratio = formatRatio(ratio)
                    if let ratioTarget { targets.append(("≥ \(format(ratioTarget, digits: 0))× peer", ratio >= ratioTarget)) }
                } else if let ratioTarget {
                    targets.append(("≥ \(format(ratioTarget, digits: 0))× peer", nil))
                }
                if let latin, let latinPerPost {
                    let ofLatin = perCharacter / latin.perCharacter(latinPerPost)
                    row.ofLatin = formatRatio(ofLatin)
                    if ofLatinTarget {
                        targets.append(("≤ \(format(Target.perCharacterOfLatin, digits: 0))× Latin a character",
                                        ofLatin <= Target.perCharacterOfLatin))
                    }
                }
                row.targets = targets + extra
                return row
            }
            for profile in profiles {
                guard let all = script.process[profile]?.median, let single = script.processSingle[profile]?.median
                else { continue }
                let posts = Double(script.feed.posts.count)
                let pango = script.pangoProcess.map { $0.median / posts }
                rows.append(row(
                    "whole process, all \(cores) cores, `.\(profile)` (vs `pango-measure --threads 1`)", all / posts,
                    latinPerPost: latin?.process[profile].map { $0.median / Double(latin!.feed.posts.count) },
                    peer: pango, ratioTarget: Target.processRatio[profile]))
                rows.append(row(
                    "whole process, 1 thread, `.\(profile)` (vs `pango-measure --threads 1`)", single / posts,
                    latinPerPost: latin?.processSingle[profile].map { $0.median / Double(latin!.feed.posts.count) },
                    peer: pango, ofLatinTarget: false))
            }
            for profile in profiles {
                guard let perPost = script.firstPass[profile]?.median else { continue }
                var extra: [(String, Bool?)] = []
                if profile == "pango", let chromium = script.firstPass["chromium"]?.median {
                    let ratio = perPost / chromium
                    extra.append(("≤ \(format(Target.pangoOfChromium, digits: 1))× `.chromium` "
                        + "(\(formatRatio(ratio)))", ratio <= Target.pangoOfChromium))
                }
                rows.append(row(
                    "library first pass, 1 thread, `.\(profile)` (vs Pango in-process)", perPost,
                    latinPerPost: latin?.firstPass[profile]?.median, peer: script.pangoFirstPass?.median, extra: extra))
            }
            if let chromium = script.firstPass["chromium"]?.median {
                switch script.skParagraph {
                case .measured(let samples)?:
                    rows.append(row(
                        "library first pass, 1 thread, `.chromium` (vs SkParagraph, skia-python, per post)", chromium,
                        latinPerPost: nil, peer: samples.median, ratioTarget: Target.skParagraphRatio))
                case .skipped(let reason)?:
                    var skipped = row("library first pass, 1 thread, `.chromium` (vs SkParagraph)", chromium,
                                      latinPerPost: nil, peer: nil)
                    skipped.peer = "skipped: \(reason)"
                    rows.append(skipped)
                case nil: break
                }
            }
        }
        let header = ["Script", "Chars/post", "Measurement", "Typometer", "Per character", "× Latin per character",
                      "Peer", "Peer ÷ Typometer", "Target", "Met"]
        var lines = ["| " + header.joined(separator: " | ") + " |", "|---|---:|---|---:|---:|---:|---:|---:|---|:---:|"]
        for row in rows {
            let target = row.targets.isEmpty ? "—" : row.targets.map(\.0).joined(separator: "; ")
            let met = row.targets.isEmpty ? "—" : row.targets.map { $0.1.map { metCell($0) } ?? "—" }.joined(separator: "; ")
            let cells = [row.script, row.characters, row.measurement, row.typometer, row.perCharacter, row.ofLatin,
                         row.peer, row.ratio, target, met]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }
}
