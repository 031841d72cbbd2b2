import BenchSupport

/// A real-text feed as the benchmark reads it back from its JSON Lines file
/// (`{"id":N,"text":"…","lang":"xx"}` per line, ids from 1 in file order).
struct RealTextFeed: Sendable {
    /// "English", "multilingual" or a script's name, for the table.
    let name: String
    /// The JSON Lines file, which `typometer measure` and `pango-measure` read.
    let path: String
    let posts: [String]
    /// Each post's language code ("en", "zh", …).
    let languages: [String]

    /// Reads the feed at `path`.
    init(name: String, path: String) throws(BenchError) {
        var posts: [String] = []
        var languages: [String] = []
        for line in try TextFiles.read(path).split(separator: "\n") {
            guard let text = JSONLines.stringField("text", in: line) else {
                throw BenchError("\(path): a line without \"text\"; delete the file to rebuild it")
            }
            posts.append(text)
            languages.append(JSONLines.stringField("lang", in: line) ?? "?")
        }
        self.name = name
        self.path = path
        self.posts = posts
        self.languages = languages
    }

    /// Writes `posts` (language code, text) as a feed file at `path`.
    static func write(_ posts: [(language: String, text: String)], to path: String) throws(BenchError) {
        var output = ""
        for (index, post) in posts.enumerated() {
            output += "{\"id\":\(index + 1),\"text\":\(JSONLines.quoted(post.text)),\"lang\":\"\(post.language)\"}\n"
        }
        try TextFiles.write(output, to: path)
    }

    // MARK: Statistics

    /// Mean white-space-separated words per post.
    var meanWords: Double {
        Double(posts.reduce(0) { $0 + $1.split(whereSeparator: PostSplitter.isSpace).count }) / Double(max(1, posts.count))
    }

    /// Mean characters (Unicode code points, spaces included) per post:
    /// the per-script rows' unit of text.
    var meanCharacters: Double {
        Double(posts.reduce(0) { $0 + $1.unicodeScalars.count }) / Double(max(1, posts.count))
    }

    /// Mean UTF-8 bytes per post.
    var meanBytes: Double { Double(posts.reduce(0) { $0 + $1.utf8.count }) / Double(max(1, posts.count)) }

    /// Distinct white-space-separated tokens, punctuation kept (the
    /// synthetic corpus's vocabulary is counted the same way).
    var distinctTokens: Int {
        var tokens = Set<Substring>()
        for post in posts { for token in post.split(whereSeparator: PostSplitter.isSpace) { tokens.insert(token) } }
        return tokens.count
    }

    /// Distinct words: tokens case-folded, with the punctuation around them
    /// stripped (a token of punctuation alone is no word).
    var distinctWords: Int {
        var words = Set<String>()
        for post in posts {
            for token in post.split(whereSeparator: PostSplitter.isSpace) {
                let core = token.drop { !$0.isLetter && !$0.isNumber }.reversed().drop { !$0.isLetter && !$0.isNumber }
                if !core.isEmpty { words.insert(String(core.reversed()).lowercased()) }
            }
        }
        return words.count
    }

    /// Posts per language code, in the order of ``RealTextSources/languages``.
    var countsByLanguage: [(code: String, count: Int)] {
        var counts: [String: Int] = [:]
        for language in languages { counts[language, default: 0] += 1 }
        let known = RealTextSources.languages.map(\.code)
        return (known + counts.keys.filter { !known.contains($0) }.sorted()).compactMap { code in
            counts[code].map { (code, $0) }
        }
    }

    /// One sentence on the feed's size and words, for the report.
    var summary: String {
        var text = "\(name) feed: \(posts.count) posts, \(format(meanWords, digits: 1)) words, "
            + "\(format(meanCharacters, digits: 1)) characters "
            + "(\(format(meanBytes, digits: 0)) bytes) per post on average, \(distinctTokens) distinct tokens "
            + "(\(distinctWords) distinct words, case-folded, punctuation stripped)"
        let counts = countsByLanguage
        if counts.count > 1 {
            let names = Dictionary(uniqueKeysWithValues: RealTextSources.languages.map { ($0.code, $0.name) })
            text += "; " + counts.map { "\(names[$0.code] ?? $0.code) \($0.count)" }.joined(separator: ", ")
        }
        return text
    }
}
