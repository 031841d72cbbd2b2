import Typometer
import TypometerCorpus
import TypometerJSONLines

/// The options every measuring subcommand shares — font, font set, size,
/// weight, slant, spacing, features, line limit and height, profile, language, threads, progress,
/// the longest input line — and how an input line's own members override them.
struct StyleOptions {
    /// Option names that take a value.
    static let valued = Set(
        ["font", "font-file", "fonts-dir", "line-limit", "profile", "lang", "threads", "max-line-bytes"]
            + StyleMember.all.filter { !$0.placeholder.isEmpty }.map(\.option))
    /// Option names that take none.
    static let flags = Set(
        ["system-fonts", "quiet", "strict"] + StyleMember.all.filter { $0.placeholder.isEmpty }.map(\.option))

    /// The members of an input line every measuring command reads: the
    /// id, the text and the style's.
    static let memberNames = MemberNames(["id", "text", "font_file", "font", "line_limit", "lang"] + StyleMember.names)
    /// The members of a run of `"runs"`.
    static let runMemberNames = MemberNames(["text", "font", "font_file"] + StyleMember.runNames)

    static let help = """
          --font FAMILY       primary family from the font set (default: Noto Sans)
          --font-file PATH    primary face from this font file instead
          --fonts-dir DIR     the font set for lookup and fallback is exactly the
                              faces in DIR (default: the bundled Fonts/)
          --system-fonts      use the system's Fontconfig fonts as the font set
          --profile NAME      chromium or pango: whose rules to reproduce (default: chromium)
          --line-limit N      at most N lines; 0 = no limit (default: 0)
          --lang TAG          the texts' language, BCP 47 (ja, zh-Hant, he): fallback
                              order, CJK face, line-break locale (default: none, a
                              page without lang: fallback in the browser's en-US)
        \(memberHelp)
          --threads N         measuring threads (default: one per core)
          --max-line-bytes N  longest input line read; a longer one gets an error
                              line and the run goes on (default: 16777216, 16 MiB)
          --quiet             no progress bar (it shows only when stderr is a terminal)
          --strict            a member of an input line that nothing reads is the line's
                              error (default: a warning on stderr, once per name)
        \(wrapped("""
            Per input line, "font_file", "font", "line_limit" (0 = none), "lang" and \
            \(quotedList(StyleMember.names)) (each as its option; "features" an array of strings \
            or one comma-separated string) override the options; a line's "font_file" wins \
            over its "font".
            """))
        """

    /// The styled text of `measure`, the only command that reads it.
    static let runsHelp = """
        \(wrapped("""
            A line's "runs" (in place of "text") is a styled text: an array of {"text": …} \
            objects, each with any of "font", "font_file", \(quotedList(StyleMember.runNames)) \
            for its own text:
            """))
          {"id":1,"runs":[{"text":"Ada","weight":700},{"text":" shipped it"}]}
        """

    /// The style members' options and their help, in the table's order.
    private static var memberHelp: String {
        StyleMember.all.map { member in
            let option = "  --\(member.option)" + (member.placeholder.isEmpty ? "" : " \(member.placeholder)")
            let column = String(repeating: " ", count: 22)
            var lines = option.count < 22
                ? [option + String(repeating: " ", count: 22 - option.count) + member.help[0]]
                : [option, column + member.help[0]]
            lines += member.help.dropFirst().map { column + $0 }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// `text` broken between words into lines of at most 84 characters.
    private static func wrapped(_ text: String) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > 84 {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return (lines + [line]).joined(separator: "\n")
    }

    /// `"a", "b" and "c"`.
    private static func quotedList(_ names: [String]) -> String {
        let quoted = names.map { "\"\($0)\"" }
        return quoted.count < 2 ? quoted.joined() : quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
    }

    let store: TextMeasurerStore
    let defaultStyle: TextStyle
    /// The measurer of `defaultStyle`, for lines that override nothing.
    let defaultMeasurer: TextMeasurer
    let threads: Int
    let showsProgress: Bool
    /// The longest input line kept, in bytes.
    let maximumLineLength: Int
    /// The subcommand's name, for messages.
    let command: String
    /// Whether an unknown member is the line's error (`--strict`) rather
    /// than a warning.
    let strict: Bool
    let warnings = MemberWarnings()
    let languageMeasurers = LanguageMeasurers()

    /// The members that override the default style.
    static let styleOverrides = MemberNames(["font_file", "font", "line_limit", "lang"] + StyleMember.names)
    /// `"lang"`, the override a feed sets on every line.
    static let language = MemberNames(["lang"])

    /// Reads the options and checks the default style by building its
    /// measurer, so a bad font is a usage error before any input is read.
    init(_ arguments: ParsedArguments, command: String) throws(UsageError) {
        self.command = command
        strict = arguments.has("strict")
        if arguments.value("font") != nil, arguments.value("font-file") != nil {
            throw UsageError("give --font or --font-file, not both")
        }
        if arguments.value("fonts-dir") != nil, arguments.has("system-fonts") {
            throw UsageError("give --fonts-dir or --system-fonts, not both")
        }
        let profileName = arguments.value("profile") ?? RenderingProfile.chromium.rawValue
        guard let profile = RenderingProfile(rawValue: profileName) else {
            throw UsageError("--profile must be chromium or pango, got '\(profileName)'")
        }
        let lineLimit = try arguments.integer("line-limit", in: 0...Int(Int32.max)) ?? 0
        threads = try arguments.integer("threads", in: 1...1024) ?? Processors.online
        showsProgress = !arguments.has("quiet") && StandardError.isTerminal
        maximumLineLength = try arguments.integer("max-line-bytes", in: 1...(1 << 40))
            ?? InputChunks.defaultMaximumLineLength
        let font: TextStyle.Font = arguments.value("font-file").map { .file(path: $0, index: 0) }
            ?? .family(arguments.value("font") ?? "Noto Sans")
        var style = TextStyle(
            font: font, lineLimit: lineLimit == 0 ? nil : lineLimit, profile: profile, language: arguments.value("lang"))
        for member in StyleMember.all {
            if let value = try arguments.styleValue(of: member) { member.set(value, on: &style) }
        }
        defaultStyle = style
        do {
            let fontSet: FontSet
            if let directory = arguments.value("fonts-dir") {
                fontSet = try FontSet(directory: directory)
            } else if arguments.has("system-fonts") {
                fontSet = try FontSet.system()
            } else {
                fontSet = try FontSet.bundled()
            }
            store = try TextMeasurerStore(fontSet: fontSet)
            defaultMeasurer = try store.measurer(for: defaultStyle)
        } catch {
            throw UsageError("\(error)")
        }
    }

    /// Checks that `record` has only members in `known` (the command's):
    /// one with `"runs"` where the command reads none is an error (its text
    /// would be measured without them), any other is a warning on stderr,
    /// once per name, said by ``sayMemberWarnings()``, or with `--strict`
    /// the line's error.
    /// - Parameter run: whether `record` is a run of `"runs"`.
    func checkMembers(of record: InputRecord, known: MemberNames, run: Bool = false) throws(LineFailure) {
        let unknown = record.unknownMembers(known)
        guard let first = unknown.first else { return }
        if !run, unknown.contains("runs") {
            throw record.failure("\"runs\" (a styled text) is read by typometer measure only; give \"text\"")
        }
        let of = run ? " of a run" : ""
        if strict { throw record.failure("unknown member \"\(first)\"\(of)") }
        for name in unknown { warnings.note(name, line: record.lineNumber, suffix: of) }
    }

    /// Says on stderr the warnings about unknown members that
    /// ``checkMembers(of:known:run:)`` noted, in input order: called once
    /// the lines of a chunk are all checked.
    func sayMemberWarnings() {
        for warning in warnings.takeWarnings() {
            switch warning {
            case .first(let name, let line, let suffix):
                StandardError.write("typometer \(command): line \(line): unknown member \"\(name)\"\(suffix) "
                    + "ignored (warned once a name; --strict makes it an error)\n")
            case .limitReached(let line):
                StandardError.write("typometer \(command): line \(line): more than \(MemberWarnings.limit) "
                    + "unknown member names; the rest are ignored without a warning (--strict makes them errors)\n")
            }
        }
    }

    /// The style for `record`: the defaults with the record's overrides.
    /// - Throws: ``LineFailure`` for a malformed override.
    func style(for record: InputRecord) throws(LineFailure) -> TextStyle {
        var style = defaultStyle
        if let path = try record.optionalString("font_file") {
            style.font = .file(path: path, index: 0)
        } else if let family = try record.optionalString("font") {
            style.font = .family(family)
        }
        if let limit = try record.integer("line_limit", in: 0...Int(Int32.max)) {
            style.lineLimit = limit == 0 ? nil : limit
        }
        if let language = try record.optionalString("lang") { style.language = language }
        try record.applyStyleMembers(to: &style)
        return style
    }

    /// The runs of `record`'s `"runs"` member, each an object with `"text"`
    /// and any of `"font"` (a family), `"font_file"`, `"size"`, `"weight"`,
    /// `"italic"`, `"letter_spacing"`, `"word_spacing"` and `"features"`;
    /// `nil` when the line has none.
    /// - Throws: ``LineFailure`` for a malformed run, or runs whose texts
    ///   are not the line's `"text"` when it has one.
    func styledText(for record: InputRecord) throws(LineFailure) -> StyledText? {
        guard let runs = try record.records("runs") else { return nil }
        var styled: [StyledText.Run] = []
        for run in runs {
            try checkMembers(of: run, known: StyleOptions.runMemberNames, run: true)
            var style = RunStyle()
            if let path = try run.optionalString("font_file") {
                style.font = .file(path: path, index: 0)
            } else if let family = try run.optionalString("font") {
                style.font = .family(family)
            }
            try run.applyRunStyleMembers(to: &style)
            styled.append(StyledText.Run(try run.string("text"), style: style))
        }
        let text = StyledText(styled)
        if let whole = try record.optionalString("text"), whole != text.string {
            throw record.failure("the texts of \"runs\" are not the line's \"text\"")
        }
        return text
    }

    /// The shared measurer for `record`'s style.
    /// - Throws: ``LineFailure`` for a bad override, an unreadable font file
    ///   or a family not in the font set.
    func measurer(for record: InputRecord) throws(LineFailure) -> TextMeasurer {
        switch record.members(among: Self.styleOverrides, onlyIn: Self.language) {
        case .none: return defaultMeasurer
        case .onlySubset:
            guard let language = try record.optionalString("lang") else { return try storedMeasurer(for: record) }
            if let kept = languageMeasurers.measurer(for: language) { return kept }
            let measurer = try storedMeasurer(for: record)
            languageMeasurers.keep(measurer, for: language)
            return measurer
        case .others: return try storedMeasurer(for: record)
        }
    }

    /// The store's measurer for `record`'s style.
    private func storedMeasurer(for record: InputRecord) throws(LineFailure) -> TextMeasurer {
        let style = try style(for: record)
        do {
            return try store.measurer(for: style)
        } catch {
            throw record.failure("\(error)")
        }
    }
}
