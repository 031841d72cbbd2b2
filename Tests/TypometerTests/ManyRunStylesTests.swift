import Testing
import Typometer

/// Styled texts of many runs in many styles (issue 39, item 6): each line takes the boxes
/// of its own styles, the work grows linearly with the runs and their styles, and one text
/// keeps at most ``StyledText/maximumRunStyles`` measurers. Heights from Chromium 156 and
/// Pango 1.50 (Scripts/reference on these cases, Noto Sans 15 as the block).
@Suite struct ManyRunStylesTests {
    static let chromium = try! TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15))
    static let pango = try! TextMeasurer(style: TextStyle(font: .family("Noto Sans"), size: 15, profile: .pango))

    /// `count` runs `"word<i> "`, run `i` in `style(i)`.
    static func runs(_ count: Int, word: String = "word", _ style: (Int) -> RunStyle) -> StyledText {
        StyledText((0..<count).map { StyledText.Run("\(word)\($0) ", style: style($0)) })
    }

    /// Regression: past 63 styles every line took the boxes of every style from the 64th
    /// on, on the line or not (Chromium 6,149 and 7,041 px, Pango 7,047.02 pt).
    @Test("a text in more than 63 styles takes each line's own styles' boxes, as Chromium and Pango draw it")
    func linesTakeTheirOwnStyles() throws {
        let sizes150 = Self.runs(300) { RunStyle(size: 10 + Double($0 % 150) * 0.2) }
        let sizes100 = Self.runs(400, word: "w") { RunStyle(size: 12 + Double($0 % 100) * 0.25) }
        let sizesAndWeights = Self.runs(270, word: "ab") {
            RunStyle(size: 8 + Double($0 % 90) * 0.3, weight: $0 % 2 == 0 ? .regular : .bold)
        }
        #expect(try Self.chromium.lineCountAndHeight(of: sizes150, width: 320) == (119, 4736))
        #expect(try Self.chromium.lineCountAndHeight(of: sizes100, width: 200) == (147, 5392))
        #expect(try Self.chromium.lineCountAndHeight(of: sizesAndWeights, width: 260) == (76, 2620))
        #expect(try Self.pango.lineCountAndHeight(of: sizes100, width: 200) == (147, 5387.3984375))
        // 100 letter spacings at the block's size: the plain pass.
        let spacings = Self.runs(300) { RunStyle(letterSpacing: Double($0 % 100) * 0.01) }
        #expect(try Self.chromium.lineCountAndHeight(of: spacings, width: 320) == (70, 1400))
        #expect(try Self.pango.lineCountAndHeight(of: spacings, width: 320) == (70, 1430.078125))
    }

    /// Regression: 16,000 runs in 200 sizes took 109 s and 554 MB (a measurer made again
    /// for every run once the run styles' cache of 64 let a style go, every line looping over
    /// every measurer past the 63rd), and --intrinsic on 100,000 runs 66 s (Blink's items:
    /// every offset checked against every span start). Quadratic work here takes minutes.
    @Test("heights and intrinsic widths of 60,000 runs in hundreds of styles take seconds")
    func manyRunsInLinearTime() throws {
        let clock = ContinuousClock()
        var start = clock.now
        let sizes = Self.runs(16_000) { RunStyle(size: 10 + Double($0 % 200) * 0.1) }
        for measurer in [Self.chromium, Self.pango] {
            #expect(try measurer.lineCount(of: sizes, width: 320) > 5_000)
        }
        // Same size, 500 letter spacings: the plain pass.
        let spacings = Self.runs(16_000) { RunStyle(letterSpacing: Double($0 % 500) * 0.001) }
        #expect(try Self.chromium.lineCount(of: spacings, width: 320) > 3_000)
        let heights = clock.now - start

        start = clock.now
        let weights = Self.runs(60_000, word: "w") { RunStyle(weight: $0 % 2 == 0 ? .regular : .bold) }
        #expect(try Self.chromium.minContentWidth(of: weights) > 0)
        #expect(try Self.chromium.maxContentWidth(of: weights) > 60_000)
        #expect(try Self.chromium.size(of: weights, width: 320).width <= 320)
        // A paragraph a run.
        let paragraphs = StyledText((0..<30_000).map {
            StyledText.Run("line \($0)\n", style: RunStyle(weight: $0 % 2 == 0 ? .regular : .bold))
        })
        #expect(try Self.chromium.lineCount(of: paragraphs, width: 320) == 30_000)
        #expect(try Self.pango.maxContentWidth(of: paragraphs) > 0)
        let intrinsic = clock.now - start
        print("ManyRunStylesTests: heights \(heights), intrinsic widths \(intrinsic)")
        #expect(heights < .seconds(60), "\(heights)")
        #expect(intrinsic < .seconds(120), "\(intrinsic)")
    }

    @Test("a text in more distinct run styles than the limit throws; one at the limit is measured")
    func runStyleLimit() throws {
        let limit = StyledText.maximumRunStyles
        let atLimit = Self.runs(limit + 5) { RunStyle(size: 10 + Double($0 % limit) * 0.01) }
        #expect(try Self.chromium.lineCount(of: atLimit, width: 320) > 1)
        let past = Self.runs(limit + 1) { RunStyle(size: 10 + Double($0) * 0.01) }
        #expect(throws: TypometerError.tooManyRunStyles(limit: limit)) { try Self.chromium.height(of: past, width: 320) }
        #expect(throws: TypometerError.tooManyRunStyles(limit: limit)) { try Self.pango.maxContentWidth(of: past) }
    }
}
