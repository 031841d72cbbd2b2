import Typometer

/// What a measure function's width costs: `size(of:width:)` (line count,
/// height and the widest line box) against `lineCountAndHeight(of:width:)`
/// on the multilingual feed, whose right-to-left posts, tabs, soft hyphens
/// and brackets beside non-Latin letters are laid out a second time for
/// their line boxes under `.chromium`.
extension Benchmark {
    func runRealSize() throws {
        let feed = try realFeed("multilingual")
        let posts = feed.posts
        let runs = options.runs(default: 5)
        for profileName in options.realProfiles {
            let profile = Self.profile(named: profileName)
            progress("size(of:width:) against lineCountAndHeight on the multilingual feed, `.\(profileName)`")
            /// One run, seconds per post: a fresh measurer over the feed (the
            /// first pass), or one that measured it the same way at the
            /// benchmark's width, timed at another (every word known, and
            /// the line boxes' shaping for `size`; each post laid out anew).
            func run(sizing: Bool, newWidth: Bool) throws -> Double {
                let measurer = try makeMeasurer(profile: profile)
                func measure(_ post: String, _ width: Double) -> Double {
                    sizing ? measurer.size(of: post, width: width).width : measurer.lineCountAndHeight(of: post, width: width).height
                }
                if newWidth { for post in posts { sink += measure(post, Self.width) } }
                let width = newWidth ? 240.0 : Self.width
                return try seconds { for post in posts { sink += measure(post, width) } } / Double(posts.count)
            }
            for (label, newWidth) in [
                ("first pass (fresh measurer)", false), ("at a new width (measured at 320 pt, timed at 240 pt)", true),
            ] {
                let (sizes, heights) = try alternated(
                    runs: runs, { try run(sizing: true, newWidth: newWidth) }, { try run(sizing: false, newWidth: newWidth) })
                realRows.append(TableRow(
                    measurement: "Real, multilingual feed: `size(of:width:)` per post, \(label), 1 thread, "
                        + "`.\(profileName)`; beside it `lineCountAndHeight`",
                    typometer: formatDuration(sizes.median), spread: formatSpread(sizes),
                    pango: formatDuration(heights.median) + " (heights)",
                    ratio: formatRatio(sizes.median / heights.median) + " of heights"))
            }
        }
    }
}
