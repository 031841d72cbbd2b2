import Testing
import TypometerLayout

// The list layout of `Layout`'s documentation, as written there.
struct ListPlacement: Sendable { var containerWidth: Double; var nextY = 0.0 }

struct ListLayout: Layout {            // one item a row, full width
    var spacing: Double
    func placement(containerWidth: Double) throws(LayoutError) -> ListPlacement {
        guard containerWidth >= 0, containerWidth < .infinity else {
            throw .invalidContainerWidth(containerWidth)
        }
        return ListPlacement(containerWidth: containerWidth)
    }
    func place(_ heights: [Double], firstIndex: Int, in placement: inout ListPlacement,
               into frames: inout [LayoutFrame]) throws(LayoutError) -> LayoutChange {
        for (offset, height) in heights.enumerated() where !(height >= 0 && height < .infinity) {
            throw .invalidItemHeight(index: firstIndex + offset, height: height)
        }
        for height in heights {
            frames.append(LayoutFrame(x: 0, y: placement.nextY, width: placement.containerWidth,
                                      height: height))
            placement.nextY += height + spacing
        }
        return LayoutChange(contentHeight: max(0, placement.nextY - spacing))
    }
}

@Suite("Documentation example")
struct DocumentationExampleTests {
    @Test("the list layout in Layout's documentation stacks items, appends, and answers queries")
    func listLayoutWorksAsDocumented() throws {
        var snapshot = try ListLayout(spacing: 10).snapshot(of: [20, 30], containerWidth: 100)
        try snapshot.append([40])
        #expect(snapshot.frames == [LayoutFrame(x: 0, y: 0, width: 100, height: 20),
                                    LayoutFrame(x: 0, y: 30, width: 100, height: 30),
                                    LayoutFrame(x: 0, y: 70, width: 100, height: 40)])
        #expect(snapshot.contentHeight == 110)
        #expect(snapshot.visibleItems(minY: 25, maxY: 75) == [1, 2])
        #expect(throws: LayoutError.invalidItemHeight(index: 3, height: -1)) { try snapshot.append([-1]) }
    }
}
