import CHarfBuzz

/// The decisions in which renderers differ when they shape words, as the
/// shapers ask them.
protocol ShapingRules: TraitsRules {
    /// How the renderer gives grapheme clusters their faces.
    associatedtype Faces: ClusterFaceRules
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
    /// Whether letter spacing is added to text in `script`.
    static func lettersSpace(script: hb_script_t) -> Bool
    /// The table the simple-word path cuts ASCII chunks by, when the
    /// renderer breaks ASCII text by one (else `nil`).
    static var asciiPairBreaks: (any AsciiPairBreaks.Type)? { get }
    /// The language a run of `script` is shaped in (it selects `locl` forms)
    /// in a text in `content` (`nil`: the default, English).
    static func language(for script: hb_script_t, content: TextLanguage?) -> hb_language_t?
    /// Writes the offsets where grapheme clusters end in `text` (the last one
    /// its length) to `boundaries` (room for `text.count + 1`), returning how
    /// many, or a negative number when the text cannot be analysed.
    static func graphemeBoundaries(
        in text: UTF16Text, into boundaries: UnsafeMutableBufferPointer<Int32>) -> Int
}

extension ShapingRules {
}
