/// Chromium's intrinsic widths, computed as Blink computes them from its
/// inline items (`InlineNode::ComputeMinMaxSizes`): a paragraph is cut into
/// items at every change of bidi level, around each tab, carriage
/// return, form feed and zero width non-joiner, and after the spaces that
/// start it; each item is shaped as one `ShapeResult` whose
/// positions are rounded up to the `LayoutUnit` (1/64 px).
///
/// - max-content: per paragraph, the sum of each item's width rounded up
///   (its advances added exactly, then kept in single precision as
///   `ShapeResult` keeps its width), tabs advancing to their stops.
/// - min-content: the widest word (the text between two break
///   opportunities, less its trailing spaces and tabs), each of its pieces
///   measured inside its item as the difference of two rounded positions
///   (`ShapeResult::CachedWidth`); left to right from the item's start,
///   right to left from its end.
///
/// A styled text's runs are items of their own too (each span's text is),
/// each shaped in its style.
extension TextMeasurer {
    /// Chromium's `min-content` (`minimum`) or `max-content` width of
    /// `units`, in points, its `parts` in the styles of `measurers` (this
    /// measurer's, the block's, first). Shapes each paragraph once more.
    func blinkContentWidth(
        of units: UTF16Text, parts: [StyledPart], measurers: [TextMeasurer], minimum: Bool
    ) -> Double {
        var widest = 0.0
        BlinkItems.forEachParagraph(of: units, parts: parts, measurers: measurers, maximumLength: paragraphLimit) { paragraph, items in
            widest = max(widest, minimum ? items.widestWord(in: units, paragraph: paragraph, measurer: self) : items.width())
        }
        return widest
    }
}
