/// Chromium's fallback for a character on Linux: the first face with it in
/// Fontconfig's sort order for the content locale (the text's language,
/// else the font set's locale, a page without `lang`), and among a CJK
/// collection's regional faces the one made for the locale.
struct ChromiumCharacterFallback: CharacterFallback {
    func face(for scalar: UInt32, language: TextLanguage?, in fontSet: FontSet) -> FontFace? {
        guard let locale = language?.fallbackLocale else { return fontSet.fallbackFace(for: scalar) }
        // Found by the locale as given: comparing it with the set's own
        // (without case, as Fontconfig compares languages) costs more than
        // the lookup, so only a miss does.
        return fontSet.rememberedFace(for: scalar, in: locale) {
            locale.lowercased() == fontSet.catalog.languages.locale.lowercased()
                ? fontSet.fallbackFace(for: scalar) : otherLocaleFace(for: scalar, locale: locale, in: fontSet)
        }
    }

    /// The first face with `scalar` in the order Chromium asks Fontconfig
    /// for on a page in `locale`: scalable faces for the language alone.
    private func otherLocaleFace(for scalar: UInt32, locale: String, in fontSet: FontSet) -> FontFace? {
        let (order, language) = fontSet.fallbackOrder(for: FallbackQuery(language: locale, scalableOnly: true))
        return order.first { fontSet.catalog.entry($0, covers: scalar) }
            .map { regionalFace(of: $0, language: language, covering: scalar, in: fontSet.catalog) }
            .flatMap(fontSet.face(of:))
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
        of entry: FontconfigCatalog.Entry, language: TextLanguage?, covering scalar: UInt32, in catalog: FontconfigCatalog
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
}
