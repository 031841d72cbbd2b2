import CICUShim

/// One paragraph's bidi analysis through ICU (UAX #9), resolved once and
/// cut into lines (`tm_bidi_paragraph_open`, `tm_bidi_paragraph_line_levels`).
/// Owns the ICU objects and frees them when it ends. Not thread-safe: one
/// line at a time.
final class BidiParagraph {
    private let paragraph: OpaquePointer?

    /// The paragraph `text` (copied) whose base level is `base` (0 left to
    /// right, 1 right to left).
    init(_ text: UnsafeBufferPointer<UInt16>, base: UInt8) {
        paragraph = tm_bidi_paragraph_open(text.baseAddress, Int32(text.count), base)
    }

    deinit { tm_bidi_paragraph_close(paragraph) }

    /// The level of each code unit of `line` (offsets in the paragraph) as
    /// UAX #9 gives them for display: the paragraph's levels, white space at
    /// the line's end and before a tab back at the base level (rule L1).
    /// `nil` when ICU fails.
    func levels(of line: Range<Int>) -> [UInt8]? {
        var levels = [UInt8](repeating: 0, count: line.count)
        let status = tm_bidi_paragraph_line_levels(paragraph, Int32(line.lowerBound), Int32(line.upperBound), &levels)
        return status == 0 ? levels : nil
    }
}
