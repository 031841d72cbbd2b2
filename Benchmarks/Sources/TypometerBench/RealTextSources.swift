import BenchSupport

/// Where the real-text feeds' texts come from on Debian 12: the fortune
/// databases of the `fortunes*` packages, the license texts in
/// `/usr/share/common-licenses` and the packages' copyright files, and the
/// translated messages of the gettext catalogues in
/// `/usr/share/locale/LANGUAGE/LC_MESSAGES`.
enum RealTextSources {
    static let fortunesDirectory = "/usr/share/games/fortunes"
    static let licensesDirectory = "/usr/share/common-licenses"

    /// A language of the feeds: its code, its name, the rule its posts
    /// follow, and the packages and directory of its fortunes (no packages:
    /// its posts come from gettext catalogues).
    struct Language: Sendable {
        let code: String
        let name: String
        let rule: PostRule
        let fortunePackages: [String]
        let fortuneDirectory: String
    }

    static let english = Language(
        code: "en", name: "English", rule: .spaced, fortunePackages: ["fortunes", "fortunes-min"],
        fortuneDirectory: fortunesDirectory)
    static let languages: [Language] = [
        english,
        Language(code: "de", name: "German", rule: .spaced, fortunePackages: ["fortunes-de"],
                 fortuneDirectory: fortunesDirectory + "/de"),
        Language(code: "es", name: "Spanish", rule: .spaced, fortunePackages: ["fortunes-es"],
                 fortuneDirectory: fortunesDirectory + "/es"),
        Language(code: "it", name: "Italian", rule: .spaced, fortunePackages: ["fortunes-it"],
                 fortuneDirectory: fortunesDirectory + "/it"),
        Language(code: "ru", name: "Russian", rule: .spaced, fortunePackages: ["fortunes-ru"],
                 fortuneDirectory: fortunesDirectory + "/ru"),
        Language(code: "zh", name: "Chinese", rule: .ideographic, fortunePackages: ["fortunes-zh"],
                 fortuneDirectory: fortunesDirectory),
        Language(code: "ar", name: "Arabic", rule: .spaced, fortunePackages: [], fortuneDirectory: ""),
        Language(code: "th", name: "Thai", rule: .thai, fortunePackages: [], fortuneDirectory: ""),
    ]

    /// The posts a language's sources give, in source order (not yet
    /// deduplicated).
    static func posts(of language: Language, generator: inout SplitMix64) throws(BenchError) -> [String] {
        if language.fortunePackages.isEmpty {
            return try catalogueMessages(language: language.code).flatMap { messages in
                postsJoining(messages, rule: language.rule, generator: &generator)
            }
        }
        var posts: [String] = []
        for records in try fortuneFiles(of: language) {
            var short: [String] = []
            for record in records {
                if language.rule.length(of: record) < language.rule.range.lowerBound {
                    short.append(record)
                } else {
                    posts += PostSplitter.posts(from: record, rule: language.rule, generator: &generator)
                }
            }
            posts += postsJoining(short, rule: language.rule, generator: &generator)
        }
        return posts
    }

    /// The records of each fortune database the language's packages
    /// installed under its directory (not the offensive `off/` ones), file
    /// by file, but drawings and tables: records less than half of whose
    /// visible characters are letters.
    static func fortuneFiles(of language: Language) throws(BenchError) -> [[String]] {
        var files: [[String]] = []
        for package in language.fortunePackages {
            for path in try DebianPackage.files(of: package, under: language.fortuneDirectory)
            where !path.hasSuffix(".dat") && !path.contains("/off/") {
                files.append(try FortuneFile.records(in: path).filter(isMostlyLetters))
            }
        }
        return files
    }

    /// The texts of Debian's common licenses (the files, not the links that
    /// name a default version).
    static func licenseTexts() throws(BenchError) -> [String] {
        let paths = TextFiles.names(in: licensesDirectory).map { licensesDirectory + "/" + $0 }
            .filter(TextFiles.isRegularFile)
        guard !paths.isEmpty else { throw DebianPackage.missing("base-files") }
        var texts: [String] = []
        for path in paths { texts.append(try TextFiles.read(path)) }
        return texts
    }

    /// The copyright files of every installed package
    /// (`/usr/share/doc/PACKAGE/copyright`: English license and copyright
    /// notices), sorted. Read them with ``copyrightText(_:)``.
    static func copyrightPaths() -> [String] {
        TextFiles.names(in: "/usr/share/doc").map { "/usr/share/doc/\($0)/copyright" }.filter(TextFiles.isRegularFile)
    }

    /// The copyright file at `path`, with the ` .` lines that stand for
    /// blank lines in Debian's machine-readable format made blank.
    static func copyrightText(_ path: String) -> String? {
        guard let text = try? TextFiles.read(path) else { return nil }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.allSatisfy { $0 == " " || $0 == "." || $0 == "\t" } ? "" : $0 }
            .joined(separator: "\n")
    }

    /// The translations of each catalogue in `/usr/share/locale/LANGUAGE/
    /// LC_MESSAGES`, catalogue by catalogue, keeping only messages with a
    /// letter of the language's script (untranslated names and format
    /// strings are left out).
    static func catalogueMessages(language: String) throws(BenchError) -> [[String]] {
        let names = TextFiles.names(in: catalogueDirectory(language)).filter { $0.hasSuffix(".mo") }
        guard !names.isEmpty else {
            throw BenchError("the multilingual feed needs gettext catalogues in \(catalogueDirectory(language)), and "
                + "there are none: apt-get install -y iso-codes libglib2.0-data (both ship \(language) catalogues)")
        }
        return try catalogueMessages(language: language, names: names) { isLetter($0, ofLanguage: language) }
    }

    /// The translations of the catalogues `names` (`glib20.mo`, …) of
    /// `language`, catalogue by catalogue, keeping only messages with a
    /// letter for which `isLetter` holds.
    static func catalogueMessages(
        language: String, names: [String], isLetter: (Unicode.Scalar) -> Bool
    ) throws(BenchError) -> [[String]] {
        var catalogues: [[String]] = []
        for name in names {
            let messages = try GettextCatalog(path: catalogueDirectory(language) + "/" + name).translations.filter {
                $0.unicodeScalars.contains(where: isLetter)
            }
            catalogues.append(messages)
        }
        return catalogues
    }

    /// The catalogues (`.mo` names, sorted) installed for every one of
    /// `languages`: the same applications' messages in each.
    /// - Throws: ``BenchError`` with the `apt-get` command for the
    ///   catalogues when a language has none.
    static func sharedCatalogueNames(of languages: [String]) throws(BenchError) -> [String] {
        var shared: Set<String>?
        for language in languages {
            let names = Set(TextFiles.names(in: catalogueDirectory(language)).filter { $0.hasSuffix(".mo") })
            guard !names.isEmpty else {
                throw BenchError("the per-script feeds need gettext catalogues in \(catalogueDirectory(language)), "
                    + "and there are none: apt-get install -y iso-codes libglib2.0-data libgtk-3-common "
                    + "libgtk2.0-common (all ship \(language) catalogues)")
            }
            shared = shared.map { $0.intersection(names) } ?? names
        }
        return (shared ?? []).sorted()
    }

    static func catalogueDirectory(_ language: String) -> String { "/usr/share/locale/\(language)/LC_MESSAGES" }

    /// Consecutive messages of one catalogue (or short fortunes of one file)
    /// joined into posts; a message longer than a post is cut into its
    /// sentences first.
    static func postsJoining(_ messages: [String], rule: PostRule, generator: inout SplitMix64) -> [String] {
        var pieces: [String] = []
        for message in messages.map(PostSplitter.collapsed) where !message.isEmpty {
            if rule.length(of: message) > rule.range.upperBound {
                pieces += PostSplitter.sentences(of: message, rule: rule)
            } else {
                pieces.append(message)
            }
        }
        return PostSplitter.grouped(pieces, rule: rule, generator: &generator)
    }

    static func isLetter(_ scalar: Unicode.Scalar, ofLanguage language: String) -> Bool {
        switch language {
        case "ar": (0x0620...0x064A).contains(scalar.value)
        case "th": (0x0E01...0x0E2E).contains(scalar.value)
        default: scalar.properties.isAlphabetic
        }
    }

    static func isMostlyLetters(_ record: String) -> Bool {
        var letters = 0
        var visible = 0
        for character in record where !PostSplitter.isSpace(character) {
            visible += 1
            if character.isLetter { letters += 1 }
        }
        return letters * 2 >= visible
    }
}
