import CHarfBuzz

/// The decisions in which renderers differ when they shape words, as the
/// shapers ask them.
protocol ShapingRules {
    /// How the renderer scales faces to sizes (``FontScaling``).
    static var fontScaling: FontScaling { get }
    /// How the renderer gives grapheme clusters their faces.
    associatedtype Faces: ClusterFaceRules
    /// How the renderer picks a family's face for a weight and slant.
    static var faceMatching: FaceMatching { get }
    /// The face the renderer tries right after the primary face for the
    /// characters the primary lacks, before character fallback, for text in
    /// `language` (Chromium: the page's default font); `nil` for none.
    static func defaultFace(in fontSet: FontSet, language: TextLanguage?) -> FontFace?
    /// The features every run of a style is shaped with: the style's own
    /// (`requested`, in order) and those the renderer sets for a letter
    /// spacing of `letterSpacing` points.
    static func styleFeatures(_ requested: [hb_feature_t], letterSpacing: Double) -> [hb_feature_t]
    /// A letter or word spacing of `points` as the renderer adds it to an
    /// advance.
    static func spacing(_ points: Double) -> Double
    /// Whether letter spacing is added after invisible characters (zero
    /// width spaces and joiners, controls) too.
    static var lettersSpaceInvisibleCharacters: Bool { get }
    /// Whether letter spacing is added to text in `script`.
    static func lettersSpace(script: hb_script_t) -> Bool
    /// Whether word spacing is added after spaces (else the renderer has
    /// none).
    static var addsWordSpacing: Bool { get }
    /// Whether every trailing space of a segment hangs past a line's end;
    /// else only the last one does and the others count in its width.
    static var allTrailingSpacesHang: Bool { get }
    /// The table the simple-word path cuts ASCII chunks by, when the
    /// renderer breaks ASCII text by one (else `nil`).
    static var asciiPairBreaks: (any AsciiPairBreaks.Type)? { get }
    /// Whether a hyphen is drawn where a soft hyphen ends a line's content.
    static var drawsHyphensAtSoftHyphens: Bool { get }
    /// Whether a line or paragraph separator (U+2028, U+2029) that does not
    /// break the line is drawn as wide as a space (else as nothing).
    static var drawsSeparatorsAsSpaces: Bool { get }
    /// How far before a tab stop, in spaces, the pen must stand for a tab to
    /// reach it (else it goes on to the next stop): half a space in Blink
    /// (`Font::TabWidth`), a whole one in Pango (`shape_tab`).
    static var tabStopMinimumGap: Double { get }
    /// Whether tab stops are eight spaces with their letter and word
    /// spacing apart (Blink's `Font::TabWidth`: `a\tb` with a 2 px word
    /// spacing puts `b` at 47.2 px in Noto Sans 15 px, 8 × (3.9 + 2)), or
    /// eight bare spaces (Pango shapes a space without its attributes).
    static var tabStopsCountSpacing: Bool { get }
    /// Whether a space's kerning with the word after it counts in the
    /// line (``SpaceKerning``); the primary face is then read once for
    /// whether it kerns its space at all.
    static var countsSpaceKerning: Bool { get }
    /// The language a run of `script` is shaped in (it selects `locl` forms)
    /// in a text in `content` (`nil`: the default, English).
    static func language(for script: hb_script_t, content: TextLanguage?) -> hb_language_t?
    /// How HarfBuzz merges clusters when the renderer shapes a run
    /// (`hb_buffer_set_cluster_level`): what counts as a cluster where
    /// letter spacing goes.
    static var clusterLevel: hb_buffer_cluster_level_t { get }
    /// Writes the offsets where grapheme clusters end in `text` (the last one
    /// its length) to `boundaries` (room for `text.count + 1`), returning how
    /// many, or a negative number when the text cannot be analysed.
    static func graphemeBoundaries(
        in text: UTF16Text, into boundaries: UnsafeMutableBufferPointer<Int32>) -> Int
}

extension ShapingRules {
    /// HarfBuzz's default: marks merge into their base's cluster.
    static var clusterLevel: hb_buffer_cluster_level_t { HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES }
}
