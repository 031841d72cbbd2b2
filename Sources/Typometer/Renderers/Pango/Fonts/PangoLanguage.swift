import CHarfBuzz

/// The language Pango 1.50 sorts fallback faces by for a run of a script
/// (`compute_derived_language` in `itemize.c`), for a context in English
/// with `LANGUAGE=en`: English for Latin text and text of no script, the
/// script's sample language (`pango_script_get_sample_language`) for the
/// others, and `xx`, a tag no face supports, for scripts without one (Han
/// among them).
enum PangoLanguage {
    static func derived(for script: hb_script_t) -> String {
        if script == HB_SCRIPT_LATIN || script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED
            || script == HB_SCRIPT_UNKNOWN {
            return "en"
        }
        return sampleLanguages[hb_script_to_iso15924_tag(script)] ?? "xx"
    }

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
