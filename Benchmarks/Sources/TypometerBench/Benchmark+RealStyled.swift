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
    func runRealStyled() throws {
        let feed = try realFeed("english")
        let posts = feed.posts
        let cards = posts.map(Self.styledCard)
        let half = posts.count / 2
        let runs = options.runs(default: 5)
        for profileName in options.realProfiles {
            let profile = Self.profile(named: profileName)
            progress("styled cards on the English feed, `.\(profileName)`")
            func firstPass(styled: Bool) throws -> Samples {
                try repeated(runs: runs) { _ in
                    let measurer = try makeMeasurer(profile: profile)
                    return try seconds {
                        if styled {
                            for card in cards { sink += try measurer.height(of: card, width: Self.width) }
                        } else {
                            for post in posts { sink += measurer.height(of: post, width: Self.width) }
                        }
                    } / Double(posts.count)
                }
            }
            func steady(styled: Bool) throws -> Samples {
                try repeated(runs: runs) { _ in
                    let measurer = try makeMeasurer(profile: profile)
                    if styled {
                        for card in cards[..<half] { sink += try measurer.height(of: card, width: Self.width) }
                    } else {
                        for post in posts[..<half] { sink += measurer.height(of: post, width: Self.width) }
                    }
                    return try seconds {
                        if styled {
                            for card in cards[half...] { sink += try measurer.height(of: card, width: Self.width) }
                        } else {
                            for post in posts[half...] { sink += measurer.height(of: post, width: Self.width) }
                        }
                    } / Double(posts.count - half)
                }
            }
            for (label, styled, plain) in [
                ("first pass (fresh measurer)", try firstPass(styled: true), try firstPass(styled: false)),
                ("steady state (warmed with the first half, the second half timed)", try steady(styled: true),
                 try steady(styled: false)),
            ] {
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
}
