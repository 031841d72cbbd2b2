import Testing
import TypometerLayout

@Suite("Flow layout")
struct FlowTests {
    @Test("wraps chips into rows left to right, each row as tall as its tallest chip")
    func wrapsChipsIntoRows() throws {
        let layout = try FlowLayout(spacing: 10, rowSpacing: 5)
        let chips = [FlowItem(textWidth: 60, textHeight: 20, horizontalPadding: 10),   // 80 wide
                     FlowItem(textWidth: 80, textHeight: 30, horizontalPadding: 10),   // 100 wide, 90 to 190
                     FlowItem(textWidth: 10, textHeight: 20),                          // 200 to 210: fits exactly
                     FlowItem(textWidth: 20, textHeight: 20, verticalPadding: 4)]      // 28 tall, next row
        let snapshot = try layout.snapshot(of: chips, containerWidth: 210)
        #expect(snapshot.frames == [
            LayoutFrame(x: 0, y: 0, width: 80, height: 20),
            LayoutFrame(x: 90, y: 0, width: 100, height: 30),
            LayoutFrame(x: 200, y: 0, width: 10, height: 20),
            LayoutFrame(x: 0, y: 35, width: 20, height: 28),
        ])
        #expect(snapshot.contentHeight == 63)
    }

    @Test("gives a chip wider than the container a row of its own, narrowed to the container")
    func wideChipGetsItsOwnRow() throws {
        let layout = try FlowLayout(spacing: 4, rowSpacing: 4)
        var wide = FlowItem(textWidth: 500, textHeight: 0, horizontalPadding: 8)
        #expect(wide.textWrapWidth(containerWidth: 200) == 184)
        wide.textHeight = 60  // three lines at 184 points, as the caller measured it
        let snapshot = try layout.snapshot(of: [FlowItem(textWidth: 40, textHeight: 20), wide,
                                                FlowItem(textWidth: 40, textHeight: 20)], containerWidth: 200)
        #expect(snapshot.frames == [LayoutFrame(x: 0, y: 0, width: 40, height: 20),
                                    LayoutFrame(x: 0, y: 24, width: 200, height: 60),
                                    LayoutFrame(x: 0, y: 88, width: 40, height: 20)])
        #expect(FlowItem(textWidth: 50, textHeight: 20, horizontalPadding: 8).textWrapWidth(containerWidth: 200) == 50)
    }

    @Test("continues the open row when chips are appended")
    func appendContinuesTheRow() throws {
        let layout = try FlowLayout(spacing: 2)
        let chips = (0..<50).map { FlowItem(textWidth: Double($0 % 7) * 13, textHeight: Double($0 % 3) * 5 + 10) }
        let whole = try layout.snapshot(of: chips, containerWidth: 150)
        var paged = try layout.snapshot(of: Array(chips[..<17]), containerWidth: 150)
        try paged.append(Array(chips[17...]))
        #expect(paged.frames == whole.frames)
        #expect(paged.placement == whole.placement)
    }

    @Test("rejects bad widths, paddings and heights naming the chip, and changes nothing")
    func rejectsBadChips() throws {
        var snapshot = try FlowLayout().snapshot(of: [FlowItem(textWidth: 10, textHeight: 10)], containerWidth: 100)
        #expect(throws: LayoutError.invalidItemWidth(index: 1, width: -1)) {
            try snapshot.append([FlowItem(textWidth: -1, textHeight: 10)])
        }
        #expect(throws: LayoutError.invalidItemPadding(index: 2, padding: -2)) {
            try snapshot.append([FlowItem(textWidth: 1, textHeight: 1), FlowItem(textWidth: 1, textHeight: 1, verticalPadding: -2)])
        }
        #expect(throws: LayoutError.invalidItemHeight(index: 1, height: .infinity)) {
            try snapshot.append([FlowItem(textWidth: 1, textHeight: .infinity)])
        }
        #expect(snapshot.count == 1)
        #expect(throws: LayoutError.invalidSpacing(-1)) { try FlowLayout(rowSpacing: -1) }
    }

    /// Regression (issue 39, found by TypometerFuzzLayouts): rows 1e308 apart put the third
    /// row at y = infinity, and the content height with it.
    @Test("rejects the first chip whose bottom edge would pass the largest Double, changing nothing")
    func rejectsChipsEndingPastTheLargestDouble() throws {
        let layout = try FlowLayout(spacing: 0, rowSpacing: 1e308)
        let chip = FlowItem(textWidth: 100, textHeight: 20)  // fills a row 100 wide
        // Row tops: 0, then 20 + 1e308 = 1e308 (20 is lost in rounding), then 1e308 + 20 +
        // 1e308 = 2e308, past the largest Double (about 1.8e308): the third chip.
        var snapshot = try layout.snapshot(of: [chip, chip], containerWidth: 100)
        #expect(snapshot.frames.last == LayoutFrame(x: 0, y: 1e308, width: 100, height: 20))
        let before = snapshot.placement
        #expect(throws: LayoutError.invalidItemHeight(index: 2, height: 20)) { try snapshot.append([chip]) }
        #expect(snapshot.count == 2 && snapshot.placement == before && snapshot.contentHeight == 1e308)
        // In one solve too, ahead of a later bad chip.
        #expect(throws: LayoutError.invalidItemHeight(index: 2, height: 20)) {
            try layout.snapshot(of: [chip, chip, chip, FlowItem(textWidth: .nan, textHeight: 20)], containerWidth: 100)
        }
        // Placing directly, a refused chip leaves the placement as it was.
        var placement = before
        var frames: [LayoutFrame] = []
        #expect(throws: LayoutError.invalidItemHeight(index: 2, height: 20)) {
            _ = try layout.place([chip], firstIndex: 2, in: &placement, into: &frames)
        }
        #expect(placement == before)
    }
}
