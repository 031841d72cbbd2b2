/// A scroll position expressed relative to one item, so it survives a re-solve that moves
/// the item (a width change, items inserted above it).
///
/// `ID` is whatever identifies the item across solves: its index when the item list only
/// grows at the end, or the app's own stable identifier otherwise.
///
/// Safe to share across threads.
public struct LayoutAnchor<ID: Hashable & Sendable>: Hashable, Sendable {
    /// The item the position is pinned to.
    public var id: ID
    /// Distance from the item's top edge down to the scroll position, in points. Negative
    /// when the scroll position is above the item; may exceed the item's height.
    public var offset: Double

    public init(id: ID, offset: Double) {
        self.id = id
        self.offset = offset
    }
}
