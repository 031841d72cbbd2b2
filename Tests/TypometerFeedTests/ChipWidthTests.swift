import Foundation
import Testing
import Typometer
import TypometerFeed
import TypometerLayout

/// A chip is as wide as its text's single-line width (`TextMeasurer.singleLineWidth(of:)`)
/// plus its padding, in `ChipFeed` as in `FlowItem`'s documentation and `typometer layout
/// --layout flow`, and its text stays on one line there. Regression (issue 39, items 18 and
/// 22): `ChipFeed` took the widest line at an infinite width, which lets a trailing space
/// hang ("tag " 47.06 pt where the tool's chip was 50.97), and under `.pango` with letter
/// spacing a chip's text wrapped inside its own chip.
@Suite struct ChipWidthTests {
    static let store: TextMeasurerStore = try! TextMeasurerStore(fontSet: FontSet.bundled())

    @Test("a chip with a trailing space is as wide as its text's single-line width, space included")
    func trailingSpace() async throws {
        let style = TextStyle(font: .family("Noto Sans"), size: 15)
        let feed = try ChipFeed(store: Self.store, layout: FlowLayout(spacing: 6), containerWidth: 360)
        try feed.append([FeedChip(text: "tag ", style: style, horizontalPadding: 10)])
        let measurer = try Self.store.measurer(for: style)
        let frame = try #require(feed.snapshot.frames.first)
        #expect(frame.width == measurer.singleLineWidth(of: "tag ") + 20)
        #expect(measurer.singleLineWidth(of: "tag ") == measurer.maxContentWidth(of: "tag "))
        #expect(measurer.singleLineWidth(of: "tag ") > measurer.size(of: "tag ", width: .infinity).width)
    }

    @Test("under .pango with letter spacing a chip's text stays on one line", arguments: [0.5, 2])
    func pangoLetterSpacing(spacing: Double) async throws {
        let style = TextStyle(font: .family("Noto Sans"), size: 15, profile: .pango, letterSpacing: spacing)
        let feed = try ChipFeed(store: Self.store, layout: FlowLayout(spacing: 6), containerWidth: 360)
        try feed.append(["typography", "letter spacing", "tags"].map {
            FeedChip(text: $0, style: style, horizontalPadding: 8, verticalPadding: 4)
        })
        let oneLine = try Self.store.measurer(for: style).height(of: "typography", width: .infinity)
        #expect(feed.snapshot.frames.map(\.height) == [oneLine + 8, oneLine + 8, oneLine + 8])
    }
}
