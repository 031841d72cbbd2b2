import CHarfBuzz

/// A text's language (``TextStyle/language``): a BCP 47 tag, checked and
/// split once, and what each stage makes of it.
struct TextLanguage: Sendable, Hashable {
    /// The tag as given (Chromium hands its `lang` on as written).
    let tag: String
    /// The primary language subtag, lowercase (`zh`).
    let primary: String
    /// The script subtag, title case (`Hant`), if the tag has one.
    let script: String?
    /// The region subtag, uppercase (`TW`, `419`), if the tag has one.
    let region: String?
    /// The tag in canonical case with hyphens (`zh-Hant-TW`), what HarfBuzz
    /// and Fontconfig read.
    let canonical: String
    /// The ICU locale of the tag (`zh_Hant_TW`), for the line breaker.
    let icuLocale: String
    /// The language Chromium asks Fontconfig's fallback for: the tag, but
    /// Chinese by region, which is all Fontconfig tells Chinese apart by
    /// (`zh-Hans` is `zh-cn`, `zh-Hant` `zh-tw`; with `zh-hans` Fontconfig
    /// ranks Inter's `≈` before Noto Sans CJK's, where Chromium 156 on a
    /// page in `lang="zh-Hans"` draws the CJK face's).
    let fallbackLocale: String
    /// HarfBuzz's language for the tag (it picks OpenType `locl` forms), as
    /// the address HarfBuzz interns it at for the life of the process.
    private let harfBuzzAddress: UInt

    /// English, the language when a style names none.
    static let english = TextLanguage("en")!

    /// `nil` unless `tag` is a BCP 47 language tag: a language of 2–8
    /// letters, then subtags of 1–8 letters or digits, joined by hyphens (or
    /// underscores, as POSIX locales write them).
    init?(_ tag: String) {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let first = subtags.first, (2...8).contains(first.count), first.allSatisfy(\.isASCIILetter),
              subtags.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy(\.isASCIILetterOrDigit) })
        else { return nil }
        self.tag = tag
        primary = first.lowercased()
        var script: String?
        var region: String?
        for subtag in subtags.dropFirst() {
            if subtag.count == 1 { break }  // an extension or private use follows
            if script == nil, region == nil, subtag.count == 4, subtag.allSatisfy(\.isASCIILetter) {
                script = subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased()
            } else if region == nil,
                      (subtag.count == 2 && subtag.allSatisfy(\.isASCIILetter))
                        || (subtag.count == 3 && subtag.allSatisfy(\.isASCIIDigit)) {
                region = subtag.uppercased()
            }
        }
        self.script = script
        self.region = region
        // Worked out once: the measuring asks for them per chunk.
        let parts = [primary] + [script, region].compactMap { $0 }
        canonical = parts.joined(separator: "-")
        icuLocale = parts.joined(separator: "_")
        fallbackLocale = TextLanguage.fallbackLocale(primary: primary, script: script, region: region, canonical: canonical)
        harfBuzzAddress = UInt(bitPattern: hb_language_from_string(canonical, -1))
    }

    /// A language is its tag: every other member follows from it.
    static func == (left: TextLanguage, right: TextLanguage) -> Bool { left.tag == right.tag }
    func hash(into hasher: inout Hasher) { hasher.combine(tag) }

    /// HarfBuzz's language for the tag (it picks OpenType `locl` forms).
    var harfBuzz: hb_language_t { hb_language_t(bitPattern: harfBuzzAddress)! }

    var isEnglish: Bool { primary == "en" }

    private static func fallbackLocale(primary: String, script: String?, region: String?, canonical: String) -> String {
        guard primary == "zh" else { return canonical }
        if let region, ["CN", "SG", "TW", "HK", "MO"].contains(region), script == nil { return "zh-" + region.lowercased() }
        return script == "Hant" || (script == nil && region == "TW") ? "zh-tw" : "zh-cn"
    }
}

extension Character {
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
    fileprivate var isASCIILetterOrDigit: Bool { isASCII && (isLetter || isNumber) }
}
