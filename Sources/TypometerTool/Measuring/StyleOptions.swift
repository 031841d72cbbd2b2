import Typometer
import TypometerCorpus
import TypometerJSONLines

/// The options every measuring subcommand shares — font, font set, size,
/// weight, slant, spacing, features, line limit and height, profile, language, threads, progress,
/// the longest input line — and how an input line's own members override them.
struct StyleOptions {
    /// Option names that take a value.
    static let valued: Set<String> = [
        "font", "font-file", "fonts-dir", "size", "line-limit", "line-height", "profile", "lang", "weight",
        "letter-spacing", "word-spacing", "features", "threads", "max-line-bytes", "device-pixel-ratio", "web-fonts",
    ]
    /// Option names that take none.
    static let flags: Set<String> = ["system-fonts", "quiet", "italic", "strict"]

    /// The members of an input line every measuring command reads: the
    /// id, the text and the style's.
    static let memberNames = MemberNames(
        ["id", "text", "font_file", "font", "size", "line_limit", "lang"] + InputRecord.styleMemberNames)
    /// The members of a run of `"runs"`.
    static let runMemberNames = MemberNames(
        ["text", "font", "font_file", "size", "weight", "italic", "letter_spacing", "word_spacing", "features"])

    static let help = """
          --font FAMILY       primary family from the font set (default: Noto Sans)
          --font-file PATH    primary face from this font file instead
          --fonts-dir DIR     the font set for lookup and fallback is exactly the
                              faces in DIR (default: the bundled Fonts/)
          --system-fonts      use the system's Fontconfig fonts as the font set
          --size PT           font size in points = CSS px (default: 15)
          --weight W          CSS font-weight: 1 to 1000, normal, bold, medium, ... (default: 400);
                              the family's nearest face, or the renderer's synthetic bold
          --italic            the family's italic face (or the upright one slanted)
          --letter-spacing PT points after every character, CSS letter-spacing (default: 0)
          --word-spacing PT   points after every space, CSS word-spacing; none under pango
          --features LIST     OpenType features, comma-separated: tnum, -liga, kern=0
          --line-limit N      at most N lines; 0 = no limit (default: 0)
          --profile NAME      chromium or pango: whose rules to reproduce (default: chromium)
          --line-height V     CSS line-height: normal, a number (a multiple of the
                              size) or a length such as 22px (default: normal)
          --lang TAG          the texts' language, BCP 47 (ja, zh-Hant, he): fallback
                              order, CJK face, line-break locale (default: none, a
                              page without lang: fallback in the browser's en-US)
          --device-pixel-ratio R
                              the reader's screen, window.devicePixelRatio (2 on most
                              phones; browser zoom multiplies it): 0.25 to 20; chromium
                              lays text out in device pixels, results stay in CSS px;
                              pango ignores it (default: 1)
          --web-fonts WHICH   primary or all: the faces the page loads itself; all when
                              fallback faces are web fonts too, as in typometer page
                              (chromium above ratio 1 only; default: primary)
          --threads N         measuring threads (default: one per core)
          --max-line-bytes N  longest input line read; a longer one gets an error
                              line and the run goes on (default: 16777216, 16 MiB)
          --quiet             no progress bar (it shows only when stderr is a terminal)
          --strict            a member of an input line that nothing reads is the line's
                              error (default: a warning on stderr, once per name)
        Per input line, "font_file", "font", "size", "line_limit" (0 = none), "line_height",
        "lang", "weight", "italic", "letter_spacing", "word_spacing", "features" (an array
        of strings or one comma-separated string), "device_pixel_ratio" and "web_fonts"
        override the options; a line's "font_file" wins over its "font".
        """

    /// The styled text of `measure`, the only command that reads it.
    static let runsHelp = """
        A line's "runs" (in place of "text") is a styled text: an array of {"text": …}
        objects, each with any of "font", "font_file", "size", "weight", "italic",
        "letter_spacing", "word_spacing" and "features" for its own text:
          {"id":1,"runs":[{"text":"Ada","weight":700},{"text":" shipped it"}]}
        """

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
    static let styleOverrides = MemberNames(
        ["font_file", "font", "size", "line_limit", "lang"] + InputRecord.styleMemberNames)
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
        let size = try arguments.number("size", in: 0.01...10_000) ?? 15
        let lineLimit = try arguments.integer("line-limit", in: 0...Int(Int32.max)) ?? 0
        threads = try arguments.integer("threads", in: 1...1024) ?? Processors.online
        showsProgress = !arguments.has("quiet") && StandardError.isTerminal
        maximumLineLength = try arguments.integer("max-line-bytes", in: 1...(1 << 40))
            ?? InputChunks.defaultMaximumLineLength
        let font: TextStyle.Font = arguments.value("font-file").map { .file(path: $0, index: 0) }
            ?? .family(arguments.value("font") ?? "Noto Sans")
        let lineHeight = try arguments.value("line-height").map { text throws(UsageError) -> LineHeight in
            guard let value = LineHeight(css: text) else {
                throw UsageError("--line-height must be normal, a number or a length such as 22px, got '\(text)'")
            }
            return value
        } ?? .normal
        let weight = try arguments.value("weight").map { text throws(UsageError) -> FontWeight in
            guard let weight = FontWeight(css: text) else {
                throw UsageError("--weight must be 1 to 1000 or a CSS weight name such as bold, got '\(text)'")
            }
            return weight
        } ?? .regular
        let features = try (arguments.value("features")?.split(separator: ",") ?? []).map {
            text throws(UsageError) -> FontFeature in
            guard let feature = FontFeature(text.filter { $0 != " " }) else {
                throw UsageError("--features takes OpenType features such as tnum, -liga or kern=0, got '\(text)'")
            }
            return feature
        }
        defaultStyle = TextStyle(
            font: font, size: size, lineLimit: lineLimit == 0 ? nil : lineLimit, profile: profile,
            language: arguments.value("lang"), lineHeight: lineHeight, weight: weight, italic: arguments.has("italic"),
            letterSpacing: try arguments.number("letter-spacing", in: -10_000...10_000) ?? 0,
            wordSpacing: try arguments.number("word-spacing", in: -10_000...10_000) ?? 0, features: features,
            devicePixelRatio: try arguments.number("device-pixel-ratio", in: TextStyle.devicePixelRatioRange) ?? 1,
            webFonts: try StyleOptions.webFonts(arguments.value("web-fonts")))
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

    /// The `--web-fonts` value; `.primary` when absent.
    private static func webFonts(_ name: String?) throws(UsageError) -> WebFonts {
        guard let name else { return .primary }
        guard let value = WebFonts(rawValue: name) else {
            throw UsageError("--web-fonts must be primary or all, got '\(name)'")
        }
        return value
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
        if let size = try record.number("size", in: 0.01...10_000) { style.size = size }
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
            style.size = try run.number("size", in: 0.01...10_000)
            style.weight = try run.fontWeight("weight")
            style.italic = try run.boolean("italic")
            style.letterSpacing = try run.number("letter_spacing", in: -10_000...10_000)
            style.wordSpacing = try run.number("word_spacing", in: -10_000...10_000)
            style.features = try run.fontFeatures("features")
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
