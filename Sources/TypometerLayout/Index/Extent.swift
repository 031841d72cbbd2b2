/// The top and bottom (or left and right) of a frame along one axis, with a negative length
/// read as extending the other way.
///
/// An extent is the half-open span `low ..< high`; when `low == high` it is the single point
/// `low`. See ``overlaps(_:_:)`` for the exact rule.
struct Extent: Sendable {
    var low: Double
    var high: Double

    /// The extent from `origin` covering `length` points, or `nil` when either end is NaN
    /// (including `-infinity + infinity`).
    @inline(__always)
    init?(origin: Double, length: Double) {
        let end = origin + length
        if length >= 0 {
            low = origin
            high = end
        } else {
            low = end
            high = origin
        }
        if !(low <= high) { return nil }
    }

    @inline(__always)
    init(unchecked low: Double, _ high: Double) {
        self.low = low
        self.high = high
    }

    /// Whether this extent meets the query span `minimum ..< maximum` (with
    /// `minimum < maximum`): a span of positive length must overlap it by more than a
    /// touching edge; a zero-length extent at point `p` meets it when `minimum <= p < maximum`.
    @inline(__always)
    func overlaps(_ minimum: Double, _ maximum: Double) -> Bool {
        low < maximum && (high > minimum || low >= minimum)
    }
}
