import TypometerLayout

/// A fourth layout, written only against the module's public API as an app would: notes
/// pinned anywhere on a board, as a fraction of the board's width across and at a y of their
/// own, so frames overlap, come in no order and reach above and left of the origin.
struct PinboardLayout: Layout {
    struct Note: Hashable, Sendable {
        /// Left edge and width as fractions of the container width (may be negative).
        var x: Double
        var width: Double
        /// Top edge and height in points (the top may be negative).
        var y: Double
        var height: Double
    }

    struct Placement: Sendable {
        var containerWidth: Double
        var bottom = 0.0
    }

    /// Points added around every note.
    var margin: Double

    func placement(containerWidth: Double) throws(LayoutError) -> Placement {
        guard containerWidth >= 0, containerWidth < .infinity else { throw .invalidContainerWidth(containerWidth) }
        return Placement(containerWidth: containerWidth)
    }

    func place(_ notes: [Note], firstIndex: Int, in placement: inout Placement,
               into frames: inout [LayoutFrame]) throws(LayoutError) -> LayoutChange {
        for (offset, note) in notes.enumerated() where !(note.height >= 0 && note.height < .infinity) {
            throw .invalidItemHeight(index: firstIndex + offset, height: note.height)
        }
        for note in notes {
            let frame = LayoutFrame(x: note.x * placement.containerWidth - margin, y: note.y - margin,
                                    width: note.width * placement.containerWidth + 2 * margin,
                                    height: note.height + 2 * margin)
            frames.append(frame)
            placement.bottom = max(placement.bottom, frame.maxY)
        }
        return LayoutChange(contentHeight: placement.bottom)
    }
}
