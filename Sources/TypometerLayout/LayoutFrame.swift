/// A rectangle in points, in content coordinates whose y axis grows downward
/// (y = 0 is the top of the scrollable content).
///
/// Frames are plain values: any `Double` is accepted, including negative, infinite and NaN
/// coordinates. Code that reads frames says how it treats the unusual ones
/// (see ``VisibilityIndex``).
///
/// Safe to share across threads.
public struct LayoutFrame: Hashable, Sendable {
    /// Left edge, in points.
    public var x: Double
    /// Top edge, in points.
    public var y: Double
    /// Width, in points.
    public var width: Double
    /// Height, in points.
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Right edge, `x + width`, in points.
    public var maxX: Double { x + width }

    /// Bottom edge, `y + height`, in points.
    public var maxY: Double { y + height }
}
