/// One chip of a ``FlowLayout``: its text's measured size and the padding around it.
///
/// The chip is as wide as its text on one line plus the horizontal padding on both sides —
/// the narrowest width at which the text does not wrap, `TextMeasurer.singleLineWidth(of:)`
/// (CSS max-content, `maxContentWidth(of:)`, for most texts; wider by the letter spacing
/// under Pango, which wraps a letter-spaced text at its max-content width) — and as tall as
/// its text plus the vertical padding on both sides. A chip wider than the container is
/// narrowed to the container's width and its text wraps: measure the text's height at
/// ``textWrapWidth(containerWidth:)``, which is the text width when it fits.
///
/// Safe to share across threads.
public struct FlowItem: Hashable, Sendable {
    /// Width of the text on one line, in points.
    public var textWidth: Double
    /// Height of the text at ``textWrapWidth(containerWidth:)``, in points.
    public var textHeight: Double
    /// Space left and right of the text, each, in points.
    public var horizontalPadding: Double
    /// Space above and below the text, each, in points.
    public var verticalPadding: Double

    public init(textWidth: Double, textHeight: Double, horizontalPadding: Double = 0, verticalPadding: Double = 0) {
        self.textWidth = textWidth
        self.textHeight = textHeight
        self.horizontalPadding = horizontalPadding
        self.verticalPadding = verticalPadding
    }

    /// The width the chip's text wraps at in a container `containerWidth` points wide, in
    /// points: the text width when the chip fits, else what the container leaves inside the
    /// padding (at least 0).
    public func textWrapWidth(containerWidth: Double) -> Double {
        min(textWidth, max(0, containerWidth - 2 * horizontalPadding))
    }

    /// The chip's width in a container `containerWidth` points wide: text width plus
    /// padding, at most the container's width.
    public func width(containerWidth: Double) -> Double {
        min(textWidth + 2 * horizontalPadding, containerWidth)
    }

    /// The chip's height: text height plus padding, in points.
    public var height: Double { textHeight + 2 * verticalPadding }
}
