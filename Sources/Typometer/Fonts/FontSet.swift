#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The faces available to a measurer: where a style's family is looked up
/// and where characters its primary face lacks are found.
///
/// Three kinds: the fonts bundled with Typometer (``bundled()``, the
/// default), the font files in any directory (``init(directory:)``), or the
/// system's Fontconfig configuration (``system()``). Fallback follows
/// Chromium on Linux: the first face, in Fontconfig's sort order for the
/// content locale (the text's language, else the browser's, `en-US`) and the default languages of the
/// renderer's process, whose character map holds the character; under the
/// Pango profile, Pango's order for the style's family and the language
/// of the text's script (with the same process languages).
///
/// Creating a font set scans its directory with Fontconfig (milliseconds to
/// a second for large system sets): create one and share it. Safe to use
/// from any thread.
public final class FontSet: @unchecked Sendable {
    /// The directory scanned, or a description of the system configuration.
    public let source: String
    let catalog: FontconfigCatalog
    private let lock = Lock()
    /// Held while a face is loaded, so two threads wanting one file read it once.
    private let loading = Lock()
    /// Faces by file identity and index: one per file however its path
    /// is spelt, and a file changed since is read again.
    private var faces: [FaceKey: FontFace] = [:]
    private var fallbackByScalar: [UInt32: FontFace?] = [:]
    private var emojiByScalar: [UInt32: FontFace?] = [:]
    private var pangoOrders: [PangoOrderKey: [FontconfigCatalog.Entry]] = [:]
    /// Chromium's fallback order for a locale, and the locale read as a
    /// language tag (parsing one costs more than the lookup).
    private var chromiumOrders: [String: (order: [FontconfigCatalog.Entry], language: TextLanguage?)] = [:]
    private var localeFallbackByScalar: [LocaleFallbackKey: FontFace?] = [:]
    private var pangoFallbackByScalar: [PangoFallbackKey: (face: FontFace, position: Int)?] = [:]
    private var hexDigitsBySize: [Double: (width: Double, height: Double)] = [:]
    private var styledFaces: [StyledFaceKey: FontFace] = [:]
    private var defaultFaces: [String: FontFace?] = [:]

    /// The most entries each per-character map keeps; one that is full is
    /// emptied before it takes another (choices are recomputed as needed).
    static let characterCacheLimit = 1 << 16
    /// The most entries the maps by family, language or size keep.
    static let smallCacheLimit = 256

    /// The faces of every font file in `directory` (not its subdirectories'
    /// parents; Fontconfig does scan subdirectories).
    ///
    /// Which face a character falls back to depends on languages, as in the
    /// renderers (Fontconfig ranks faces by the languages they support):
    /// - `locale`: the browser's locale (Chromium's `--lang`, `en-US` by
    ///   default), which Chromium asks Fontconfig for fallback in for text
    ///   without a language: a block without `lang` falls back as
    ///   `LayoutLocale::GetDefault()` orders faces (Blink's
    ///   `FontDescription::LocaleOrDefault`). A style's
    ///   ``TextStyle/language`` replaces it (`"en"` is `lang="en"`).
    /// - `processLanguages`: the languages Fontconfig appends to every
    ///   pattern in the renderer's process, from its locale environment
    ///   (`FC_LANG`, `LC_ALL`, `LC_CTYPE`, `LANG`): `["en"]` (the default)
    ///   for `LANG=C.UTF-8`, `["he"]` for `LC_ALL=he_IL.UTF-8`. Used for
    ///   Chromium's order and Pango's alike; the environment of the process
    ///   running Typometer does not count. Checked against Chromium 156 for
    ///   the default, and for `["he"]` with the locale `en-US` (a page
    ///   without `lang` under `LC_ALL=he_IL.UTF-8`); with the locale `en`
    ///   under `LC_ALL=he_IL.UTF-8` or `FC_LANG=he` Chromium kept Noto Sans
    ///   Hebrew where this order puts DejaVu Sans first (not understood),
    ///   and Chromium ignored `LANG=he_IL.UTF-8` alone.
    ///
    /// In a set holding Inter, DejaVu Sans and Noto Sans Hebrew, Chromium
    /// draws Hebrew in DejaVu Sans in a block without `lang` (the locale
    /// `en-US`, to which Fontconfig appends `en` and so favours faces that
    /// support English), and in Noto Sans Hebrew under `lang="en"` or
    /// `lang="he"`.
    /// - Throws: ``TypometerError/fontFileNotFound(path:)`` when the
    ///   directory does not exist, ``TypometerError/emptyFontSet(directory:)``
    ///   when it holds no usable face.
    public init(directory: String, locale: String = "en-US", processLanguages: [String] = ["en"]) throws(TypometerError) {
        self.source = directory
        self.catalog = try FontconfigCatalog(
            directory: directory, languages: .init(locale: locale, processLanguages: processLanguages))
    }

    private init(source: String, catalog: FontconfigCatalog) {
        self.source = source
        self.catalog = catalog
    }

    /// The system's fonts, as Fontconfig is configured on this machine;
    /// `locale` and `processLanguages` as for ``init(directory:locale:processLanguages:)``.
    public static func system(locale: String = "en-US", processLanguages: [String] = ["en"]) throws(TypometerError) -> FontSet {
        FontSet(source: "system", catalog: try FontconfigCatalog.system(
            languages: .init(locale: locale, processLanguages: processLanguages)))
    }

    /// The directory holding the fonts bundled with Typometer: the
    /// `TYPOMETER_FONTS_DIR` environment variable when set, else `fonts/` in
    /// the ``DataDirectory`` (the package's `Fonts/` in a build from the
    /// sources).
    public static var bundledFontsDirectory: String {
        if let value = getenv("TYPOMETER_FONTS_DIR"), value.pointee != 0 {
            return String(cString: value)
        }
        return DataDirectory.location.fonts
    }

    private static let bundledSet = Result { () throws(TypometerError) -> FontSet in
        let directory = bundledFontsDirectory
        guard FileProbe.isDirectory(directory) else { throw TypometerError.dataNotFound(path: directory) }
        return try FontSet(directory: directory)
    }

    /// The fonts bundled with Typometer (Inter, Noto Sans, Noto Serif and
    /// Noto faces for Arabic, Hebrew, Thai, Devanagari, CJK and color emoji),
    /// scanned once per process.
    /// - Throws: ``TypometerError/dataNotFound(path:)`` when
    ///   ``bundledFontsDirectory`` does not exist.
    public static func bundled() throws(TypometerError) -> FontSet { try bundledSet.get() }

    /// Every family name in the set, in fallback order, without repeats.
    public var families: [String] {
        var seen = Set<String>()
        return catalog.fallbackOrder.compactMap { seen.insert($0.family).inserted ? $0.family : nil }
    }

    /// The face of `family` (matched without regard to case) closest to
    /// `weight` and `italic` as Fontconfig matches them (Pango's choice).
    /// - Throws: ``TypometerError/familyNotFound(_:)`` when no face in the
    ///   set has that family name: no other family is substituted.
    public func face(family: String, weight: FontWeight = .regular, italic: Bool = false) throws(TypometerError) -> FontFace {
        try face(family: family, weight: weight, italic: italic, matching: .fontconfig)
    }

    /// The face of `family` that `matching` picks for `weight` and `italic`.
    func face(family: String, weight: FontWeight, italic: Bool, matching: FaceMatching) throws(TypometerError) -> FontFace {
        guard let entry = catalog.bestEntry(family: family, weight: weight.value, italic: italic, matching: matching) else {
            throw TypometerError.familyNotFound(family)
        }
        return try face(file: entry.path, index: entry.index, family: entry.family)
    }

    /// Face `index` of the font file at `path`, which need not be in the set;
    /// loaded once per set while the file stays as it is (however the path is
    /// spelt), read anew once it changed. A face already loaded measures on
    /// from its bytes in memory whatever happens to its file.
    public func face(file path: String, index: Int = 0) throws(TypometerError) -> FontFace {
        try face(file: path, index: index, family: nil)
    }

    private func face(file path: String, index: Int, family: String?) throws(TypometerError) -> FontFace {
        var info = stat()
        let identity = stat(path, &info) == 0 ? FileIdentity(info) : nil
        func known() -> FontFace? { identity.flatMap { identity in faces[FaceKey(file: identity, index: index)] } }
        if let face = lock.withLock(known) { return face }
        return try loading.withLock { () throws(TypometerError) -> FontFace in
            if let face = lock.withLock(known) { return face }
            // The faces of a collection share its bytes.
            let loaded = identity.flatMap { identity in lock.withLock { faces.first { $0.key.file == identity }?.value.bytes } }
            let bytes = if let loaded { loaded } else { try FontFileBytes(path: path) }
            let family = family ?? catalog.fallbackOrder.first { $0.path == path && $0.index == index }?.family
            let face = try FontFace(bytes: bytes, path: path, index: index, family: family)
            lock.withLock { faces.set(face, for: FaceKey(file: bytes.identity, index: index), limit: FontSet.smallCacheLimit) }
            return face
        }
    }

    private struct FaceKey: Hashable {
        let file: FileIdentity
        let index: Int
    }

    /// The face Chromium would fall back to for `scalar` on a page in
    /// `locale` (`nil`: the set's own locale), or `nil` when no face in the
    /// set has it.
    func fallbackFace(for scalar: UInt32, locale: String? = nil) -> FontFace? {
        guard let locale else { return ownLocaleFallbackFace(for: scalar) }
        // Found by the locale as given: comparing it with the set's own
        // (without case, as Fontconfig compares languages) costs more than
        // the lookup, so only a miss does.
        let key = LocaleFallbackKey(scalar: scalar, locale: locale)
        if let cached = lock.withLock({ localeFallbackByScalar[key] }) { return cached }
        let face = locale.lowercased() == catalog.languages.locale.lowercased()
            ? ownLocaleFallbackFace(for: scalar) : otherLocaleFallbackFace(for: scalar, locale: locale)
        lock.withLock { localeFallbackByScalar.set(face, for: key, limit: FontSet.characterCacheLimit) }
        return face
    }

    private func ownLocaleFallbackFace(for scalar: UInt32) -> FontFace? {
        if let cached = lock.withLock({ fallbackByScalar[scalar] }) { return cached }
        let face = catalog.fallbackEntry(for: scalar).flatMap { try? self.face(file: $0.path, index: $0.index, family: $0.family) }
        lock.withLock { fallbackByScalar.set(face, for: scalar, limit: FontSet.characterCacheLimit) }
        return face
    }

    private func otherLocaleFallbackFace(for scalar: UInt32, locale: String) -> FontFace? {
        let (order, language) = lock.withLock { chromiumOrders[locale] } ?? {
            let known = (order: catalog.chromiumFallbackOrder(locale: locale), language: TextLanguage(locale))
            lock.withLock { chromiumOrders.set(known, for: locale, limit: FontSet.smallCacheLimit) }
            return known
        }()
        return order.first { catalog.entry($0, covers: scalar) }
            .map { regionalFace(of: $0, language: language, covering: scalar) }
            .flatMap { try? self.face(file: $0.path, index: $0.index, family: $0.family) }
    }

    /// The face of `entry`'s collection made for `language`'s region, where
    /// `entry` is one of a CJK collection's regional faces (families ending
    /// in JP, KR, SC, TC, HK, as Noto Sans CJK and Source Han name them) and
    /// a sibling with `scalar` is made for the locale: Chromium 156 draws
    /// Han, kana and Hangul in Noto Sans CJK SC under `zh`, `zh-Hans` and
    /// `zh-CN`, TC under `zh-Hant`, `zh-TW` and `zh-HK`, KR under `ko`, and
    /// JP (Fontconfig's first, as every face lists every CJK language)
    /// otherwise (seen with DevTools' `CSS.getPlatformFontsForNode`).
    private func regionalFace(
        of entry: FontconfigCatalog.Entry, language: TextLanguage?, covering scalar: UInt32
    ) -> FontconfigCatalog.Entry {
        let suffixes = [" JP", " KR", " SC", " TC", " HK"]
        guard let suffix = suffixes.first(where: { entry.family.hasSuffix($0) }), let language else { return entry }
        let wanted: String
        switch language.primary {
        case "zh":
            let traditional = language.script.map { $0 == "Hant" } ?? ["TW", "HK", "MO"].contains(language.region ?? "")
            wanted = traditional ? " TC" : " SC"
        case "ko": wanted = " KR"
        case "ja": wanted = " JP"
        default: return entry
        }
        let family = entry.family.dropLast(suffix.count) + wanted
        return catalog.fallbackOrder.first {
            $0.path == entry.path && $0.family == family && catalog.entry($0, covers: scalar)
        } ?? entry
    }

    /// The face of `face`'s family that Fontconfig matches for `weight` and
    /// `italic`, when it also maps `scalar`; else `face` itself. Chromium
    /// finds the page's default font by family name, so a character of bold
    /// text drawn in it takes the family's bold face (Inter Bold for Latin
    /// after Noto Sans Arabic asked in bold, seen in the `styles` set), and
    /// synthesizes the weight or slant only where the family has no such
    /// face. Character fallback faces keep their file (``FontSelector``).
    func styledFace(of face: FontFace, weight: FontWeight, italic: Bool, covering scalar: UInt32) -> FontFace {
        let key = StyledFaceKey(path: face.path, index: face.index, weight: weight.value, italic: italic, scalar: scalar)
        if let cached = lock.withLock({ styledFaces[key] }) { return cached }
        var styled = face
        if let entry = catalog.bestEntry(family: face.family, weight: weight.value, italic: italic),
           entry.path != face.path || entry.index != face.index, catalog.entry(entry, covers: scalar),
           let found = try? self.face(file: entry.path, index: entry.index, family: entry.family) {
            styled = found
        }
        lock.withLock { styledFaces.set(styled, for: key, limit: FontSet.characterCacheLimit) }
        return styled
    }

    private struct StyledFaceKey: Hashable {
        let path: String
        let index: Int
        let weight: Int
        let italic: Bool
        let scalar: UInt32
    }

    private struct LocaleFallbackKey: Hashable {
        let scalar: UInt32
        let locale: String
    }

    /// The face Pango would fall back to for `scalar` in a run of text in
    /// `language` set in `family` at `weight` and slant, and its position in
    /// Pango's order (how far down the fallback list it is); `nil` when no
    /// face in the set has the character.
    func pangoFallback(
        for scalar: UInt32, family: String, language: String, weight: FontWeight = .regular, italic: Bool = false
    ) -> (face: FontFace, position: Int)? {
        let key = PangoFallbackKey(
            scalar: scalar,
            order: PangoOrderKey(family: family, language: language, weight: weight.value, italic: italic))
        if let cached = lock.withLock({ pangoFallbackByScalar[key] }) { return cached }
        let order = lock.withLock { pangoOrders[key.order] } ?? {
            let order = catalog.pangoFallbackOrder(
                family: family, language: language, weight: weight.value, italic: italic)
            lock.withLock { pangoOrders.set(order, for: key.order, limit: FontSet.smallCacheLimit) }
            return order
        }()
        let position = order.firstIndex { catalog.entry($0, covers: scalar) }
        let fallback = position.flatMap { position in
            (try? face(file: order[position].path, index: order[position].index, family: order[position].family))
                .map { (face: $0, position: position) }
        }
        lock.withLock { pangoFallbackByScalar.set(fallback, for: key, limit: FontSet.characterCacheLimit) }
        return fallback
    }

    private struct PangoOrderKey: Hashable {
        let family: String
        let language: String
        let weight: Int
        let italic: Bool
    }

    private struct PangoFallbackKey: Hashable {
        let scalar: UInt32
        let order: PangoOrderKey
    }

    /// The largest ink width and height of the digits 0–9 and A–F in the
    /// set's monospace face at `pixelSize` (unhinted, as cairo measures
    /// them): what Pango draws a hex box's digits with.
    func hexDigitExtents(pixelSize: Double) -> (width: Double, height: Double) {
        if let cached = lock.withLock({ hexDigitsBySize[pixelSize] }) { return cached }
        var extents = (width: 0.0, height: 0.0)
        if let entry = catalog.monospaceEntry(),
           let face = try? face(file: entry.path, index: entry.index, family: entry.family) {
            for scalar in "0123456789ABCDEF".unicodeScalars {
                guard let ink = face.inkExtents(of: scalar.value) else { continue }
                extents.width = max(extents.width, ink.width * pixelSize / face.unitsPerEm)
                extents.height = max(extents.height, ink.height * pixelSize / face.unitsPerEm)
            }
        }
        lock.withLock { hexDigitsBySize.set(extents, for: pixelSize, limit: FontSet.smallCacheLimit) }
        return extents
    }

    /// Empties the faces loaded and the fallback choices remembered per
    /// character, family, language and size (each map is bounded anyway).
    /// Measurers sharing the set keep the faces they hold and recompute
    /// what else they need.
    public func clearCaches() {
        lock.withLock {
            faces.removeAll()
            fallbackByScalar.removeAll()
            emojiByScalar.removeAll()
            pangoOrders.removeAll()
            pangoFallbackByScalar.removeAll()
            chromiumOrders.removeAll()
            localeFallbackByScalar.removeAll()
            hexDigitsBySize.removeAll()
            styledFaces.removeAll()
            defaultFaces.removeAll()
        }
    }

    /// How many entries the fallback maps hold (for tests).
    var cachedChoiceCounts: (characters: Int, emoji: Int, pangoOrders: Int, pangoCharacters: Int, hexSizes: Int) {
        lock.withLock {
            (fallbackByScalar.count, emojiByScalar.count, pangoOrders.count, pangoFallbackByScalar.count,
             hexDigitsBySize.count)
        }
    }

    /// How many faces the set keeps (for tests).
    var loadedFaceCount: Int { lock.withLock { faces.count } }

    /// The page's default font in Chromium for text in `language` (`nil`: a
    /// page without `lang`), which Blink tries right after the CSS families
    /// for every character they lack, before any character fallback
    /// (`FontFallbackList::GetFontData` appends the standard family, then the
    /// last resort font; `FontFallbackIterator` goes through that list
    /// first): the standard family of the language's script when the set has
    /// it (``ChromiumDefaultFonts``: Noto Sans CJK KR under `ko`), else the
    /// face Fontconfig matches for no family (``FontconfigCatalog/defaultEntry()``).
    /// `nil` when the set has neither.
    func chromiumDefaultFace(for language: TextLanguage?) -> FontFace? {
        let key = language?.tag ?? ""
        if let cached = lock.withLock({ defaultFaces[key] }) { return cached }
        let face: FontFace?
        if let family = ChromiumDefaultFonts.standardFamily(for: language, in: self) {
            face = try? self.face(family: family, weight: .regular, italic: false, matching: .css)
        } else {
            face = catalog.defaultEntry().flatMap { try? self.face(file: $0.path, index: $0.index, family: $0.family) }
        }
        lock.withLock { defaultFaces.set(face, for: key, limit: FontSet.smallCacheLimit) }
        return face
    }

    /// The color face for an emoji presented as emoji: the first color face
    /// in fallback order that has `scalar`, or `nil`.
    func emojiFace(for scalar: UInt32) -> FontFace? {
        if let cached = lock.withLock({ emojiByScalar[scalar] }) { return cached }
        let face = catalog.fallbackEntry(for: scalar, colorOnly: true)
            .flatMap { try? self.face(file: $0.path, index: $0.index, family: $0.family) }
        lock.withLock { emojiByScalar.set(face, for: scalar, limit: FontSet.characterCacheLimit) }
        return face
    }
}
