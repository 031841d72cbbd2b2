/// Why a masonry layout or solve was refused.
///
/// Every invalid input is reported with one of these cases; nothing in the module traps on
/// a bad value.
public enum MasonryError: Error, Hashable, Sendable {
    /// The column count was zero or negative.
    case invalidColumnCount(Int)
    /// The spacing between columns and between items was negative, NaN or infinite.
    case invalidSpacing(Double)
    /// The container width was negative, NaN or infinite.
    case invalidContainerWidth(Double)
    /// The item at `index` had a negative, NaN or infinite height.
    case invalidItemHeight(index: Int, height: Double)
    /// More items than the index can address (`Int32.max`).
    case tooManyItems(Int)
}
