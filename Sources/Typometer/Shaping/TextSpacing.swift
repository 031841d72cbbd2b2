/// What a style adds to the advances HarfBuzz gives, in points: CSS
/// `letter-spacing` after every character and `word-spacing` after every
/// space (Pango's letter-spacing attribute; Pango has no word spacing).
/// Negative values narrow the text.
struct TextSpacing: Hashable, Sendable {
    /// Added to each grapheme that starts a HarfBuzz cluster.
    var letter = 0.0
    /// Added to each space (U+0020, U+00A0) where the renderer adds it.
    var word = 0.0

    var isZero: Bool { letter == 0 && word == 0 }
}
