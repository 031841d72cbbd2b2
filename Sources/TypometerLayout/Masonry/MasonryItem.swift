/// The height recipe for one masonry card: measured text, fixed chrome, and an optional
/// image that spans the column width at a known aspect ratio.
///
/// Masonry solves take finished heights. The text height must be measured beforehand at the
/// width the text will wrap to (usually the column width from
/// ``MasonryLayout/columnWidth(forContainerWidth:)`` minus horizontal padding); this type only
/// adds the parts that are pure arithmetic.
///
/// Safe to share across threads.
public struct MasonryItem: Hashable, Sendable {
    /// Height of the wrapped text, in points.
    public var textHeight: Double
    /// Height that does not depend on the column width (padding, captions, borders), in points.
    public var chromeHeight: Double
    /// Width divided by height of an image drawn across the full column width, or `nil` when
    /// the card has no image. A ratio of 2 means the image is half as tall as it is wide.
    public var imageAspectRatio: Double?

    public init(textHeight: Double, chromeHeight: Double = 0, imageAspectRatio: Double? = nil) {
        self.textHeight = textHeight
        self.chromeHeight = chromeHeight
        self.imageAspectRatio = imageAspectRatio
    }

    /// The card's height in points when its column is `columnWidth` points wide:
    /// `textHeight + chromeHeight + columnWidth / imageAspectRatio`.
    ///
    /// Invalid parts are passed through rather than hidden: a zero, negative or NaN aspect
    /// ratio gives a non-finite or negative height, which a solve then rejects with
    /// ``LayoutError/invalidItemHeight(index:height:)``.
    public func height(columnWidth: Double) -> Double {
        var height = textHeight + chromeHeight
        if let imageAspectRatio {
            height += columnWidth / imageAspectRatio
        }
        return height
    }
}
