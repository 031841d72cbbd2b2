import BenchGlue
import Typometer

/// Styled runs against the same texts plain: each post of the English feed
/// made a card of three or four runs, its first two words bold (an author's
/// name), one word in its middle italic, the rest in the block's style.
extension Benchmark {
    /// The bound: a styled text costs at most this much more than
    /// the same text plain.
    static let styledTarget = 1.5

    /// `post` as a card: the first two words bold, the word halfway through
    /// the rest italic.
    static func styledCard(_ post: String) -> StyledText {
        let spaces = post.indices.filter { post[$0] == " " }
        guard spaces.count >= 4 else { return StyledText([.init(post, style: RunStyle(weight: .bold))]) }
        let nameEnd = spaces[1]
        let italicStart = post.index(after: spaces[spaces.count / 2])
        let italicEnd = spaces[spaces.count / 2 + 1]
        return StyledText([
            .init(String(post[..<nameEnd]), style: RunStyle(weight: .bold)),
            .init(String(post[nameEnd..<italicStart])),
            .init(String(post[italicStart..<italicEnd]), style: RunStyle(italic: true)),
            .init(String(post[italicEnd...])),
        ])
    }

    /// The English feed's first pass and steady state, styled and plain,
    /// one thread, per post.
    /// A slice of the feed as styled cards or as the same posts plain.
    enum StyledOrPlain {
        case styled(ArraySlice<StyledText>)
        case plain(ArraySlice<String>)
    }

    /// Adds each text's height at the benchmark's width to `sink`.
    func measureHeights(_ texts: StyledOrPlain, with measurer: TextMeasurer) throws {
        switch texts {
        case .styled(let cards): for card in cards { sink += try measurer.height(of: card, width: Self.width) }
        case .plain(let posts): for post in posts { sink += measurer.height(of: post, width: Self.width) }
        }
    }

    func runRealStyled() throws {
        let feed = try realFeed("english")
        let posts = feed.posts
        let cards = posts.map(Self.styledCard)
        let half = posts.count / 2
        let runs = options.runs(default: 5)
        for profileName in options.realProfiles {
            let profile = Self.profile(named: profileName)
            progress("styled cards on the English feed, `.\(profileName)`")
            /// One run, seconds per post: a fresh measurer over the feed (the
            /// first pass), or warmed with the first half and the second half
            /// timed (the steady state).
            func run(styled: Bool, warmed: Bool) throws -> Double {
                let measurer = try makeMeasurer(profile: profile)
                func measure(_ range: Range<Int>) throws {
                    try measureHeights(styled ? .styled(cards[range]) : .plain(posts[range]), with: measurer)
                }
                if warmed { try measure(0..<half) }
                let timed = warmed ? half..<posts.count : 0..<posts.count
                return try seconds { try measure(timed) } / Double(timed.count)
            }
            for (label, warmed) in [
                ("first pass (fresh measurer)", false),
                ("steady state (warmed with the first half, the second half timed)", true),
            ] {
                let (styled, plain) = try alternated(
                    runs: runs, { try run(styled: true, warmed: warmed) }, { try run(styled: false, warmed: warmed) })
                let ratio = styled.median / plain.median
                realRows.append(TableRow(
                    measurement: "Real, English feed: styled card per post (bold first two words, one italic word), "
                        + "\(label), 1 thread, `.\(profileName)`; beside it the same posts plain",
                    typometer: formatDuration(styled.median), spread: formatSpread(styled),
                    pango: formatDuration(plain.median) + " (plain)",
                    ratio: formatRatio(ratio) + " of plain",
                    target: "≤ \(formatRatio(Self.styledTarget)) of plain", met: metCell(ratio <= Self.styledTarget)))
            }
        }
    }

    /// The styled row's work for callgrind, on this thread, `--profile`
    /// (default chromium): after an uncounted warm-up (a measurer over the
    /// first 1,000 cards, which loads the faces the feed needs), the first
    /// pass over the English feed as cards, then plain, each with a fresh
    /// measurer; then the steady state (a fresh measurer warmed with the
    /// first half, the second half counted), cards then plain. Under
    /// callgrind each of the four counts goes to a file of its own, in that
    /// order (`bench_callgrind_dump`).
    func runRealCountStyled() throws {
        let feed = try realFeed("english")
        let profileName = options.profile ?? "chromium"
        let profile = Self.profile(named: profileName)
        let posts = feed.posts
        let cards = posts.map(Self.styledCard)
        let half = posts.count / 2
        progress("styled cards and plain posts on one thread over the English feed, `.\(profileName)` (real-count-styled)")
        let warmUp = try makeMeasurer(profile: profile)
        for card in cards.prefix(1_000) { sink += try warmUp.height(of: card, width: Self.width) }
        func counted(_ label: String, styled: Bool, warmed: Bool) throws -> Double {
            let measurer = try makeMeasurer(profile: profile)
            func measure(_ range: Range<Int>) throws {
                try measureHeights(styled ? .styled(cards[range]) : .plain(posts[range]), with: measurer)
            }
            if warmed { try measure(0..<half) }
            let timed = warmed ? half..<posts.count : 0..<posts.count
            bench_callgrind_toggle()
            let elapsed = try seconds { try measure(timed) }
            bench_callgrind_toggle()
            bench_callgrind_dump("real-count-styled: \(label), \(timed.count) posts")
            return elapsed / Double(timed.count)
        }
        for (label, warmed) in [("first pass", false), ("steady state", true)] {
            let styled = try counted("\(label), styled", styled: true, warmed: warmed)
            let plain = try counted("\(label), plain", styled: false, warmed: warmed)
            realRows.append(TableRow(
                measurement: "Real, English feed: styled card per post, \(label), one run on one thread, "
                    + "`.\(profileName)` (real-count-styled, the callgrind row); beside it the same posts plain",
                typometer: formatDuration(styled), spread: "—", pango: formatDuration(plain) + " (plain)",
                ratio: formatRatio(styled / plain) + " of plain"))
        }
        if runningOnValgrind {
            notes.append("callgrind: real-count-styled dumped four counts, in this order: the first pass styled "
                + "(\(posts.count) cards) and plain (\(posts.count) posts), the steady state styled "
                + "(\(posts.count - half) cards) and plain (\(posts.count - half) posts), `.\(profileName)`.")
        }
    }
}
