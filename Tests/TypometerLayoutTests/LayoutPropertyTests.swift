import Testing
import TypometerLayout
import TypometerTestSupport

/// The promise of the ``Layout`` protocol, checked on every layout the module ships and on
/// one written only against its public API (``PinboardLayout``): whatever the frames look
/// like, visibility answers as a brute-force scan does, appending equals solving whole,
/// and an anchored item stays on screen across a width change.
@Suite("Every layout")
struct LayoutPropertyTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case masonry, timeline, flow, pinboard
        var testDescription: String { rawValue }
    }

    /// Masonry cards whose text wraps at the column width: 20 points a line.
    static let masonry = try! PropertyCase(layout: MasonryLayout(columns: 3, spacing: 8)) { index, containerWidth in
        var generator = PropertyCase<MasonryLayout>.generator(for: index, seed: 1)
        let textWidth = Double.random(in: 10...2000, using: &generator)
        let columnWidth = try! MasonryLayout(columns: 3, spacing: 8).columnWidth(forContainerWidth: containerWidth)
        return (textWidth / columnWidth).rounded(.up) * 20 + 24
    }

    /// Intervals in no order, some before the origin, some zero-length, many overlapping.
    static let timeline = try! PropertyCase(
        layout: TimelineLayout(scale: 1.5, minimumItemHeight: 12, laneSpacing: 2)
    ) { index, _ in
        var generator = PropertyCase<TimelineLayout>.generator(for: index, seed: 2)
        let start = Double.random(in: -200...6000, using: &generator).rounded()
        let duration = Double.random(in: 0...1, using: &generator) < 0.1
            ? 0 : Double.random(in: 5...240, using: &generator).rounded()
        return TimelineItem(start: start, duration: duration)
    }

    /// Chips whose text is sometimes wider than the container, then wrapped: 18 points a line.
    static let flow = try! PropertyCase(layout: FlowLayout(spacing: 6, rowSpacing: 4)) { index, containerWidth in
        var generator = PropertyCase<FlowLayout>.generator(for: index, seed: 3)
        var chip = FlowItem(textWidth: Double.random(in: 0...1, using: &generator) < 0.05
                                ? Double.random(in: 400...1200, using: &generator)
                                : Double.random(in: 8...160, using: &generator),
                            textHeight: 0, horizontalPadding: 10, verticalPadding: 3)
        let wrapWidth = chip.textWrapWidth(containerWidth: containerWidth)
        chip.textHeight = wrapWidth > 0 ? (chip.textWidth / wrapWidth).rounded(.up) * 18 : 18
        return chip
    }

    /// Notes anywhere: overlapping, unordered, above and left of the origin, some zero-size.
    static let pinboard = PropertyCase(layout: PinboardLayout(margin: 2)) { index, _ in
        var generator = PropertyCase<PinboardLayout>.generator(for: index, seed: 4)
        return PinboardLayout.Note(x: Double.random(in: -0.3...1, using: &generator),
                                   width: Double.random(in: 0...0.5, using: &generator),
                                   y: Double.random(in: -3000...30_000, using: &generator),
                                   height: Double.random(in: 0...1, using: &generator) < 0.05
                                       ? 0 : Double.random(in: 10...900, using: &generator))
    }

    @Test("answers visibility exactly like a brute-force scan, solved whole or appended in pages",
          arguments: Kind.allCases)
    func visibilityMatchesBruteForce(kind: Kind) throws {
        switch kind {
        case .masonry: try Self.masonry.expectVisibilityMatchesBruteForce(count: 2000, containerWidth: 600, seed: 11)
        case .timeline: try Self.timeline.expectVisibilityMatchesBruteForce(count: 1500, containerWidth: 600, seed: 12)
        case .flow: try Self.flow.expectVisibilityMatchesBruteForce(count: 2000, containerWidth: 390, seed: 13)
        case .pinboard: try Self.pinboard.expectVisibilityMatchesBruteForce(count: 2000, containerWidth: 800, seed: 14)
        }
    }

    @Test("keeps the anchored item on screen across a width change", arguments: Kind.allCases)
    func anchorsStayOnScreen(kind: Kind) throws {
        switch kind {
        case .masonry:
            try Self.masonry.expectAnchorsStayOnScreen(count: 1000, widths: (390, 1024), viewportHeight: 800, seed: 21)
        case .timeline:
            try Self.timeline.expectAnchorsStayOnScreen(count: 800, widths: (390, 1024), viewportHeight: 800, seed: 22)
        case .flow:
            try Self.flow.expectAnchorsStayOnScreen(count: 1500, widths: (1024, 320), viewportHeight: 800, seed: 23)
        case .pinboard:
            try Self.pinboard.expectAnchorsStayOnScreen(count: 1000, widths: (390, 1024), viewportHeight: 800, seed: 24)
        }
    }
}
