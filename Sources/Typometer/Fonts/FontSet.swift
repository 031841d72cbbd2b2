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
    /// The faces sorted for a query, and its language read as a tag
    /// (parsing one costs more than the lookup).
    private var orders: [FallbackQuery: (order: [FontconfigCatalog.Entry], language: TextLanguage?)] = [:]
    private var firstFaceByQuery: [QueryFallbackKey: (face: FontFace, position: Int)?] = [:]
    private var rememberedByScalar: [RememberedFaceKey: FontFace?] = [:]
    private var rememberedByName: [String: FontFace?] = [:]
    private var hexDigitsBySize: [Double: (width: Double, height: Double)] = [:]
    private var styledFaces: [StyledFaceKey: FontFace] = [:]

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

    /// The face of a catalog entry, loaded once; `nil` when it cannot be read.
    func face(of entry: FontconfigCatalog.Entry) -> FontFace? {
        try? face(file: entry.path, index: entry.index, family: entry.family)
    }

    /// The first face in the set's own fallback order (Fontconfig's, for
    /// the set's locale) that has `scalar`, or `nil` when no face has it.
    func fallbackFace(for scalar: UInt32) -> FontFace? {
        if let cached = lock.withLock({ fallbackByScalar[scalar] }) { return cached }
        let face = catalog.fallbackEntry(for: scalar).flatMap(face(of:))
        lock.withLock { fallbackByScalar.set(face, for: scalar, limit: FontSet.characterCacheLimit) }
        return face
    }

    /// The set's faces in the order Fontconfig sorts them for `query`
    /// (``FontconfigCatalog/sortedEntries(for:)``), and the query's language
    /// as a tag; remembered.
    func fallbackOrder(for query: FallbackQuery) -> (order: [FontconfigCatalog.Entry], language: TextLanguage?) {
        if let known = lock.withLock({ orders[query] }) { return known }
        let made = (order: catalog.sortedEntries(for: query), language: TextLanguage(query.language))
        lock.withLock { orders.set(made, for: query, limit: FontSet.smallCacheLimit) }
        return made
    }

    /// The first face in `query`'s order that has `scalar`, and its position
    /// there (how far down the fallback list it is); `nil` when no face in
    /// the set has the character. Remembered.
    func firstFace(covering scalar: UInt32, in query: FallbackQuery) -> (face: FontFace, position: Int)? {
        let key = QueryFallbackKey(scalar: scalar, query: query)
        if let cached = lock.withLock({ firstFaceByQuery[key] }) { return cached }
        let order = fallbackOrder(for: query).order
        let position = order.firstIndex { catalog.entry($0, covers: scalar) }
        let fallback = position.flatMap { position in face(of: order[position]).map { (face: $0, position: position) } }
        lock.withLock { firstFaceByQuery.set(fallback, for: key, limit: FontSet.characterCacheLimit) }
        return fallback
    }

    /// The face a renderer's fallback chose for `scalar` in `context` (a
    /// locale, say), chosen by `choose` on first use and remembered (bounded
    /// as the other per-character maps).
    func rememberedFace(for scalar: UInt32, in context: String, choose: () -> FontFace?) -> FontFace? {
        let key = RememberedFaceKey(scalar: scalar, context: context)
        if let cached = lock.withLock({ rememberedByScalar[key] }) { return cached }
        let face = choose()
        lock.withLock { rememberedByScalar.set(face, for: key, limit: FontSet.characterCacheLimit) }
        return face
    }

    /// The face a renderer chose under `name` (a default face for a
    /// language, say), chosen by `choose` on first use and remembered.
    func rememberedFace(named name: String, choose: () -> FontFace?) -> FontFace? {
        if let cached = lock.withLock({ rememberedByName[name] }) { return cached }
        let face = choose()
        lock.withLock { rememberedByName.set(face, for: name, limit: FontSet.smallCacheLimit) }
        return face
    }

    private struct QueryFallbackKey: Hashable {
        let scalar: UInt32
        let query: FallbackQuery
    }

    private struct RememberedFaceKey: Hashable {
        let scalar: UInt32
        let context: String
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
           let found = self.face(of: entry) {
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

    /// The largest ink width and height of the digits 0–9 and A–F in the
    /// set's monospace face at `pixelSize` (unhinted, as cairo measures
    /// them): what Pango draws a hex box's digits with.
    func hexDigitExtents(pixelSize: Double) -> (width: Double, height: Double) {
        if let cached = lock.withLock({ hexDigitsBySize[pixelSize] }) { return cached }
        var extents = (width: 0.0, height: 0.0)
        if let entry = catalog.monospaceEntry(),
           let face = face(of: entry) {
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
            orders.removeAll()
            firstFaceByQuery.removeAll()
            rememberedByScalar.removeAll()
            rememberedByName.removeAll()
            hexDigitsBySize.removeAll()
            styledFaces.removeAll()
        }
    }

    /// How many entries the fallback maps hold (for tests).
    var cachedChoiceCounts: (characters: Int, emoji: Int, orders: Int, queryCharacters: Int, hexSizes: Int) {
        lock.withLock {
            (fallbackByScalar.count, emojiByScalar.count, orders.count, firstFaceByQuery.count, hexDigitsBySize.count)
        }
    }

    /// How many faces the set keeps (for tests).
    var loadedFaceCount: Int { lock.withLock { faces.count } }

    /// The color face for an emoji presented as emoji: the first color face
    /// in fallback order that has `scalar`, or `nil`.
    func emojiFace(for scalar: UInt32) -> FontFace? {
        if let cached = lock.withLock({ emojiByScalar[scalar] }) { return cached }
        let face = catalog.fallbackEntry(for: scalar, colorOnly: true)
            .flatMap(face(of:))
        lock.withLock { emojiByScalar.set(face, for: scalar, limit: FontSet.characterCacheLimit) }
        return face
    }
}
