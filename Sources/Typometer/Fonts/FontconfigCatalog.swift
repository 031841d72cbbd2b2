import CFontconfig

/// A Fontconfig configuration and the fallback order it gives, owned by one
/// ``FontSet``. Fontconfig objects stay inside this type and are freed in
/// `deinit`; every call goes through the lock.
final class FontconfigCatalog: @unchecked Sendable {
    /// A face Fontconfig knows, with the characters it maps.
    struct Entry {
        let path: String
        let index: Int
        let family: String
        let isColor: Bool
        /// The face's weight on the CSS scale (from its OpenType weight
        /// class, as Fontconfig read it).
        let weight: Int
        /// Whether the face is italic or oblique.
        let isItalic: Bool
        fileprivate let charset: OpaquePointer
    }

    /// The languages a pattern asks Fontconfig for: the renderer's locale
    /// (Chromium: the content language; Pango: the run's language) and the
    /// languages Fontconfig takes from the renderer process's locale
    /// environment.
    struct Languages: Sendable {
        /// The locale Chromium's fallback pattern holds (`FC_LANG` as a
        /// string), e.g. `en` for a page in `lang="en"`, `en-US` for a page
        /// without one in a browser started with `--lang=en-US`.
        var locale: String
        /// What `FcGetDefaultLangs` gives in the renderer's process (from
        /// `FC_LANG`, `LC_ALL`, `LC_CTYPE` or `LANG`: `en` for `C.UTF-8`,
        /// `he` for `he_IL.UTF-8`), in order.
        var processLanguages: [String]
    }

    private let lock = Lock()
    private let config: OpaquePointer
    /// The languages the orders are computed for.
    let languages: Languages
    /// Every usable face in Chromium's fallback order (see `fallbackOrder`).
    let fallbackOrder: [Entry]
    /// Each face's position in `fallbackOrder`, by "index#path".
    private let positions: [String: Int]

    /// A configuration holding exactly the font files in `directory` and
    /// its subdirectories, as they are now.
    ///
    /// Fontconfig's cache of the directory (in `$XDG_CACHE_HOME/fontconfig`)
    /// is salted with a fingerprint of every file's identity, so a file
    /// added, removed or written in place is scanned again rather than taken
    /// from a cache Fontconfig would still call valid (it checks only the
    /// directory's time). A directory holding anything but regular files and
    /// directories (Fontconfig would open a named pipe and wait on it
    /// forever) is scanned file by file instead, its regular files only and
    /// without a cache.
    ///
    /// The generic family `emoji` is aliased to the directory's color faces,
    /// as Debian's configuration does for Noto Color Emoji.
    convenience init(directory: String, languages: Languages) throws(TypometerError) {
        guard FileProbe.isDirectory(directory) else {
            throw TypometerError.fontFileNotFound(path: directory)
        }
        guard let config = FcConfigCreate() else { throw TypometerError.emptyFontSet(directory: directory) }
        let listing = FontDirectoryListing(directory: directory)
        let fontDirectory = listing.hasSpecialFiles
            ? "" : "<dir\(directory.hasPrefix("/") ? "" : " prefix=\"cwd\"") salt=\"\(listing.fingerprint)\">"
                + "\(FontconfigCatalog.escaped(directory))</dir>"
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>\(fontDirectory)<cachedir prefix="xdg">fontconfig</cachedir></fontconfig>
            """
        guard FcConfigParseAndLoadFromMemory(config, xml, FcTrue) == FcTrue,
              FcConfigBuildFonts(config) == FcTrue
        else {
            FcConfigDestroy(config)
            throw TypometerError.emptyFontSet(directory: directory)
        }
        if listing.hasSpecialFiles {
            for file in listing.files { FcConfigAppFontAddFile(config, file) }
        }
        self.init(config: config, languages: languages)
        if fallbackOrder.isEmpty { throw TypometerError.emptyFontSet(directory: directory) }
    }

    /// The system's configuration, as `fc-match` sees it.
    static func system(languages: Languages) throws(TypometerError) -> FontconfigCatalog {
        guard let config = FcInitLoadConfigAndFonts() else {
            throw TypometerError.emptyFontSet(directory: "system Fontconfig configuration")
        }
        let catalog = FontconfigCatalog(config: config, languages: languages)
        if catalog.fallbackOrder.isEmpty {
            throw TypometerError.emptyFontSet(directory: "system Fontconfig configuration")
        }
        return catalog
    }

    /// Takes ownership of `config`.
    private init(config: OpaquePointer, languages: Languages) {
        self.config = config
        self.languages = languages
        self.fallbackOrder = FontconfigCatalog.sortedFaces(config: config, languages: languages)
        self.positions = Dictionary(
            fallbackOrder.enumerated().map { ("\($0.element.index)#\($0.element.path)", $0.offset) },
            uniquingKeysWith: { first, _ in first })
    }

    deinit {
        for entry in fallbackOrder { FcCharSetDestroy(entry.charset) }
        FcConfigDestroy(config)
    }

    /// Chromium's fallback order (`gfx::GetFallbackFontForChar` in
    /// `ui/gfx/font_fallback_linux.cc`, `CachedFontSet::
    /// CreateFcFontSetForLocale`, which Blink reaches through the font
    /// service with `FontDescription::LocaleOrDefault()`): a pattern holding
    /// the locale as an `FC_LANG` *string* and "scalable", completed by
    /// `FcConfigSubstitute`, which appends the process's default languages
    /// unless the pattern has one of them already, and by
    /// `FcDefaultSubstitute`, sorted by `FcFontSort` without trimming; faces
    /// that are not TrueType/CFF files are skipped. The appended language
    /// changes the order: in a set of Inter, DejaVu Sans and Noto Sans
    /// Hebrew, Chromium 156 (`LANG=C.UTF-8`) draws Hebrew in Noto Sans
    /// Hebrew on a page in `lang="en"` (pattern `en`), in DejaVu Sans on a
    /// page without `lang` (pattern `en-US`, then `en`), and in Noto Sans
    /// Hebrew again in `lang="he"` (seen with DevTools'
    /// `CSS.getPlatformFontsForNode`).
    private static func sortedFaces(config: OpaquePointer, languages: Languages) -> [Entry] {
        let pattern = FcPatternCreate()!
        defer { FcPatternDestroy(pattern) }
        if !languages.locale.isEmpty { FcPatternAddString(pattern, FC_LANG, languages.locale) }
        FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
        substitute(pattern, config: config, languages: languages)
        // An empty locale asks for no language at all (Chromium deletes
        // the languages the substitutions added).
        if languages.locale.isEmpty { FcPatternDel(pattern, FC_LANG) }
        var result = FcResultMatch
        guard let fonts = FcFontSort(config, pattern, FcFalse, nil, &result) else { return [] }
        defer { FcFontSetDestroy(fonts) }
        var entries: [Entry] = []
        var seen = Set<String>()
        for i in 0..<Int(fonts.pointee.nfont) {
            guard let font = fonts.pointee.fonts[i] else { continue }
            guard let path = string(font, FC_FILE) else { continue }
            var index: Int32 = 0
            FcPatternGetInteger(font, FC_INDEX, 0, &index)
            guard seen.insert("\(index)#\(path)").inserted else { continue }
            let format = string(font, FC_FONTFORMAT) ?? ""
            guard format == "TrueType" || format == "CFF" else { continue }
            var scalable: FcBool = FcFalse
            FcPatternGetBool(font, FC_SCALABLE, 0, &scalable)
            guard scalable == FcTrue else { continue }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch,
                  let charset else { continue }
            var color: FcBool = FcFalse
            FcPatternGetBool(font, FC_COLOR, 0, &color)
            var weight = Int32(FC_WEIGHT_REGULAR)
            FcPatternGetInteger(font, FC_WEIGHT, 0, &weight)
            var slant = Int32(FC_SLANT_ROMAN)
            FcPatternGetInteger(font, FC_SLANT, 0, &slant)
            entries.append(Entry(
                path: path, index: Int(index), family: string(font, FC_FAMILY) ?? path,
                isColor: color == FcTrue, weight: Int(FcWeightToOpenType(weight)),
                isItalic: slant != Int32(FC_SLANT_ROMAN), charset: FcCharSetCopy(charset)))
        }
        return entries
    }

    /// The faces of `fallbackOrder` in the order Fontconfig sorts them for
    /// `query` (after the substitutions a renderer's process makes), as a
    /// renderer asks it for a fallback list.
    func sortedEntries(for query: FallbackQuery) -> [Entry] {
        lock.withLock {
            let pattern = FcPatternCreate()!
            defer { FcPatternDestroy(pattern) }
            if let family = query.family { FcPatternAddString(pattern, FC_FAMILY, family) }
            FcPatternAddString(pattern, FC_LANG, query.language)
            if let style = query.style {
                FontconfigCatalog.addStyle(to: pattern, weight: style.weight, italic: style.italic)
            }
            if query.scalableOnly { FcPatternAddBool(pattern, FC_SCALABLE, FcTrue) }
            if query.anyVariable { FcPatternAddBool(pattern, FC_VARIABLE, FcDontCare) }
            FontconfigCatalog.substitute(pattern, config: config, languages: languages)
            return entries(sortedFor: pattern)
        }
    }

    /// The faces of `fallbackOrder` in the order `FcFontSort` gives them for
    /// `pattern` (whole fallback order when sorting fails). Under the lock.
    private func entries(sortedFor pattern: OpaquePointer) -> [Entry] {
        var result = FcResultMatch
        guard let fonts = FcFontSort(config, pattern, FcFalse, nil, &result) else { return fallbackOrder }
        defer { FcFontSetDestroy(fonts) }
        var entries: [Entry] = []
        var seen = Set<Int>()
        for i in 0..<Int(fonts.pointee.nfont) {
            guard let font = fonts.pointee.fonts[i], let path = FontconfigCatalog.string(font, FC_FILE) else {
                continue
            }
            var index: Int32 = 0
            FcPatternGetInteger(font, FC_INDEX, 0, &index)
            if let position = positions["\(index)#\(path)"], seen.insert(position).inserted {
                entries.append(fallbackOrder[position])
            }
        }
        return entries
    }

    /// `FcConfigSubstitute` and `FcDefaultSubstitute` of a pattern as a
    /// renderer's process with `languages.processLanguages` as its default
    /// languages would see them, whatever this process's locale: those
    /// languages are appended (weakly, in order) as `FcConfigSubstitute`
    /// appends its own, stopping at the first one the pattern already holds
    /// (ignoring case) or at a pattern holding `und`; then any of this
    /// process's default languages that Fontconfig appended besides are
    /// taken out again.
    private static func substitute(_ pattern: OpaquePointer, config: OpaquePointer, languages: Languages) {
        func values() -> [String] {
            var values: [String] = []
            var value: UnsafeMutablePointer<FcChar8>?
            while FcPatternGetString(pattern, FC_LANG, Int32(values.count), &value) == FcResultMatch, let value {
                values.append(String(cString: value))
            }
            return values
        }
        for language in languages.processLanguages {
            let present = values().map { $0.lowercased() }
            if present.contains(language.lowercased()) || present.contains("und") { break }
            // Fontconfig copies the string.
            _ = language.withCString { text in
                text.withMemoryRebound(to: FcChar8.self, capacity: language.utf8.count + 1) { text in
                    var value = FcValue()
                    value.type = FcTypeString
                    value.u.s = UnsafePointer(text)
                    return FcPatternAddWeak(pattern, FC_LANG, value, FcTrue)
                }
            }
        }
        let ours = Set(values().map { $0.lowercased() })
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        if let defaults = FcGetDefaultLangs() {
            var own = Set<String>()
            if let list = FcStrListCreate(defaults) {
                while let language = FcStrListNext(list) { own.insert(String(cString: language).lowercased()) }
                FcStrListDone(list)
            }
            FcStrSetDestroy(defaults)
            var index = Int32(0)
            var value: UnsafeMutablePointer<FcChar8>?
            while FcPatternGetString(pattern, FC_LANG, index, &value) == FcResultMatch, let value {
                let language = String(cString: value).lowercased()
                if own.contains(language) && !ours.contains(language) {
                    FcPatternRemove(pattern, FC_LANG, index)
                } else {
                    index += 1
                }
            }
        }
        FcDefaultSubstitute(pattern)
    }

    /// The first face in fallback order that maps `scalar`, or `nil`.
    func fallbackEntry(for scalar: UInt32, colorOnly: Bool = false) -> Entry? {
        fallbackOrder.first { entry in
            (!colorOnly || entry.isColor) && FcCharSetHasChar(entry.charset, scalar) == FcTrue
        }
    }

    /// Whether `entry`'s character map holds `scalar`.
    func entry(_ entry: Entry, covers scalar: UInt32) -> Bool {
        FcCharSetHasChar(entry.charset, scalar) == FcTrue
    }

    /// Every face whose family is `family`, matched without regard to case,
    /// in fallback order.
    func faces(family: String) -> [Entry] {
        let wanted = family.lowercased()
        return fallbackOrder.filter { $0.family.lowercased() == wanted }
    }

    /// The face of `family` (its own name, not a substitute) that
    /// `matching` picks for `weight` (CSS scale) and `italic`; among faces
    /// alike in both, Fontconfig's match.
    func bestEntry(family: String, weight: Int = 400, italic: Bool = false, matching: FaceMatching = .fontconfig) -> Entry? {
        let candidates = faces(family: family)
        if candidates.count <= 1 { return candidates.first }
        let styles = candidates.map { (weight: $0.weight, isItalic: $0.isItalic) }
        let chosen: Int?
        switch matching {
        case .css:
            chosen = FaceMatching.cssBest(of: styles, weight: weight, italic: italic)
        case .fontconfig:
            chosen = FaceMatching.fontconfigBest(
                of: styles.map { (FcWeightFromOpenTypeDouble(Double($0.weight)), $0.isItalic) },
                weight: FcWeightFromOpenTypeDouble(Double(weight)), italic: italic)
        }
        guard let chosen else { return nil }
        let style = styles[chosen]
        let same = candidates.filter { $0.weight == style.weight && $0.isItalic == style.isItalic }
        if same.count <= 1 { return candidates[chosen] }
        // Faces alike in weight and slant (widths, say): Fontconfig's match.
        return lock.withLock {
            let pattern = FcPatternCreate()!
            defer { FcPatternDestroy(pattern) }
            FcPatternAddString(pattern, FC_FAMILY, family)
            FontconfigCatalog.addStyle(to: pattern, weight: style.weight, italic: style.isItalic)
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultMatch
            guard let match = FcFontMatch(config, pattern, &result) else { return same[0] }
            defer { FcPatternDestroy(match) }
            let path = FontconfigCatalog.string(match, FC_FILE)
            var index: Int32 = 0
            FcPatternGetInteger(match, FC_INDEX, 0, &index)
            return same.first(where: { $0.path == path && $0.index == Int(index) }) ?? same[0]
        }
    }

    /// Adds the weight (CSS scale, converted as Pango's
    /// `pango_fc_convert_weight_to_fc` does) and slant Pango's patterns hold.
    private static func addStyle(to pattern: OpaquePointer, weight: Int, italic: Bool) {
        FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(Double(weight)))
        FcPatternAddInteger(pattern, FC_SLANT, italic ? Int32(FC_SLANT_ITALIC) : Int32(FC_SLANT_ROMAN))
    }

    /// The face Fontconfig matches for a pattern naming no family, in the
    /// renderer process's languages: the face Chromium's last resort font
    /// (`FontCache::GetLastResortFallbackFont`, families Fontconfig does not
    /// know) resolves to, and so the page's default font where its standard
    /// family is not installed (Inter in the bundled set, DejaVu Sans in a
    /// set of DejaVu, Liberation and Noto script faces; seen with DevTools'
    /// `CSS.getPlatformFontsForNode` on `font-family: nosuch`).
    func defaultEntry() -> Entry? {
        lock.withLock {
            let pattern = FcPatternCreate()!
            defer { FcPatternDestroy(pattern) }
            FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
            FontconfigCatalog.substitute(pattern, config: config, languages: languages)
            var result = FcResultMatch
            guard let match = FcFontMatch(config, pattern, &result) else { return nil }
            defer { FcPatternDestroy(match) }
            let path = FontconfigCatalog.string(match, FC_FILE)
            var index: Int32 = 0
            FcPatternGetInteger(match, FC_INDEX, 0, &index)
            return fallbackOrder.first { $0.path == path && $0.index == Int(index) }
        }
    }

    /// The face the generic family `monospace` stands for: Fontconfig's
    /// match when the configuration aliases it to a face whose family says
    /// "Mono", else the first such face in fallback order (a directory's
    /// configuration has no aliases), else the match.
    func monospaceEntry() -> Entry? {
        let matched: Entry? = lock.withLock {
            let pattern = FcPatternCreate()!
            defer { FcPatternDestroy(pattern) }
            FcPatternAddString(pattern, FC_FAMILY, "monospace")
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultMatch
            guard let match = FcFontMatch(config, pattern, &result) else { return nil }
            defer { FcPatternDestroy(match) }
            let path = FontconfigCatalog.string(match, FC_FILE)
            var index: Int32 = 0
            FcPatternGetInteger(match, FC_INDEX, 0, &index)
            return fallbackOrder.first { $0.path == path && $0.index == Int(index) }
        }
        func saysMono(_ entry: Entry) -> Bool { entry.family.lowercased().contains("mono") }
        if let matched, saysMono(matched) { return matched }
        return fallbackOrder.first(where: saysMono) ?? matched ?? fallbackOrder.first
    }

    private static func string(_ pattern: OpaquePointer, _ object: String) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    private static func escaped(_ text: String) -> String {
        text.replacingAll("&", with: "&amp;").replacingAll("<", with: "&lt;").replacingAll(">", with: "&gt;")
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
