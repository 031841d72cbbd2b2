import BenchSupport
import Typometer

/// Whether Typometer's `.pango` profile gives Pango's lines on real posts.
extension Benchmark {
    /// Line counts and heights of the first 1,000 posts of each real feed,
    /// Typometer's `.pango` profile against Pango, as notes; a few
    /// disagreements are listed for a closer look.
    func runRealAgreement() throws {
        guard let pango = pango.first else { return }
        progress("agreement with Pango on real posts")
        for feed in try realFeeds() {
            let count = min(1_000, feed.posts.count)
            let measurer = try makeMeasurer(profile: .pango)
            var sameLines = 0
            var sameHeight = 0
            var disagreements: [String: Int] = [:]
            var examples: [String] = []
            for index in 0..<count {
                let post = feed.posts[index]
                let reference = pango.layout(of: post, width: Self.width)
                let lines = measurer.lineCount(of: post, width: Self.width)
                let height = measurer.height(of: post, width: Self.width)
                let linesAgree = lines == reference.lines
                let heightAgrees = abs(height - reference.height) < 0.01
                if linesAgree { sameLines += 1 }
                if heightAgrees { sameHeight += 1 }
                if !linesAgree || !heightAgrees {
                    disagreements[feed.languages[index], default: 0] += 1
                    if examples.count < 5 {
                        examples.append("id \(index + 1) (\(feed.languages[index])): \(lines) lines, "
                            + "\(format(height, digits: 2)) pt vs Pango's \(reference.lines), \(format(reference.height, digits: 2)) pt")
                    }
                }
            }
            var note = "Agreement on the first \(count) posts of the \(feed.name) feed: Typometer's `.pango` profile "
                + "gives Pango's line count for \(sameLines) and its height (±0.01 pt) for \(sameHeight)."
            if !disagreements.isEmpty {
                if feed.name == "multilingual" {
                    note += " Disagreements by language: "
                        + disagreements.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + "."
                }
                note += " First ones: " + examples.joined(separator: "; ") + "."
            }
            notes.append(note)
        }
    }
}
