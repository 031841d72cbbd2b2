import Testing
import Typometer

/// Every number of a style that reaches an integer conversion or an
/// allocation is range-checked where the style is validated, for the block
/// and for its runs: a typed error, never a trap. Regression (issue 39,
/// item 1): a line height of 1e20 px trapped in `PangoRules` (`Int(points
/// * 1024)` overflowed), and 1e308 px gave an infinite height.
@Suite struct StyleBoundsTests {
    static let tooTall: [LineHeight] = [
        .points(1e20), .points(1e300), .points(1e308), .points(TextStyle.maximumLineHeight.nextUp),
        .multiple(1e300), .multiple(TextStyle.maximumLineHeight / 15 * 1.0001),
    ]

    @Test("a line height past the largest is a typed error under both profiles",
          arguments: tooTall, RenderingProfile.allCases)
    func lineHeightPastTheLargest(lineHeight: LineHeight, profile: RenderingProfile) {
        #expect(throws: TypometerError.self) {
            try TextMeasurer(style: TextStyle(size: 15, profile: profile, lineHeight: lineHeight))
        }
    }

    @Test("a run whose size makes the block's line height past the largest is a typed error",
          arguments: RenderingProfile.allCases)
    func runLineHeightPastTheLargest(profile: RenderingProfile) throws {
        // 101 × 15 pt is within the bound; 101 × 10,000 pt is not.
        let measurer = try TextMeasurer(style: TextStyle(size: 15, profile: profile, lineHeight: .multiple(101)))
        let text = StyledText([.init("a "), .init("b", style: RunStyle(size: 10_000))])
        #expect(throws: TypometerError.invalidLineHeight(101)) { try measurer.height(of: text, width: 320) }
    }

    @Test("the largest line height and line spacing measure finite heights under both profiles",
          arguments: RenderingProfile.allCases)
    func largestLineHeightMeasures(profile: RenderingProfile) throws {
        let largest = TextStyle.maximumLineHeight
        let points = try TextMeasurer(style: TextStyle(size: 15, lineSpacing: largest, profile: profile,
                                                       lineHeight: .points(largest)))
        let text = String(repeating: "a\n", count: 1000) + "a"
        // 1,001 lines of 1,000,000 pt and 1,000 spacings of 1,000,000 pt.
        #expect(points.lineCount(of: text, width: 320) == 1001)
        #expect(points.height(of: text, width: 320) == 2001 * largest)
        let multiple = try TextMeasurer(style: TextStyle(size: 10_000, profile: profile,
                                                         lineHeight: .multiple(largest / 10_000)))
        #expect(multiple.height(of: "a", width: 320).isFinite)
    }

    @Test("a line spacing past the largest line height is a typed error",
          arguments: [TextStyle.maximumLineHeight.nextUp, 1e300, Double.greatestFiniteMagnitude])
    func lineSpacingPastTheLargest(spacing: Double) {
        #expect(throws: TypometerError.invalidLineSpacing(spacing)) {
            try TextMeasurer(style: TextStyle(lineSpacing: spacing))
        }
    }
}
