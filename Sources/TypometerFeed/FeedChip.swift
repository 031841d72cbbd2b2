import Typometer

/// One chip of a ``ChipFeed``: a short text (a tag, a filter) in a style, with padding.
public struct FeedChip: Sendable {
    public var text: String
    public var style: TextStyle
    /// Points left and right of the text, each.
    public var horizontalPadding: Double
    /// Points above and below the text, each.
    public var verticalPadding: Double

    public init(text: String, style: TextStyle = TextStyle(), horizontalPadding: Double = 0, verticalPadding: Double = 0) {
        self.text = text
        self.style = style
        self.horizontalPadding = horizontalPadding
        self.verticalPadding = verticalPadding
    }
}
