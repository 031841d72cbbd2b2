import BenchSupport

/// Builds the real-text feeds from files Debian installs, deterministically
/// (a fixed-seed ``SplitMix64`` for every random choice), and keeps them as
/// JSON Lines under `Benchmarks/.build/real-text/` (never committed; built
/// again when missing, in seconds).
///
/// - **English**: at least 20,000 distinct posts of 10–60 words from the
///   English fortunes (`fortunes`, `fortunes-min`): whole fortunes, else
///   their paragraphs and groups of their sentences, and runs of
///   consecutive short fortunes; then paragraphs and sentence groups of
///   `/usr/share/common-licenses/*`; then, only as many as are still
///   missing, of the packages' `/usr/share/doc/*/copyright` files.
/// - **Multilingual**: up to 750 posts of each of English, German, Spanish,
///   Italian, Russian (fortunes), Chinese (fortunes-zh, 20–150 characters),
///   Arabic and Thai (runs of consecutive translated messages of the gettext
///   catalogues, Thai 20–150 characters), at least 5,000 in all.
///
/// - **Per script** (``WritingScript``): up to 3,000 posts (at least 1,000) of each script,
///   runs of consecutive translated messages of the gettext catalogues
///   installed for every script's language (the same applications), with
///   the script's rule (10–60 words; Chinese, Japanese and Thai 20–150
///   characters).
///
/// All are shuffled with the fixed seed.
enum RealTextCorpus {
    /// Raised whenever the building changes, so old files are not reused.
    static let version = 1
    static var directory: String { RepositoryPaths.benchmarksBuild + "/real-text/v\(version)" }
    static var englishPath: String { directory + "/english.jsonl" }
    static var multilingualPath: String { directory + "/multilingual.jsonl" }

    static let minimumEnglishPosts = 20_000
    static let postsPerLanguage = 750
    static let minimumMultilingualPosts = 5_000
    static let postsPerScript = 3_000
    /// Fewer posts than this make a script's feed an error (Hebrew's shared
    /// catalogues give about 1,400).
    static let minimumPostsPerScript = 1_000
    static let seed: UInt64 = 0x7E47_0001

    /// The English feed, built first if its file is missing or `rebuild`.
    static func english(rebuild: Bool = false) throws(BenchError) -> RealTextFeed {
        if rebuild || !TextFiles.isRegularFile(englishPath) {
            try build(englishPosts(), name: "English", to: englishPath)
        }
        return try RealTextFeed(name: "English", path: englishPath)
    }

    /// The multilingual feed, built first if its file is missing or `rebuild`.
    static func multilingual(rebuild: Bool = false) throws(BenchError) -> RealTextFeed {
        if rebuild || !TextFiles.isRegularFile(multilingualPath) {
            try build(multilingualPosts(), name: "multilingual", to: multilingualPath)
        }
        return try RealTextFeed(name: "multilingual", path: multilingualPath)
    }

    static func scriptPath(_ script: WritingScript) -> String { directory + "/scripts/\(script.fileName).jsonl" }

    /// Every script's feed (``WritingScript/all``), built first where its
    /// file is missing, or all of them when `rebuild`. The catalogues are
    /// read once for all of them.
    static func scripts(rebuild: Bool = false) throws(BenchError) -> [RealTextFeed] {
        let scripts = WritingScript.all
        if rebuild || !scripts.allSatisfy({ TextFiles.isRegularFile(scriptPath($0)) }) {
            try TextFiles.makeDirectories(directory + "/scripts")
            let catalogues = try RealTextSources.sharedCatalogueNames(of: scripts.map(\.language))
            for (index, script) in scripts.enumerated() {
                let posts = try scriptPosts(script, catalogues: catalogues, seed: seed &+ 2 &+ UInt64(index))
                try build(posts, name: script.name, to: scriptPath(script))
            }
            printError("· the per-script feeds come from the \(catalogues.count) catalogues installed for every "
                + "script's language: \(catalogues.joined(separator: ", "))")
        }
        var feeds: [RealTextFeed] = []
        for script in scripts { feeds.append(try RealTextFeed(name: script.name, path: scriptPath(script))) }
        return feeds
    }

    /// Up to ``postsPerScript`` distinct posts of `script`: runs of
    /// consecutive messages of each of `catalogues` in the script's
    /// language, shuffled with `seed`.
    static func scriptPosts(
        _ script: WritingScript, catalogues: [String], seed: UInt64
    ) throws(BenchError) -> [(language: String, text: String)] {
        var generator = SplitMix64(seed: seed)
        let messages = try RealTextSources.catalogueMessages(
            language: script.language, names: catalogues, isLetter: script.isLetter)
        let candidates = uniqued(messages.flatMap { catalogue in
            RealTextSources.postsJoining(catalogue, rule: script.rule, generator: &generator)
        })
        guard candidates.count >= minimumPostsPerScript else {
            throw BenchError("only \(candidates.count) \(script.name) posts in the shared catalogues; the feed needs "
                + "\(minimumPostsPerScript) at least: apt-get install -y iso-codes libglib2.0-data libgtk-3-common "
                + "libgtk-4-common nautilus-data gnome-control-center-data gnome-shell-common")
        }
        return generator.shuffled(candidates).prefix(postsPerScript).map { (script.language, $0) }
    }

    private static func build(
        _ posts: [(language: String, text: String)], name: String, to path: String
    ) throws(BenchError) {
        try TextFiles.makeDirectories(directory)
        try RealTextFeed.write(posts, to: path)
        printError("· built the \(name) feed: \(path)")
    }

    /// Every distinct English post of the fortunes and licenses, and as
    /// many of the copyright files as it takes to reach
    /// ``minimumEnglishPosts``, shuffled.
    static func englishPosts() throws(BenchError) -> [(language: String, text: String)] {
        var generator = SplitMix64(seed: seed)
        var posts = uniqued(try RealTextSources.posts(of: RealTextSources.english, generator: &generator))
        var seen = Set(posts)
        var counts = ["fortunes": posts.count]
        /// Adds the new posts of `texts`, in order, up to `limit`.
        func add(_ texts: [String], as source: String, upTo limit: Int = .max) {
            var taken = 0
            for text in texts {
                for post in PostSplitter.posts(from: text, rule: .spaced, generator: &generator)
                where taken < limit && seen.insert(post).inserted {
                    posts.append(post)
                    taken += 1
                }
                if taken == limit { break }
            }
            counts[source] = taken
        }
        add(try RealTextSources.licenseTexts(), as: "common-licenses")
        if posts.count < minimumEnglishPosts {
            // Packages in an order drawn from the generator, so the posts
            // taken do not all come from the first packages alphabetically.
            let copyrights = generator.shuffled(RealTextSources.copyrightPaths())
            add(copyrights.compactMap(RealTextSources.copyrightText), as: "copyright files",
                upTo: minimumEnglishPosts - posts.count)
        }
        guard posts.count >= minimumEnglishPosts else {
            throw BenchError("only \(posts.count) distinct English posts from the fortunes, licenses and copyright "
                + "files; the English feed needs \(minimumEnglishPosts)")
        }
        printError("· English posts: \(counts["fortunes"]!) from the fortunes, \(counts["common-licenses"]!) from "
            + "the common licenses, \(counts["copyright files", default: 0]) from copyright files")
        return generator.shuffled(posts).map { ("en", $0) }
    }

    /// Up to ``postsPerLanguage`` distinct posts of each language, shuffled
    /// together.
    static func multilingualPosts() throws(BenchError) -> [(language: String, text: String)] {
        var generator = SplitMix64(seed: seed &+ 1)
        var posts: [(language: String, text: String)] = []
        for language in RealTextSources.languages {
            let candidates = uniqued(try RealTextSources.posts(of: language, generator: &generator))
            posts += generator.shuffled(candidates).prefix(postsPerLanguage).map { (language.code, $0) }
        }
        guard posts.count >= minimumMultilingualPosts else {
            throw BenchError("only \(posts.count) multilingual posts; the feed needs \(minimumMultilingualPosts)")
        }
        return generator.shuffled(posts)
    }

    /// `posts` without repeats, first occurrences in order.
    static func uniqued(_ posts: [String]) -> [String] {
        var seen = Set<String>()
        return posts.filter { seen.insert($0).inserted }
    }
}

extension SplitMix64 {
    /// `elements` in an order drawn from this generator (Fisher–Yates,
    /// written out so the order never depends on the standard library's
    /// choice of algorithm).
    mutating func shuffled<Element>(_ elements: [Element]) -> [Element] {
        var result = elements
        var index = result.count - 1
        while index > 0 {
            let other = Int(next() % UInt64(index + 1))
            result.swapAt(index, other)
            index -= 1
        }
        return result
    }
}
