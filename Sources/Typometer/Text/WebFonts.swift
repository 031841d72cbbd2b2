/// Which faces a page loads itself (CSS `@font-face`) rather than finding
/// them among the reader's installed fonts (``TextStyle/webFonts``).
///
/// It changes Chromium's line heights on screens of device pixel ratio above
/// 1 only. There Chromium on Linux draws an installed face it found by its
/// family name with subpixel positioning, and rounds that face's ascent and
/// descent so that the descent is never cut: where the descent rounds down,
/// one pixel moves from the ascent to it (Blink's `FontMetrics::
/// AscentDescentWithHacks`). Web fonts, and installed faces that character
/// fallback finds by file, keep plain rounding. The installed faces found by
/// family name are the page language's default font (Chromium's
/// `-webkit-standard` for the language's script on Linux: Noto Sans CJK JP,
/// KR, SC or TC under `ja`, `ko`, `zh-Hans` or `zh-Hant`, Noto Sans
/// Devanagari under `hi`, `mr`, `ne`), which draws every character of the
/// text the primary face lacks and it has.
public enum WebFonts: String, Hashable, Sendable, CaseIterable {
    /// The page loads the primary face; the characters it lacks come from
    /// the reader's fonts (the default, and how the corpus is laid out).
    case primary
    /// The page loads every face the text is drawn in, fallback faces
    /// included, as `typometer page` writes it: no face is found by name.
    case all
}
