/// Why a layout or a solve was refused.
///
/// Every invalid input is reported with one of these cases; nothing in the module traps on
/// a bad value. Item indices count from the first item placed in the snapshot.
public enum LayoutError: Error, Hashable, Sendable {
    /// The column count was zero, negative or more than ``MasonryLayout/maximumColumnCount``.
    case invalidColumnCount(Int)
    /// A spacing (between columns, items, lanes, chips or rows) was negative, NaN or infinite,
    /// or its gaps together would carry a column or lane past the largest `Double`.
    case invalidSpacing(Double)
    /// The container width was negative, NaN or infinite, or so close to the largest `Double`
    /// that its columns or lanes added up round past it.
    case invalidContainerWidth(Double)
    /// The item at `index` had a negative, NaN or infinite height, or one that would carry
    /// its bottom edge past the largest `Double`.
    case invalidItemHeight(index: Int, height: Double)
    /// The item at `index` had a negative, NaN or infinite width.
    case invalidItemWidth(index: Int, width: Double)
    /// The item at `index` had a negative, NaN or infinite padding.
    case invalidItemPadding(index: Int, padding: Double)
    /// The item at `index` started at a NaN or infinite position on a time axis.
    case invalidItemStart(index: Int, start: Double)
    /// The item at `index` had a negative, NaN or infinite duration.
    case invalidItemDuration(index: Int, duration: Double)
    /// A timeline's scale (points per unit of time) was zero, negative, NaN or infinite.
    case invalidScale(Double)
    /// A timeline's minimum item height was negative, NaN or infinite.
    case invalidMinimumItemHeight(Double)
    /// More items than the index can address (`Int32.max`).
    case tooManyItems(Int)
}
