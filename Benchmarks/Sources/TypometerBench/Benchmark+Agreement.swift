import BenchGlue
import BenchSupport
import Dispatch
import Typometer

/// A check that Typometer and Pango lay out the same thing.
extension Benchmark {
    /// How often Typometer's Pango profile agrees with Pango on the feed: a
    /// check that both sides lay out the same thing.
    func checkAgreement() throws {
        guard let pango = pango.first else { return }
        let posts = corpus.posts(1000, seed: Seed.agreement)
        let measurer = try makeMeasurer(profile: .pango)
        var sameLines = 0
        var sameHeight = 0
        for post in posts {
            let reference = pango.layout(of: post, width: Self.width)
            if measurer.lineCount(of: post, width: Self.width) == reference.lines { sameLines += 1 }
            if abs(measurer.height(of: post, width: Self.width) - reference.height) < 0.01 { sameHeight += 1 }
        }
        notes.append("Agreement on 1000 synthetic (Zipf) posts: Typometer's `.pango` profile gives Pango's line count for "
            + "\(sameLines) and its height (±0.01 pt) for \(sameHeight).")
    }
}
