/// What the per-script rows measured on one script's feed: seconds per
/// post of each pass, by profile (`chromium`, `pango`), and of its peers.
struct ScriptFigures {
    let feed: RealTextFeed
    /// `typometer measure` on every core, and on one thread.
    var process: [String: Samples] = [:]
    var processSingle: [String: Samples] = [:]
    /// `pango-measure --threads 1`.
    var pangoProcess: Samples?
    /// The library's first pass on one thread (a fresh measurer).
    var firstPass: [String: Samples] = [:]
    /// Pango in this process on one thread.
    var pangoFirstPass: Samples?
    var skParagraph: SkParagraphPass.Outcome?

    init(feed: RealTextFeed) { self.feed = feed }

    /// Seconds per character (code point) for `perPost` seconds per post.
    func perCharacter(_ perPost: Double) -> Double { perPost / feed.meanCharacters }
}
