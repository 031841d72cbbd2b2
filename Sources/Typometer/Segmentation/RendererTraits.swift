import CHarfBuzz

/// The constants and flags in which renderers differ, in one table: each
/// renderer gives one value (`Renderers/<Name>/<Name>Traits.swift`), and
/// every stage reads the fields it needs (``TraitsRules/traits``; here, in
/// the lowest stage that asks). Its hooks are what cannot be a constant.
struct RendererTraits: Sendable {
    /// Whether the renderer lays text out in device pixels, so that a
    /// screen's device pixel ratio changes its results
    /// (``TextStyle/devicePixelRatio``), rather than in logical units at
    /// every scale.
    let laysOutInDevicePixels: Bool
    /// Whether a lone CR, U+2028 LINE SEPARATOR and U+2029 PARAGRAPH
    /// SEPARATOR end a paragraph (LF and CR LF always do).
    let breaksAtEveryLineSeparator: Bool
    /// Whether empty text, and the empty paragraph after a final hard
    /// break, are paragraphs (one empty line each).
    let laysOutEmptyParagraphs: Bool
    /// How the renderer scales faces to sizes (``FontScaling``).
    let fontScaling: FontScaling
    /// How the renderer picks a family's face for a weight and slant.
    let faceMatching: FaceMatching
    /// How HarfBuzz merges clusters when the renderer shapes a run
    /// (`hb_buffer_set_cluster_level`): what counts as a cluster where
    /// letter spacing goes.
    let clusterLevel: hb_buffer_cluster_level_t
    /// Whether letter spacing is added after invisible characters (zero
    /// width spaces and joiners, controls) too.
    let lettersSpaceInvisibleCharacters: Bool
    /// Whether word spacing is added after spaces (else the renderer has
    /// none).
    let addsWordSpacing: Bool
    /// Whether every trailing space of a segment hangs past a line's end;
    /// else only the last one does and the others count in its width.
    let allTrailingSpacesHang: Bool
    /// Whether a hyphen is drawn where a soft hyphen ends a line's content.
    let drawsHyphensAtSoftHyphens: Bool
    /// Whether a line or paragraph separator (U+2028, U+2029) that does not
    /// break the line is drawn as wide as a space (else as nothing).
    let drawsSeparatorsAsSpaces: Bool
    /// How far before a tab stop, in spaces, the pen must stand for a tab to
    /// reach it (else it goes on to the next stop): half a space in Blink
    /// (`Font::TabWidth`), a whole one in Pango (`shape_tab`).
    let tabStopMinimumGap: Double
    /// Whether tab stops are eight spaces with their letter and word
    /// spacing apart (Blink's `Font::TabWidth`: `a\tb` with a 2 px word
    /// spacing puts `b` at 47.2 px in Noto Sans 15 px, 8 × (3.9 + 2)), or
    /// eight bare spaces (Pango shapes a space without its attributes).
    let tabStopsCountSpacing: Bool
    /// Whether a space's kerning with the word after it counts in the
    /// line (``SpaceKerning``); the primary face is then read once for
    /// whether it kerns its space at all.
    let countsSpaceKerning: Bool
    /// Subdivisions of a point that widths are compared on.
    let widthGrid: Double
    /// Whether a line's width, as the renderer reports it, counts the white
    /// space after the content of a paragraph's last line (Pango's logical
    /// width does; Blink's line content does not).
    let lineWidthsCountParagraphEndWhite: Bool
    /// Whether a run of white space after a line's content hangs however
    /// wide it is, tabs included (it adds to the line's faces, not its width).
    let whiteSegmentsHang: Bool
    /// Whether, inside a word broken between clusters, every white space
    /// character hangs at a piece's end (not only spaces and tabs).
    let anyWhiteHangsInsideWords: Bool
    /// Whether spaces inside a broken word hang whether or not they fit;
    /// else only when they fit (or they follow a lone wide cluster).
    let spacesAlwaysHangInsideWords: Bool
    /// Whether a lone wide cluster followed only by spaces of other faces
    /// keeps those spaces on its line (an item of its own is broken only
    /// between two or more characters).
    let keepsLoneClusterWithItsSpaces: Bool
    /// Whether a cluster draws nothing when it is invisible (its advance
    /// may sit on another cluster); else when its advance is zero.
    let invisibleClustersDrawNothing: Bool
    /// Whether the line breaker reshapes lines as Blink's
    /// `ShapingLineBreaker` does: a line starting where a break is unsafe
    /// keeps its candidate end unchecked, a piece that fits nowhere
    /// overflows with the candidate, a soft hyphen that does not fit breaks
    /// the line again without it, and a line starting inside a HarfBuzz
    /// cluster restarts the text from there.
    let reshapesLineEdges: Bool
    /// Whether a span's box takes in its own primary face, drawn in or not
    /// (a CSS inline box's font metrics); else only the faces of its runs.
    let spanBoxIncludesPrimaryFace: Bool
    /// Whether the renderer draws the last line a line limit keeps otherwise
    /// than the unlimited layout's line (``clampedLine(_:measurer:)``).
    let revisesClampedLines: Bool
    /// Whether the line a hard break ends takes the box of the style of the
    /// run holding that break (its primary face, size and line height),
    /// even when no other character of that run is on the line.
    let hardBreakLendsItsRunsBox: Bool
    /// Whether the renderer draws a styled text's spaces in the faces the
    /// text of their run around them gives them (else in the run style's
    /// primary face, or as the block measured them).
    let spacesTakeTheirRunsFaces: Bool
}

/// What every stage's rules start from: the renderer's ``RendererTraits``.
protocol TraitsRules {
    /// The renderer's constants and flags.
    static var traits: RendererTraits { get }
}
