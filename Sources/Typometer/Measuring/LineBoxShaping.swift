/// What a renderer keeps of a text to size its line boxes at any width
/// (under `.chromium`, each paragraph's inline items and pen positions as
/// the whole paragraph shapes): the line-box cache's entry. The entry keeps
/// the text's code units, compared on every hit.
struct LineBoxShaping: Sendable {
    let units: [UInt16]
    /// The renderer's own data (``MeasuringRules/widestLineBox(of:parts:measurers:lines:measurer:)``
    /// reads it back).
    let paragraphs: any Sendable
    /// Estimated bytes, the units included.
    let bytes: Int
}
