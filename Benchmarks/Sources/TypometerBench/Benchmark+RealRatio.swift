import Typometer

/// What a screen of another device pixel ratio costs: the English and
/// multilingual feeds measured at ratio 2 against ratio 1, first pass and
/// steady state, one thread. Under `.chromium` the text is laid out in device
/// pixels (faces at twice the size, results converted back); under `.pango`
/// the ratio changes nothing.
extension Benchmark {
    func runRealRatio() throws {
        let runs = options.runs(default: 5)
        for feed in try realFeeds() {
            let posts = feed.posts
            for profileName in options.realProfiles {
                let profile = Self.profile(named: profileName)
                progress("ratio 2 against ratio 1 on the \(feed.name) feed, `.\(profileName)`")
                /// One run, seconds per post: a fresh measurer over the feed
                /// (the first pass), or one that measured it at 240 pt timed
                /// at 320 pt (every word known, each post laid out anew).
                func run(ratio: Double, steady: Bool) throws -> Double {
                    let measurer = try TextMeasurer(style: TextStyle(
                        font: .family(Self.family), size: Self.size, profile: profile, devicePixelRatio: ratio))
                    if steady { for post in posts { sink += measurer.height(of: post, width: 240) } }
                    return try seconds { for post in posts { sink += measurer.height(of: post, width: Self.width) } }
                        / Double(posts.count)
                }
                for (label, steady) in [("first pass (fresh measurer)", false), ("steady state (every word known)", true)] {
                    let (two, one) = try alternated(
                        runs: runs, { try run(ratio: 2, steady: steady) }, { try run(ratio: 1, steady: steady) })
                    realRows.append(TableRow(
                        measurement: "Real, \(feed.name) feed at device pixel ratio 2, \(label), 1 thread, "
                            + "`.\(profileName)`; beside it ratio 1",
                        typometer: formatDuration(two.median), spread: formatSpread(two),
                        pango: formatDuration(one.median) + " (ratio 1)",
                        ratio: formatRatio(two.median / one.median) + " of ratio 1"))
                }
            }
        }
    }
}
