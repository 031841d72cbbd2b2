import Typometer

/// One card of a feed: a text in a style, inside fixed chrome.
public struct FeedCard: Sendable {
    public var text: String
    public var style: TextStyle
    /// Points taken from the column width before the text wraps (padding,
    /// an avatar beside the text).
    public var horizontalInset: Double
    /// Fixed points added to the text's height (padding, header, buttons).
    public var chromeHeight: Double
    /// Width over height of an image spanning the column, if the card has one.
    public var imageAspectRatio: Double?

    public init(
        text: String, style: TextStyle = TextStyle(), horizontalInset: Double = 0, chromeHeight: Double = 0,
        imageAspectRatio: Double? = nil
    ) {
        self.text = text
        self.style = style
        self.horizontalInset = horizontalInset
        self.chromeHeight = chromeHeight
        self.imageAspectRatio = imageAspectRatio
    }
}
