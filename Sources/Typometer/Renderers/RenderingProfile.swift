/// The renderer whose layout a measurer reproduces. The two differ in line
/// height, in a few line-break rules and in how fallback fonts are chosen.
public enum RenderingProfile: String, Hashable, Sendable, CaseIterable {
    /// Chromium with `white-space: pre-wrap; overflow-wrap: break-word;
    /// line-height: normal` at device scale 1. Line height: each face's
    /// ascent, descent and line gap rounded to whole points, the line gap
    /// split around the text; a line grows to fit the fallback faces on it
    /// and is never shorter than the primary face's (the strut). No break
    /// after `/` inside a URL. Empty text has no lines; a trailing newline
    /// adds none. Spaces stay in the primary face.
    case chromium
    /// Pango 1.50 (PangoCairo, unhinted metrics, `PANGO_WRAP_WORD_CHAR`,
    /// no inserted hyphens). Line height: the logical rectangle, ascent plus
    /// descent of the faces on the line, unrounded, no line gap. Breaks
    /// follow plain UAX #14. Empty text is one line; a trailing newline adds
    /// one. Spaces take the face of the run around them.
    case pango

    /// The profile a ``TextStyle`` takes when none is given: ``chromium``.
    public static var standard: RenderingProfile { .chromium }

    /// The renderer's rules, for the places where it is chosen once (a
    /// measurer's set-up, tests); the layout pass takes them as a generic
    /// parameter instead. A new renderer is a folder under `Renderers/`
    /// plus a case here.
    var rules: any MeasuringRules.Type {
        switch self {
        case .chromium: ChromiumRules.self
        case .pango: PangoRules.self
        }
    }
}
