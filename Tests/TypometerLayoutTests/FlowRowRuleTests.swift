import Testing
import TypometerLayout

/// One rule places a flow's chips, as `FlowLayout` documents it: a chip goes in the open
/// row when its right edge there is at most the container width, so a chip narrowed to the
/// container fills its row and shares it only with zero-width chips at zero spacing.
/// Regression (issue 39, item 21): the documentation also said a wider chip "gets a row of
/// its own", which zero-width chips at zero spacing contradicted.
@Suite("Flow row rule")
struct FlowRowRuleTests {
    static let wide = FlowItem(textWidth: 500, textHeight: 60)
    static let empty = FlowItem(textWidth: 0, textHeight: 10)

    @Test("at zero spacing zero-width chips share the row of a chip narrowed to the container")
    func zeroWidthChipsShareTheRow() throws {
        let snapshot = try FlowLayout(spacing: 0, rowSpacing: 4).snapshot(of: [Self.empty, Self.wide, Self.empty],
                                                                          containerWidth: 200)
        #expect(snapshot.frames == [LayoutFrame(x: 0, y: 0, width: 0, height: 10),
                                    LayoutFrame(x: 0, y: 0, width: 200, height: 60),
                                    LayoutFrame(x: 200, y: 0, width: 0, height: 10)])
    }

    @Test("with any spacing a chip narrowed to the container has its row alone", arguments: [0.25, 4])
    func narrowedChipAlone(spacing: Double) throws {
        let snapshot = try FlowLayout(spacing: spacing, rowSpacing: 4).snapshot(
            of: [Self.empty, Self.wide, Self.empty], containerWidth: 200)
        #expect(snapshot.frames.map(\.y) == [0, 14, 78])
    }

    @Test("a chip that ends exactly at the container's edge stays in the row; a hair wider starts the next")
    func exactEdge() throws {
        let layout = try FlowLayout(spacing: 10)
        let fits = try layout.snapshot(of: [FlowItem(textWidth: 95, textHeight: 10), FlowItem(textWidth: 95, textHeight: 10)],
                                       containerWidth: 200)
        #expect(fits.frames.map(\.y) == [0, 0])
        let over = try layout.snapshot(of: [FlowItem(textWidth: 95, textHeight: 10),
                                            FlowItem(textWidth: 95.000001, textHeight: 10)], containerWidth: 200)
        #expect(over.frames.map(\.y) == [0, 10])
    }

    @Test("the documentation states this one rule and no other")
    func documentationStatesTheRule() throws {
        let source = try String(contentsOfFile: #filePath.replacingOccurrences(
            of: "Tests/TypometerLayoutTests/FlowRowRuleTests.swift", with: "Sources/TypometerLayout/Flow/FlowLayout.swift"),
                                encoding: .utf8)
        #expect(source.contains("One rule places every chip"))
        #expect(!source.contains("row of its own"))
    }
}
