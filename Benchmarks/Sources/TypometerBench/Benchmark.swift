import BenchGlue
import BenchSupport
import Dispatch
import Typometer

#if canImport(Glibc)
import Glibc
#endif

/// The benchmark's rows, each measured side by side with Pango (and plain
/// HarfBuzz for the cold floor): real-text rows on feeds built from Debian's
/// texts (``RealTextCorpus``), and synthetic rows on a Zipf corpus of
/// 30-word posts.
final class Benchmark {
    /// Seeds of the post streams: each row draws its own, so no row sees
    /// another row's posts.
    enum Seed {
        static let feed: UInt64 = 1
        static let cold: UInt64 = 2
        static let warm: UInt64 = 3
        static let hit: UInt64 = 4
        static let rewidth: UInt64 = 5
        static let limit: UInt64 = 6_000
        static let agreement: UInt64 = 7
        /// The order of the new-word row's words.
        static let newWords: UInt64 = 8
    }

    static let family = "Noto Sans"
    static let size = 15.0
    static let width = 320.0
    /// The real rows' new width for prepared texts and kept layouts.
    static let newWidth = 280.0
    static let postsPerPangoSample = 10_000

    let options: BenchOptions
    let corpus: ZipfCorpus
    let profile: RenderingProfile
    let fontFile: String
    let cores: Int
    /// One Pango per core (empty under `--no-pango`).
    let pango: [PangoLayouter]
    let shaper: HarfBuzzShaper

    /// The real-text rows, printed first.
    var realRows: [TableRow] = []
    /// The synthetic (Zipf) rows.
    var rows: [TableRow] = []
    var notes: [String] = []
    /// Results that later rows reuse.
    var pangoPerPostCold: Samples?
    var pangoFeed: (single: Samples, parallel: Samples)?
    var singlePass100k: Samples?
    private var feedCache: [String] = []
    /// The real-text feeds, read (or built) on first use.
    private var realFeedCache: [String: RealTextFeed] = [:]
    /// The per-script rows' figures, printed as a table of their own.
    var scriptFigures: [ScriptFigures] = []
    /// Pango over real posts, by what was measured, measured once and reused.
    var pangoRealSamples: [String: PangoPass] = [:]
    /// Every height measured, summed, so no call can be optimised away.
    var sink = 0.0

    init(options: BenchOptions, corpus: ZipfCorpus, fontconfigFile: String?) throws {
        self.options = options
        self.corpus = corpus
        self.profile = Self.profile(named: options.syntheticProfile)
        let fontFile = FontSet.bundledFontsDirectory + "/NotoSans-Regular.ttf"
        let cores = max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        self.fontFile = fontFile
        self.cores = cores
        if let fontconfigFile, options.pango {
            pango = try (0..<cores).map { _ in
                try PangoLayouter(
                    fontconfigFile: fontconfigFile, family: Self.family, size: Self.size, expectedFile: fontFile)
            }
        } else {
            pango = []
        }
        shaper = try HarfBuzzShaper(fontFile: fontFile, size: Self.size)
    }

    /// A measurer with the library's default caches.
    func makeMeasurer(lineLimit: Int? = nil, profile: RenderingProfile? = nil) throws -> TextMeasurer {
        try TextMeasurer(
            style: TextStyle(
                font: .family(Self.family), size: Self.size, lineLimit: lineLimit, profile: profile ?? self.profile))
    }

    static func profile(named name: String) -> RenderingProfile { name == "pango" ? .pango : .chromium }

    /// The real feeds the options ask for (both unless `--feed`).
    func realFeeds() throws(BenchError) -> [RealTextFeed] {
        try (options.feed.map { [$0] } ?? ["english", "multilingual"]).map(realFeed)
    }

    /// The real feed named `name` ("english" or "multilingual").
    func realFeed(_ name: String) throws(BenchError) -> RealTextFeed {
        if let feed = realFeedCache[name] { return feed }
        let feed = name == "english" ? try RealTextCorpus.english() : try RealTextCorpus.multilingual()
        realFeedCache[name] = feed
        return feed
    }

    /// The real feeds read so far, for the report.
    var realFeedsUsed: [RealTextFeed] {
        ["english", "multilingual"].compactMap { realFeedCache[$0] }
    }

    /// The first `count` posts of the feed stream (shared by the bulk rows).
    func feed(_ count: Int) -> [String] {
        if feedCache.count < count { feedCache = corpus.posts(count, seed: Seed.feed) }
        return Array(feedCache.prefix(count))
    }

    var runningOnValgrind: Bool { bench_running_on_valgrind() != 0 }

    func progress(_ message: String) {
        printError("· \(message)")
    }

    /// Uses the sum of every height measured (so the optimiser keeps every
    /// call) to check that none was NaN.
    func finish() {
        if sink.isNaN { printError("warning: a measured height was NaN") }
    }
}
