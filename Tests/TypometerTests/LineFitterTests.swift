import Testing
import TypometerCorpus
@testable import Typometer

/// The line-breaking stage on its own: `LineFitter` driven with segment
/// widths chosen here (each segment five code units long, one after
/// another), its lines recorded by a `RecordingLineSink`. Expectations are
/// arithmetic on those widths, shown beside each; the words broken between
/// clusters take their advances from a real measurer, and two of them the
/// line starts Chromium and Pango drew (`Corpus/reference/core.*.jsonl`).
@Suite struct LineFitterTests {
    typealias Line = RecordingLineSink.Line

    static let length = 5
    static let chromiumMeasurer = try! TextMeasurer(style: TextStyle(profile: .chromium))
    static let pangoMeasurer = try! TextMeasurer(style: TextStyle(profile: .pango))

    static func measurer<Rules: RendererRules>(_ rules: Rules.Type) -> TextMeasurer {
        Rules.profile == .chromium ? chromiumMeasurer : pangoMeasurer
    }

    /// A segment `width` points wide, `trailing` points of hanging spaces after it.
    static func segment(_ width: Double, trailing: Double = 0, hyphen: Double = 0, white: Bool = false) -> SegmentMetrics {
        SegmentMetrics(width: width, trailingWidth: trailing, hyphenWidth: hyphen, faceMask: 1, hasTab: false,
                       isWhite: white)
    }

    /// The inside of `word` shaped on its own by `measurer`.
    static func interior<Rules: RendererRules>(of word: String, _ rules: Rules.Type, measurer: TextMeasurer)
        -> SegmentInterior<Rules>
    {
        Array(word.utf16).withUTF16Text {
            SegmentInterior<Rules>(segment: $0, context: Rules.Faces.isolatedContext, shaper: measurer.shaper)
        }
    }

    /// `segments` placed one after another in one paragraph at `width`:
    /// the lines, and what each `add` (then `endParagraph`, when every
    /// segment was placed) returned.
    static func fit<Rules: RendererRules>(
        _ segments: [SegmentMetrics], width: Double, _ rules: Rules.Type, limit: Int = .max
    ) -> (lines: [Line], answers: [Bool]) {
        var fitter = LineFitter<Rules>(width: width)
        var sink = RecordingLineSink(limit: limit)
        var answers: [Bool] = []
        fitter.beginParagraph(at: 0)
        for (index, metrics) in segments.enumerated() {
            let placed = fitter.add(segment: metrics, start: index * length, end: (index + 1) * length, into: &sink) {
                // Only a segment wider than an empty line, or with tabs, is looked into.
                Issue.record("segment \(index) (\(metrics.width) pt) broken inside at width \(width)")
                return interior(of: "x", Rules.self, measurer: measurer(Rules.self))
            }
            answers.append(placed)
            if !placed { return (sink.lines, answers) }
        }
        answers.append(fitter.endParagraph(at: segments.count * length, into: &sink))
        return (sink.lines, answers)
    }

    static func lines<Rules: RendererRules>(_ segments: [SegmentMetrics], width: Double, _ rules: Rules.Type) -> [Line] {
        fit(segments, width: width, rules).lines
    }

    static let profiles: [RenderingProfile] = [.chromium, .pango]

    /// Runs `body` with the rules of `profile`.
    static func withRules(_ profile: RenderingProfile, _ body: (any RendererRules.Type) -> Void) {
        body(profile.rules)
    }

    // MARK: Greedy filling

    @Test("a segment goes on the line while the line's width up to its end fits", arguments: profiles)
    func greedyFilling(profile: RenderingProfile) {
        func check<Rules: RendererRules>(_ rules: Rules.Type) {
            // 40 + 5 + 40 = 85 <= 100 on the first line; 85 + 5 + 20 = 110 > 100.
            #expect(Self.lines([Self.segment(40, trailing: 5), Self.segment(40, trailing: 5), Self.segment(20)],
                               width: 100, rules)
                        == [Line(0..<10, 85), Line(10..<15, 20)])
            // 40 + 5 + 40 + 5 + 10 = 100: fits exactly.
            #expect(Self.lines([Self.segment(40, trailing: 5), Self.segment(40, trailing: 5), Self.segment(10)],
                               width: 100, rules)
                        == [Line(0..<15, 100)])
            // Each 60 alone: 60 + 60 > 100.
            #expect(Self.lines([Self.segment(60), Self.segment(60), Self.segment(60)], width: 100, rules)
                        == [Line(0..<5, 60), Line(5..<10, 60), Line(10..<15, 60)])
        }
        Self.withRules(profile) { check($0) }
    }

    @Test("trailing spaces hang past the line's end and are not in its width", arguments: profiles)
    func trailingSpacesHang(profile: RenderingProfile) {
        func check<Rules: RendererRules>(_ rules: Rules.Type) {
            // 60 fits; its 50 of spaces hang (60 + 50 = 110 > 100); the next
            // segment starts at 110.
            #expect(Self.lines([Self.segment(60, trailing: 50), Self.segment(30)], width: 100, rules)
                        == [Line(0..<5, 60), Line(5..<10, 30)])
            #expect(Self.lines([Self.segment(60, trailing: 1000)], width: 100, rules) == [Line(0..<5, 60)])
            // The spaces count where the next segment starts: 30 + 20 + 50 = 100 fits.
            #expect(Self.lines([Self.segment(30, trailing: 20), Self.segment(50)], width: 100, rules)
                        == [Line(0..<10, 100)])
        }
        Self.withRules(profile) { check($0) }
    }

    // MARK: The grid

    // `ChromiumRules`: Blink's LayoutUnit. Blink keeps a line's width in
    // single precision, rounds it up to the LayoutUnit and lets it be one
    // LayoutUnit over the available width (`AvailableWidthToFit`). Chromium
    // 156 drew `help for kids` (exactly 90 + 1/64 pt in Noto Serif 15 pt) on
    // one 90 pt line (fid-00576, Corpus/reference/fidelity.chromium.intrinsic
    // .jsonl), and a Noto Serif 20 pt line 5861.515640 pt wide, 1.001/64 pt
    // over a 5861.5 pt box, on one line: in single precision it is
    // 5861.515625 (ulp 1/2048 there). Of lines 1/64 pt + 1/65536 pt over,
    // none fit in a sweep of 22,500 lines (Docs/fidelity.md).
    @Test("Chromium: a line at most 1/64 pt too wide in single precision fits, one 1/65536 pt more does not")
    func chromiumGrid() {
        let unit = 1.0 / 64
        let fits = Self.lines([Self.segment(50), Self.segment(50 + unit)], width: 100, ChromiumRules.self)
        #expect(fits == [Line(0..<10, 100 + unit)])
        let corpusOvershoot = Self.lines([Self.segment(50), Self.segment(50 + 0.65 * unit)], width: 100,
                                         ChromiumRules.self)
        #expect(corpusOvershoot.count == 1)
        let over = Self.lines([Self.segment(50), Self.segment(50 + unit + 1.0 / 65536)], width: 100, ChromiumRules.self)
        #expect(over == [Line(0..<5, 50), Line(5..<10, 50 + unit + 1.0 / 65536)])
        let single = Self.lines([Self.segment(3000), Self.segment(2861.515640258789)], width: 5861.5, ChromiumRules.self)
        #expect(single.count == 1)
        // The available width is cut down to the grid: 100.01 pt is 6400.64 units, 6400 kept.
        #expect(LineFitter<ChromiumRules>(width: 100.01).available == 100)
        #expect(LineFitter<ChromiumRules>(width: 100 + unit).available == 100 + unit)
        let cutDown = Self.lines([Self.segment(50), Self.segment(50 + 2 * unit)], width: 100.01, ChromiumRules.self)
        #expect(cutDown.count == 2)
    }

    // A line whose closing bracket gives back half an em at its end gets no
    // LayoutUnit of slack, but three single-precision ulps of its trimmed
    // width. Chromium 156 (Noto Sans CJK, whose `い` and `）` come out one or
    // two 65536ths of a pixel over the em): `いいいいい）は` 5.5 em wide keeps
    // `いいいいい）` on its first line at 52.5 px (288.75 px, 6/65536 over:
    // three ulps of 288.75), not at 44.25 px (243.375 px, 6/65536 over: six
    // ulps) nor at 16 px (88 px, 12/65536 over), at 55.5 px not with
    // 12/65536 over (six ulps), and at 20 px (110 px, each advance a 65536th
    // under) it fits; of 2,682 such lines at sizes 10–80 px none
    // disagrees with the rule (Docs/fidelity.md, "Screens").
    @Test("Chromium: a line trimmed at its end fits within three ulps of its width in single precision", arguments: [
        (315.0 + 6.0 / 65536, 26.25, 288.75, true), (265.5 + 6.0 / 65536, 22.125, 243.375, false),
        (96.0 + 12.0 / 65536, 8.0, 88.0, false), (333.0 + 12.0 / 65536, 27.75, 305.25, false),
        (120.0 - 6.0 / 65536, 10.0, 110.0, true),
    ])
    func chromiumTrimmedGrid(width: Double, trim: Double, available: Double, fits: Bool) {
        #expect(ChromiumRules.fitsTrimmed(width, trim: trim, within: available) == fits)
    }

    // `PangoRules`: Pango units, 1/1024 pt; a width is rounded to the
    // nearest unit, the available width cut down to one.
    @Test("Pango: a line within half a Pango unit of the width fits, three quarters over does not")
    func pangoGrid() {
        let unit = 1.0 / 1024
        let fits = Self.lines([Self.segment(50), Self.segment(50 + 0.25 * unit)], width: 100, PangoRules.self)
        #expect(fits == [Line(0..<10, 100 + 0.25 * unit)])
        let over = Self.lines([Self.segment(50), Self.segment(50 + 0.75 * unit)], width: 100, PangoRules.self)
        #expect(over == [Line(0..<5, 50), Line(5..<10, 50 + 0.75 * unit)])
        // 100.01 pt is 102410.24 units: 102410 kept.
        #expect(LineFitter<PangoRules>(width: 100.01).available == 102_410.0 / 1024)
        // A width Chromium's grid keeps whole on one line is over on Pango's:
        // 0.875/64 pt is 14 Pango units.
        #expect(Self.lines([Self.segment(50), Self.segment(50 + 0.875 / 64.0)], width: 100, PangoRules.self).count == 2)
    }

    // MARK: White space

    // Pango lets a run of white space after a line's content hang however
    // wide it is (`PangoRules.traits.whiteSegmentsHang`): in core-0133 ("Hi \t
    // there \t friend" at 78 pt) Pango's second line starts at "friend",
    // the tab and spaces before it hanging past the first line's end.
    @Test("Pango: a white segment after the line's content hangs however wide; the next segment starts a line")
    func pangoWhiteSegmentsHang() {
        let segments = [Self.segment(60), Self.segment(70, trailing: 10, white: true), Self.segment(10)]
        // 60 + 70 + 10 = 140 > 100, yet the white segment stays: the line is
        // 60 wide; the next segment would end at 150.
        #expect(Self.lines(segments, width: 100, PangoRules.self) == [Line(0..<10, 60), Line(10..<15, 10)])
        // Under Chromium's rules the same widths are an ordinary segment:
        // 60 + 70 > 100 moves it to the next line, where 70 + 10 + 10 = 90 fits.
        #expect(Self.lines(segments, width: 100, ChromiumRules.self) == [Line(0..<5, 60), Line(5..<15, 90)])
    }

    // MARK: Edge widths

    @Test("a width of zero, below zero or NaN is zero; infinity is no wrapping", arguments: profiles)
    func edgeWidths(profile: RenderingProfile) {
        func check<Rules: RendererRules>(_ rules: Rules.Type) {
            for width in [0, -0.0, -5, -Double.infinity, .nan] {
                #expect(LineFitter<Rules>(width: width).available == 0, "width \(width)")
            }
            #expect(LineFitter<Rules>(width: .infinity).available == .infinity)
            // 100 segments of 10⁶ pt: 10⁸ pt on one line.
            let wide = Self.lines(Array(repeating: Self.segment(1e6, trailing: 1), count: 100), width: .infinity, rules)
            #expect(wide == [Line(0..<500, 100 * 1e6 + 99)])
            // Segments of no width fit a line of no width (0 <= 0).
            #expect(Self.lines([Self.segment(0), Self.segment(0)], width: 0, rules) == [Line(0..<10, 0)])
        }
        Self.withRules(profile) { check($0) }
    }

    // core-0095 ("abc def" at width 0): both renderers start a line at each
    // of a, b and c.
    @Test("at width zero a word takes one line per grapheme cluster", arguments: profiles)
    func zeroWidthBreaksEveryCluster(profile: RenderingProfile) {
        func check<Rules: RendererRules>(_ rules: Rules.Type) {
            let lines = Self.fitWord("abc", width: 0, Rules.self, measurer: Self.measurer(Rules.self))
            #expect(lines.map(\.start) == [0, 1, 2])
            #expect(lines.last?.end == 3)
        }
        Self.withRules(profile) { check($0) }
    }

    // MARK: Paragraph ends and soft hyphens

    @Test("ending the paragraph gives its last line; a new paragraph starts a new line", arguments: profiles)
    func endParagraph(profile: RenderingProfile) {
        func check<Rules: RendererRules>(_ rules: Rules.Type) {
            var fitter = LineFitter<Rules>(width: 100)
            var sink = RecordingLineSink()
            fitter.beginParagraph(at: 0)
            #expect(fitter.add(segment: Self.segment(60, trailing: 5), start: 0, end: 5, into: &sink) {
                Self.interior(of: "x", Rules.self, measurer: Self.measurer(Rules.self))
            })
            #expect(sink.lines.isEmpty)
            #expect(fitter.endParagraph(at: 5, into: &sink))
            // The next paragraph, after a hard break at 5: 30 alone on its line.
            fitter.beginParagraph(at: 6)
            #expect(fitter.add(segment: Self.segment(30), start: 6, end: 11, into: &sink) {
                Self.interior(of: "x", Rules.self, measurer: Self.measurer(Rules.self))
            })
            #expect(fitter.endParagraph(at: 11, into: &sink))
            // An empty paragraph: one empty line.
            fitter.beginParagraph(at: 12)
            #expect(fitter.endParagraph(at: 12, into: &sink))
            #expect(sink.lines == [Line(0..<5, 60), Line(6..<11, 30), Line(12..<12, 0)])
        }
        Self.withRules(profile) { check($0) }
    }

    // A soft hyphen is drawn only where a line breaks at it (Chromium's
    // hyphens: manual); the hyphen's width is the segment's `hyphenWidth`.
    @Test("a line that breaks at a soft hyphen counts the hyphen; the paragraph's last line does not")
    func softHyphenWidth() {
        // 30 + 5 of hyphen: the next 80 does not fit beside 30 (110 > 100).
        #expect(Self.lines([Self.segment(30, hyphen: 5), Self.segment(80)], width: 100, ChromiumRules.self)
                    == [Line(0..<5, 35), Line(5..<10, 80)])
        #expect(Self.lines([Self.segment(30, hyphen: 5)], width: 100, ChromiumRules.self) == [Line(0..<5, 30)])
        // The hyphen must fit where the line would break: 60 + 38 + 5 = 103 > 100.
        #expect(Self.lines([Self.segment(60), Self.segment(38, hyphen: 5)], width: 100, ChromiumRules.self)
                    == [Line(0..<5, 60), Line(5..<10, 38)])
    }

    // MARK: Line limit

    @Test("placing stops once the sink wants no more lines", arguments: profiles)
    func lineLimitStops(profile: RenderingProfile) {
        func check<Rules: RendererRules>(_ rules: Rules.Type) {
            let segments = Array(repeating: Self.segment(60), count: 5)
            // The first segment makes no line; the second ends line 1; the
            // third ends line 2, the sink's last.
            let two = Self.fit(segments, width: 100, rules, limit: 2)
            #expect(two.answers == [true, true, false])
            #expect(two.lines == [Line(0..<5, 60), Line(5..<10, 60)])
            let one = Self.fit(segments, width: 100, rules, limit: 1)
            #expect(one.answers == [true, false])
            #expect(one.lines == [Line(0..<5, 60)])
            // A sink that takes every line: every `add` and the paragraph's end answer true.
            let all = Self.fit(segments, width: 100, rules)
            #expect(all.answers == Array(repeating: true, count: 6))
            #expect(all.lines.count == 5)
        }
        Self.withRules(profile) { check($0) }
    }

    // MARK: Words broken between clusters

    /// `word` shaped by `measurer` as one segment and placed alone at `width`.
    static func fitWord<Rules: RendererRules>(
        _ word: String, width: Double, _ rules: Rules.Type, measurer: TextMeasurer
    ) -> [Line] {
        let units = Array(word.utf16)
        let metrics = units.withUTF16Text { measurer.shaper.metrics(of: $0, rules: Rules.self) }
        let inside = interior(of: word, Rules.self, measurer: measurer)
        var fitter = LineFitter<Rules>(width: width)
        var sink = RecordingLineSink()
        fitter.beginParagraph(at: 0)
        _ = fitter.add(segment: metrics, start: 0, end: units.count, into: &sink) { inside }
        _ = fitter.endParagraph(at: units.count, into: &sink)
        return sink.lines
    }

    /// Checks the identities every broken word keeps: lines follow one
    /// another from 0 to the word's end, each ends between grapheme
    /// clusters, and each but a one-cluster line fits on the renderer's
    /// grid (less than 1/64 pt over under Chromium's, less than half of
    /// 1/1024 under Pango's: see the grid tests).
    static func expectBrokenWordIdentities<Rules: RendererRules>(
        _ lines: [Line], word: String, width: Double, _ rules: Rules.Type, measurer: TextMeasurer,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let clusters = interior(of: word, Rules.self, measurer: measurer).clusters
        let boundaries = Set(clusters.offsets + [word.utf16.count])
        #expect(lines.first?.start == 0, sourceLocation: sourceLocation)
        #expect(lines.last?.end == word.utf16.count, sourceLocation: sourceLocation)
        #expect(zip(lines, lines.dropFirst()).allSatisfy { $0.end == $1.start }, "\(lines)",
                sourceLocation: sourceLocation)
        let available = LineFitter<Rules>(width: width).available
        let slack = Rules.profile == .chromium ? 1.0 / 64 : 0.5 / 1024
        for line in lines {
            #expect(boundaries.contains(line.end) && line.end > line.start, "\(line)", sourceLocation: sourceLocation)
            let clusterCount = clusters.offsets.filter { $0 >= line.start && $0 < line.end }.count
            if clusterCount > 1 {
                #expect(line.width < available + slack, "\(line) at \(width) pt", sourceLocation: sourceLocation)
            }
        }
    }

    // core-0060 and core-0061: one segment in both renderers (no break
    // opportunity inside), so each line start Chromium and Pango drew is a
    // cut between clusters made by filling lines.
    @Test("a word wider than the line breaks between clusters where Chromium and Pango break it",
          arguments: ["core-0060", "core-0061"])
    func brokenWordMatchesRenderers(id: String) throws {
        func check<Rules: RendererRules>(_ rules: Rules.Type, renderer: ReferenceRenderer) throws {
            let (referenceCase, reference) = try #require(
                try Corpus.pairs("core", renderer: renderer).first { $0.0.id == id })
            let measurer = try TextMeasurer(style: TextStyle(
                font: .file(path: Corpus.fontPath(referenceCase.font)), size: referenceCase.size,
                profile: Rules.profile))
            let units = Array(referenceCase.text.utf16)
            // The case is one segment for these rules.
            #expect(units.withUTF16Text { Rules.breakOpportunities(in: $0, language: nil) } == [Int32(units.count)])
            let lines = Self.fitWord(referenceCase.text, width: referenceCase.width, rules, measurer: measurer)
            #expect(lines.map(\.start) == reference.lineStarts, "\(renderer)")
            Self.expectBrokenWordIdentities(lines, word: referenceCase.text, width: referenceCase.width, rules,
                                            measurer: measurer)
        }
        try check(ChromiumRules.self, renderer: .chromium)
        try check(PangoRules.self, renderer: .pango)
    }

    @Test("a broken word's lines cover it between clusters and each fits the width",
          arguments: [15.0, 20, 37.5, 60, 99.99, 150])
    func brokenWordIdentities(width: Double) {
        func check<Rules: RendererRules>(_ rules: Rules.Type) {
            let measurer = Self.measurer(rules)
            for word in ["Pneumonoultramicroscopicsilicovolcanoconiosis", "Donaudampfschifffahrtsgesellschaftskapitän",
                         "Ωκεανογραφικόςπροσανατολισμός"] {
                let lines = Self.fitWord(word, width: width, rules, measurer: measurer)
                #expect(lines.count > 1, "\(word) at \(width)")
                Self.expectBrokenWordIdentities(lines, word: word, width: width, rules, measurer: measurer)
            }
        }
        check(ChromiumRules.self)
        check(PangoRules.self)
    }
}
