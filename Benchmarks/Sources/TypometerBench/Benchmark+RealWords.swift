import BenchSupport
import Typometer

/// The real-text rows about words: the English feed measured again when
/// every word is cached, and words the measurer has never seen, each beside
/// one `hb_shape` of the same word.
extension Benchmark {
    /// The target for a post whose every word is cached, seconds.
    static let cachedPostTarget = 2e-6
    /// The target for a cached word, seconds.
    static let cachedWordTarget = 60e-9
    /// The target for a new word, in units of one `hb_shape` of it.
    static let newWordTarget = 2.0
    /// The width of the second pass of the cached rows (the first is at
    /// ``width``): every chunk is in the word cache, no height is.
    static let cachedWidth = 300.0

    /// The English feed at 320 pt, untimed, then the same feed again at
    /// 300 pt, timed: a fresh measurer per run, a plain
    /// `height(of:width:)` loop on one thread. Per post (target ≤ 2 µs)
    /// and per white-space-separated word (target ≤ 60 ns).
    func runRealCached() throws {
        let feed = try realFeed("english")
        let posts = feed.posts
        let words = posts.reduce(0) { $0 + $1.split(whereSeparator: PostSplitter.isSpace).count }
        let pangoSamples = pangoRealPass("the English feed", posts)
        for profileName in options.realProfiles {
            progress("the English feed again at a new width, every word cached, `.\(profileName)`")
            let (samples, misses, lookups) = try timedAfterWarmUp(
                profile: Self.profile(named: profileName), warmUp: posts, timed: posts, width: Self.cachedWidth)
            notes.append("Every word cached, `.\(profileName)`: the pass at \(format(Self.cachedWidth, digits: 0)) pt "
                + "missed the word cache \(misses) times in \(lookups) lookups (words of simple characters are "
                + "measured by table lookup each time and never looked up there; 0 misses means every other chunk "
                + "was cached); "
                + "per word is the pass ÷ the feed's \(words) white-space-separated words "
                + "(\(feed.distinctTokens) distinct).")
            let perPost = samples.scaled(by: 1 / Double(posts.count))
            let perWord = samples.scaled(by: 1 / Double(words))
            let pango = pangoSamples?.single.scaled(by: 1 / Double(posts.count))
            realRows.append(TableRow(
                measurement: "Real, English feed: every word cached, per post, 1 thread, `.\(profileName)` (the same "
                    + "feed again at a new width: `height(of:width:)` at \(format(Self.cachedWidth, digits: 0)) pt "
                    + "after a pass at \(format(Self.width, digits: 0)) pt, fresh measurer; Pango: a fresh layout per post)",
                typometer: formatDuration(perPost.median), spread: formatSpread(perPost),
                pango: pango.map { formatDuration($0.median) + " (no cache)" } ?? "—",
                ratio: pango.map { formatRatio($0.median / perPost.median) } ?? "—",
                target: "≤ \(formatDuration(Self.cachedPostTarget))",
                met: metCell(perPost.median <= Self.cachedPostTarget)))
            realRows.append(TableRow(
                measurement: "Real, English feed: a cached word, 1 thread, `.\(profileName)` (the pass above ÷ the "
                    + "feed's words: includes line fitting and each post's hashing and height-cache insert)",
                typometer: formatDuration(perWord.median), spread: formatSpread(perWord),
                target: "≤ \(formatDuration(Self.cachedWordTarget))",
                met: metCell(perWord.median <= Self.cachedWordTarget)))
        }
    }

    /// Words the measurer has never seen: `height(of: word + " ", width:
    /// 320)` on a fresh measurer warmed with other words, each word once
    /// and timed alone, beside one `hb_shape` of the same text.
    func runRealNewWord() throws {
        let feed = try realFeed("english")
        let count = options.words
        let warmUpCount = 2_000
        // Distinct tokens in a fixed-seed order: the first `count` are timed,
        // the next `warmUpCount` warm the measurer (fonts, tables) first.
        var seen = Set<Substring>()
        var tokens: [Substring] = []
        for post in feed.posts {
            for token in post.split(whereSeparator: PostSplitter.isSpace) where seen.insert(token).inserted {
                tokens.append(token)
            }
        }
        var generator = SplitMix64(seed: Seed.newWords)
        tokens.shuffle(using: &generator)
        guard tokens.count >= count + warmUpCount else {
            throw BenchError("--words \(count): the English feed has only \(tokens.count) distinct tokens "
                + "(\(warmUpCount) more are needed to warm up)")
        }
        // The measurer cuts text into chunks that keep the space after a word.
        let words = tokens[..<count].map { String($0) + " " }
        let warmUpWords = tokens[count..<(count + warmUpCount)].map { String($0) + " " }
        let runs = options.runs(default: 5)
        let overhead = timerOverhead()
        /// Nanoseconds of `body` alone, less the timer's own cost (at least 1).
        func timed(_ body: () -> Void) -> Double {
            let start = monotonicNanoseconds()
            body()
            return max(1, Double(monotonicNanoseconds() - start) - overhead)
        }

        for text in warmUpWords { sink += shaper.advance(of: text) }
        for profileName in options.realProfiles {
            progress("new words (\(count)) and hb_shape of each, `.\(profileName)`")
            var times = WordTimes()
            // Whether each word missed the word cache. The table path never
            // looks there, so a miss on a word not seen before means the
            // word went to HarfBuzz (Typometer's own shaping).
            var shaped = [Bool](repeating: false, count: count)
            for run in -1..<runs {
                let measurer = try makeMeasurer(profile: Self.profile(named: profileName))
                for text in warmUpWords { sink += measurer.height(of: text, width: Self.width) }
                var typometer = [Double](repeating: 0, count: count)
                var shape = [Double](repeating: 0, count: count)
                var misses = measurer.wordCacheStatistics.misses
                for (index, text) in words.enumerated() {
                    // Alternate which goes first, so neither always finds the
                    // text (or the glyphs) warm in the processor's caches.
                    if index % 2 == 0 {
                        typometer[index] = timed { sink += measurer.height(of: text, width: Self.width) }
                        shape[index] = timed { sink += shaper.advance(of: text) }
                    } else {
                        shape[index] = timed { sink += shaper.advance(of: text) }
                        typometer[index] = timed { sink += measurer.height(of: text, width: Self.width) }
                    }
                    let missesAfter = measurer.wordCacheStatistics.misses
                    if missesAfter > misses { shaped[index] = true }
                    misses = missesAfter
                }
                if run >= 0 {
                    times.typometerRuns.append(typometer)
                    times.shapeRuns.append(shape)
                }
            }
            let shapedIndices = shaped.indices.filter { shaped[$0] }
            notes.append("New words, `.\(profileName)`: \(count) distinct tokens of the English feed, each with a "
                + "space after it, measured once per run on a fresh measurer warmed with \(warmUpCount) other tokens, "
                + "each call timed alone less the timer's own \(format(overhead, digits: 0)) ns. "
                + "\(shapedIndices.count) of them missed the word cache: the words HarfBuzz shapes (the library's "
                + "table path, which takes the others, never looks there). Per word, Typometer ÷ hb_shape, all words: "
                + times.ratioDistribution(over: Self.newWordTarget)
                + (shapedIndices.isEmpty ? "" : "; the words HarfBuzz shapes: "
                    + times.restricted(to: shapedIndices).ratioDistribution(over: Self.newWordTarget)) + ".")
            func row(_ times: WordTimes, _ which: String) -> TableRow {
                let limit = Self.newWordTarget * times.shape
                return TableRow(
                    measurement: "Real, English feed: a new word, \(which), 1 thread, `.\(profileName)` (`height(of: "
                        + "word + \" \", width: \(format(Self.width, digits: 0)))` on a warmed measurer that has not "
                        + "seen it; median per word; spread: the runs' medians)",
                    typometer: formatDuration(times.typometer), spread: formatSpread(times.typometerRunMedians),
                    target: "≤ \(formatRatio(Self.newWordTarget)) hb_shape = \(formatDuration(limit))",
                    met: metCell(times.typometer <= limit, detail: "\(formatRatio(times.typometer / times.shape)) hb_shape"))
            }
            func shapeRow(_ times: WordTimes, _ which: String) -> TableRow {
                TableRow(
                    measurement: "Real, English feed: one hb_shape of the same word, \(which) (HarfBuzz alone, one "
                        + "Latin run, the floor for a new word; timed beside the `.\(profileName)` row)",
                    typometer: formatDuration(times.shape) + " (HarfBuzz)", spread: formatSpread(times.shapeRunMedians))
            }
            realRows += [row(times, "all \(count) words"), shapeRow(times, "all \(count) words")]
            if !shapedIndices.isEmpty, shapedIndices.count < count {
                let which = "the \(shapedIndices.count) words HarfBuzz shapes"
                let shapedTimes = times.restricted(to: shapedIndices)
                realRows += [row(shapedTimes, which), shapeRow(shapedTimes, which)]
            }
        }
    }

    /// The median cost in nanoseconds of reading the clock twice around
    /// nothing, which every per-call timing includes.
    func timerOverhead() -> Double {
        Samples((0..<10_001).map { _ in
            let start = monotonicNanoseconds()
            return Double(monotonicNanoseconds() - start)
        }).median
    }

    /// Seconds to measure `timed` at `width` with a fresh measurer of
    /// `profile` that first measured `warmUp` at `Self.width` (the default
    /// number of runs), and the word-cache misses and lookups of the first
    /// timed pass.
    func timedAfterWarmUp(profile: RenderingProfile, warmUp: [String], timed: [String], width: Double) throws
        -> (samples: Samples, misses: Int, lookups: Int)
    {
        var misses = 0
        var lookups = 0
        let samples = try repeated(runs: options.runs(default: 5)) { run in
            let measurer = try makeMeasurer(profile: profile)
            for post in warmUp { sink += measurer.height(of: post, width: Self.width) }
            let before = measurer.wordCacheStatistics
            let elapsed = seconds { for post in timed { sink += measurer.height(of: post, width: width) } }
            let after = measurer.wordCacheStatistics
            if run == 0 {
                misses = after.misses - before.misses
                lookups = misses + after.hits - before.hits
            }
            return elapsed
        }
        return (samples, misses, lookups)
    }
}

/// Nanoseconds per word of the new-word row, per timed run: Typometer's
/// `height(of:width:)` and one `hb_shape`, word by word.
private struct WordTimes {
    var typometerRuns: [[Double]] = []
    var shapeRuns: [[Double]] = []

    /// The same runs, only the words at `indices`.
    func restricted(to indices: [Int]) -> WordTimes {
        WordTimes(typometerRuns: typometerRuns.map { run in indices.map { run[$0] } },
                  shapeRuns: shapeRuns.map { run in indices.map { run[$0] } })
    }

    /// Each word's median over the runs.
    private static func perWord(_ runs: [[Double]]) -> [Double] {
        guard let first = runs.first else { return [] }
        return first.indices.map { index in Samples(runs.map { $0[index] }).median }
    }

    /// The median over words of each word's median, in seconds.
    var typometer: Double { Samples(Self.perWord(typometerRuns)).median / 1e9 }
    var shape: Double { Samples(Self.perWord(shapeRuns)).median / 1e9 }
    /// Each run's median over words, in seconds.
    var typometerRunMedians: Samples { Samples(typometerRuns.map { Samples($0).median / 1e9 }) }
    var shapeRunMedians: Samples { Samples(shapeRuns.map { Samples($0).median / 1e9 }) }

    /// "p50 0.27×, p90 0.42×, p99 2.24×; 1.4 % over 2.00×": percentiles
    /// (nearest rank) of each word's Typometer ÷ hb_shape.
    func ratioDistribution(over target: Double) -> String {
        let ratios = zip(Self.perWord(typometerRuns), Self.perWord(shapeRuns)).map { $0 / $1 }.sorted()
        guard !ratios.isEmpty else { return "—" }
        func percentile(_ fraction: Double) -> String {
            formatRatio(ratios[max(0, min(ratios.count - 1, Int((fraction * Double(ratios.count)).rounded(.up)) - 1))])
        }
        let over = Double(ratios.filter { $0 > target }.count) / Double(ratios.count)
        return "p50 \(percentile(0.5)), p90 \(percentile(0.9)), p99 \(percentile(0.99)); "
            + "\(format(100 * over, digits: 1)) % over \(formatRatio(target))"
    }
}
