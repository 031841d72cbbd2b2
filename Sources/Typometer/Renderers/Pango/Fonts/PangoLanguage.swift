import CHarfBuzz

/// The language Pango 1.50 sorts fallback faces by for a run of a script
/// (`compute_derived_language` in `itemize.c`), for a context in English
/// with `LANGUAGE=en`: English for Latin text and text of no script, the
/// script's sample language (`pango_script_get_sample_language`) for the
/// others, and `xx`, a tag no face supports, for scripts without one (Han
/// among them).
///
/// In a context of another language, a run whose script that language uses
/// takes the context language itself.
enum PangoLanguage {
    static func derived(for script: hb_script_t, context: TextLanguage? = nil) -> String {
        if let context, !context.isEnglish, includes(context, script) { return context.canonical.lowercased() }
        if script == HB_SCRIPT_LATIN || script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED
            || script == HB_SCRIPT_UNKNOWN {
            return "en"
        }
        return sampleLanguages[hb_script_to_iso15924_tag(script)] ?? "xx"
    }

    /// The context language (`en`, or the text's), or one derived from the
    /// run's script when the context language does not use it
    /// (``PangoLanguage/derived(for:context:)``): Korean for Hangul, Japanese
    /// for kana, and for Han, which Pango has no sample language of, `xx`,
    /// which no face has forms for: a CJK face draws its default forms
    /// (Noto Sans CJK's proportional `“”`, 5.21 pt at 11 pt, not the
    /// fullwidth ones `zh-cn` picks).
    static func shaping(for script: hb_script_t, content: TextLanguage?) -> hb_language_t? {
        if let content, !content.isEnglish, includes(content, script) { return content.harfBuzz }
        return switch script {
        case HB_SCRIPT_HANGUL: languages.korean
        case HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA: languages.japanese
        case HB_SCRIPT_HAN: languages.none
        default: languages.english
        }
    }

    nonisolated(unsafe) private static let languages = (
        english: hb_language_from_string("en-us", -1), korean: hb_language_from_string("ko", -1),
        japanese: hb_language_from_string("ja", -1), none: hb_language_from_string("xx", -1))

    /// Whether Pango counts `script` among those `language` is written in
    /// (`pango_language_includes_script`): always for Common, Inherited and
    /// Unknown, and for a language it knows no scripts of; else Pango's
    /// table (from Fontconfig's orthographies, entries matched as language
    /// ranges: `ja` matches `ja-JP`). Here the CJK entries, and for other
    /// languages ICU's likely script of the tag. Chinese is known only by
    /// region (`zh-cn`, `zh-sg`, `zh-tw`, `zh-hk`, `zh-mo`): Pango 1.50 knows
    /// no scripts of `zh`, `zh-hans` or `zh-hant`, so under those every run,
    /// Latin too, takes the text's language.
    static func includes(_ language: TextLanguage, _ script: hb_script_t) -> Bool {
        if script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN { return true }
        // Worked out once per language and script: ICU's likely script
        // costs some thousands of instructions, and every item asks.
        let key = InclusionKey(language: UInt(bitPattern: language.harfBuzz), script: script.rawValue)
        if let known = inclusionLock.withLock({ inclusions[key] }) { return known }
        let included = uncachedIncludes(language, script)
        inclusionLock.withLock { inclusions.set(included, for: key, limit: 1 << 12) }
        return included
    }

    /// A language by the address HarfBuzz interns its canonical tag at
    /// (everything `uncachedIncludes` reads follows from that tag), and a
    /// script: hashed without hashing a string.
    private struct InclusionKey: Hashable {
        let language: UInt
        let script: UInt32
    }

    private static let inclusionLock = Lock()
    nonisolated(unsafe) private static var inclusions: [InclusionKey: Bool] = [:]

    private static func uncachedIncludes(_ language: TextLanguage, _ script: hb_script_t) -> Bool {
        let tag = language.canonical.lowercased()
        if let entry = cjkScripts.first(where: { tag == $0.range || tag.hasPrefix($0.range + "-") }) {
            return entry.scripts.contains(script)
        }
        if language.primary == "zh" { return true }
        guard let likely = ICU.likelyScript(of: language.icuLocale) else { return true }
        return hb_script_from_string(likely, -1) == script
    }

    nonisolated(unsafe) private static let cjkScripts: [(range: String, scripts: [hb_script_t])] = [
        ("ja", [HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA]),
        ("ko", [HB_SCRIPT_HANGUL, HB_SCRIPT_HAN]),
        ("zh-cn", [HB_SCRIPT_HAN]), ("zh-sg", [HB_SCRIPT_HAN]),
        ("zh-tw", [HB_SCRIPT_HAN, HB_SCRIPT_BOPOMOFO]), ("zh-hk", [HB_SCRIPT_HAN, HB_SCRIPT_BOPOMOFO]),
        ("zh-mo", [HB_SCRIPT_HAN, HB_SCRIPT_BOPOMOFO]),
    ]

    /// Pango's sample languages, by ISO 15924 script tag.
    private static let sampleLanguages: [hb_tag_t: String] = {
        let table: [(String, String)] = [
            ("Arab", "ar"), ("Armn", "hy"), ("Beng", "bn"), ("Cher", "chr"), ("Copt", "cop"), ("Cyrl", "ru"),
            ("Deva", "hi"), ("Ethi", "am"), ("Geor", "ka"), ("Grek", "el"), ("Gujr", "gu"), ("Guru", "pa"),
            ("Hang", "ko"), ("Hebr", "he"), ("Hira", "ja"), ("Knda", "kn"), ("Kana", "ja"), ("Khmr", "km"),
            ("Laoo", "lo"), ("Mlym", "ml"), ("Mong", "mn"), ("Mymr", "my"), ("Orya", "or"), ("Sinh", "si"),
            ("Syrc", "syr"), ("Taml", "ta"), ("Telu", "te"), ("Thaa", "dv"), ("Thai", "th"), ("Tibt", "bo"),
            ("Cans", "iu"), ("Tglg", "tl"), ("Hano", "hnn"), ("Buhd", "bku"), ("Tagb", "tbw"), ("Ugar", "uga"),
            ("Bugi", "bug"), ("Sylo", "syl"), ("Xpeo", "peo"), ("Nkoo", "nqo"),
        ]
        return Dictionary(uniqueKeysWithValues: table.map { (tag($0.0), $0.1) })
    }()

    private static func tag(_ name: String) -> hb_tag_t {
        name.utf8.reduce(0) { $0 << 8 | hb_tag_t($1) }
    }
}
