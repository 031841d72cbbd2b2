/// Chromium's default font for a page's language on Linux: the
/// `-webkit-standard` family of the language's script (Chrome's
/// `IDS_STANDARD_FONT_FAMILY_*` resources for Linux, the first of each list
/// that is installed, as `FontCache::FirstAvailableOrFirst` takes it). Blink
/// appends it to every element's `font-family` list, so it draws the
/// characters the page's own faces lack before character fallback is asked;
/// found by family name, it is drawn as Chromium draws installed faces
/// (``ChromiumRules/subpixelPositionedFamily(in:language:devicePixelRatio:webFonts:)``).
///
/// Only the scripts with a default of their own are known here. The common
/// default, Times New Roman, is taken only by a face of that name or a
/// metric-compatible one, which the bundled fonts have none of: not
/// modelled.
enum ChromiumDefaultFonts {
    /// The scripts whose default family differs from the common one.
    enum Script: Hashable {
        case japanese, korean, simplifiedHan, traditionalHan, devanagari

        /// The families Chrome tries in order on Linux.
        var families: [String] {
            switch self {
            case .japanese: ["Noto Sans JP", "Noto Sans CJK JP"]
            case .korean: ["Noto Sans KR", "Noto Sans CJK KR"]
            case .simplifiedHan: ["Noto Sans SC", "Noto Sans CJK SC"]
            case .traditionalHan: ["Noto Sans TC", "Noto Sans CJK TC"]
            case .devanagari: ["Noto Sans Devanagari"]
            }
        }
    }

    /// The default family of a page in `language` (English when `nil`) that
    /// `fontSet` has, if the language's script has a default of its own.
    static func standardFamily(for language: TextLanguage?, in fontSet: FontSet) -> String? {
        guard let script = script(of: language?.tag ?? "en") else { return nil }
        let installed = Set(fontSet.families.map { $0.lowercased() })
        return script.families.first { installed.contains($0.lowercased()) }
    }

    /// The script Blink picks a page's fonts by for `tag`
    /// (`LocaleToScriptCodeForFontSelection`), when it is one of those with
    /// a default of its own: the whole tag looked up, then its last subtag
    /// as a script if it is one, then the tag without its last subtag.
    static func script(of tag: String) -> Script? {
        var locale = tag.lowercased().replacingUnderscores
        while !locale.isEmpty {
            if let script = languages[locale] { return script }
            guard let dash = locale.lastIndex(of: "-") else { return nil }
            let last = locale[locale.index(after: dash)...]
            if last.count == 4, last.allSatisfy({ $0.isASCII && $0.isLetter }), last != "zzzz" {
                return scripts[String(last)]
            }
            locale = String(locale[..<dash])
        }
        return nil
    }

    /// Blink's languages written in the scripts with a default of their own
    /// (its table's entries of several subtags are all Chinese, and here).
    private static let languages: [String: Script] = [
        "ja": .japanese, "ko": .korean,
        "zh": .simplifiedHan, "cdo": .simplifiedHan, "cjy": .simplifiedHan, "cmn": .simplifiedHan,
        "cpx": .simplifiedHan, "czh": .simplifiedHan, "czo": .simplifiedHan, "gan": .simplifiedHan,
        "hsn": .simplifiedHan, "mnp": .simplifiedHan, "wuu": .simplifiedHan,
        "zh-cdo": .simplifiedHan, "zh-cjy": .simplifiedHan, "zh-cmn": .simplifiedHan, "zh-cpx": .simplifiedHan,
        "zh-czh": .simplifiedHan, "zh-czo": .simplifiedHan, "zh-gan": .simplifiedHan, "zh-hsn": .simplifiedHan,
        "zh-mnp": .simplifiedHan, "zh-wuu": .simplifiedHan,
        "hak": .traditionalHan, "lzh": .traditionalHan, "nan": .traditionalHan, "yue": .traditionalHan,
        "zh-hak": .traditionalHan, "zh-lzh": .traditionalHan, "zh-nan": .traditionalHan, "zh-yue": .traditionalHan,
        "zh-hk": .traditionalHan, "zh-mo": .traditionalHan, "zh-tw": .traditionalHan,
        "hi": .devanagari, "kok": .devanagari, "mai": .devanagari, "mr": .devanagari, "ne": .devanagari,
        "sa": .devanagari,
    ]

    /// Script subtags naming those scripts (`ScriptNameToCode`).
    private static let scripts: [String: Script] = [
        "jpan": .japanese, "kore": .korean, "hang": .korean, "hans": .simplifiedHan, "hant": .traditionalHan,
        "deva": .devanagari,
    ]
}

extension String {
    fileprivate var replacingUnderscores: String {
        String(map { $0 == "_" ? "-" : $0 })
    }
}
