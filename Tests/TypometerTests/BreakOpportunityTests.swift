import Testing
@testable import Typometer

/// The segmentation stage on its own: where each renderer's rules let a line
/// start inside a paragraph (`ChromiumRules.breakOpportunities(in:)`,
/// `PangoRules.breakOpportunities(in:)`), as UTF-16 offsets, increasing,
/// excluding 0 and including the text's length.
///
/// Every expected list is what the renderer itself allows, read from it by
/// a probe of each text on this machine, and the UAX #14 rule beside it
/// says why:
/// - Chromium 156 (`/usr/lib/chromium/chromium --headless --no-sandbox
///   --dump-dom`): the text alone in a `width: 0` block with `white-space:
///   pre-wrap; overflow-wrap: normal; word-break: normal` (`lang="en"`), so
///   every break opportunity ends a line and none is made between
///   characters; line starts read with `Range.getClientRects()` character by
///   character, as `Scripts/reference/chromium_reference.py` reads them.
/// - Pango 1.50.12: `is_line_break` of `pango_layout_get_log_attrs_readonly`
///   for a PangoCairo layout of the text, context language `en` (the
///   attributes the layout wraps by; they include libthai's Thai words).
///
/// Where the committed corpus shows the same break in a real layout, the
/// case names it (`Corpus/cases/core.jsonl`, `Corpus/reference/core.*.jsonl`).
@Suite struct BreakOpportunityTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let chromium: [Int]
        let pango: [Int]
        /// The rule, and any corpus case that shows it.
        let why: String

        init(_ text: String, chromium: [Int], pango: [Int], _ why: String) {
            self.text = text
            self.chromium = chromium
            self.pango = pango
            self.why = why
        }

        init(_ text: String, both: [Int], _ why: String) {
            self.init(text, chromium: both, pango: both, why)
        }

        var testDescription: String { text.debugDescription }
    }

    /// The offsets `Rules` gives for `text`.
    static func breaks<Rules: SegmentationRules>(_ text: String, _ rules: Rules.Type) -> [Int] {
        Array(text.utf16).withUTF16Text { Rules.breakOpportunities(in: $0, language: nil).map(Int.init) }
    }

    static func expectBoth(_ testCase: Case, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(breaks(testCase.text, ChromiumRules.self) == testCase.chromium, "Chromium: \(testCase.why)",
                sourceLocation: sourceLocation)
        #expect(breaks(testCase.text, PangoRules.self) == testCase.pango, "Pango: \(testCase.why)",
                sourceLocation: sourceLocation)
    }

    static let spacesCases: [Case] = [
        Case("hello world", both: [6, 11], "LB7 × SP, LB18 SP ÷; core-0001 starts lines after spaces"),
        Case("hello   world", both: [8, 13], "LB7: no break before any space of the run, LB18 after it"),
        Case("  lead", both: [2, 6], "LB18 after leading spaces (LB2 forbids only the break at 0)"),
        Case("a\tb", both: [2, 3], "a tab is BA: LB21 × BA, break after it"),
    ]

    @Test("a line may start after a run of spaces, never before or inside one", arguments: spacesCases)
    func spaces(_ testCase: Case) {
        Self.expectBoth(testCase)
    }

    static let spacesAfterOpenersCases: [Case] = [
        Case("a ( b", chromium: [2, 4, 5], pango: [2, 5],
             "LB14 OP SP* ×: Pango keeps the space after '(' with what follows; Chromium under pre-wrap breaks after every space run"),
        Case("( b", chromium: [2, 3], pango: [3], "LB14 OP SP* × in Pango; Chromium breaks after the spaces"),
    ]

    @Test("Chromium breaks after every run of spaces; Pango keeps the spaces after an opening bracket with what follows",
          arguments: spacesAfterOpenersCases)
    func spacesAfterOpeners(_ testCase: Case) {
        Self.expectBoth(testCase)
    }

    static let hyphensCases: [Case] = [
        Case("well-known", both: [5, 10], "HY ÷ AL (LB21 × HY, break after); Chromium's ASCII table: '-' before a letter"),
        Case("-5", both: [2], "LB25 HY × NU: a minus sign keeps its number"),
        Case(" -5", both: [1, 3], "LB18 after the space; LB25 HY × NU"),
        Case("x -5", both: [2, 4], "LB25 HY × NU after a space: a minus sign"),
        Case("a-5", chromium: [2, 3], pango: [3],
             "Chromium's table: '-' before a digit breaks after a letter or digit; Pango: LB25 HY × NU"),
        Case("5-5", chromium: [2, 3], pango: [3], "Chromium's digit rule (a range); Pango: LB25 HY × NU"),
        Case("a--b", chromium: [2, 3, 4], pango: [3, 4], "Chromium's table breaks between two hyphens; Pango does not"),
        Case("שלום-עולם", chromium: [5, 9], pango: [9],
             "Unicode 15.1 LB21a (Chromium's ICU 78): HL HY ÷ HL; Pango's older LB21a keeps HL HY together (core-0148)"),
    ]

    @Test("a hyphen lets a line start after it, but a minus sign keeps its number", arguments: hyphensCases)
    func hyphens(_ testCase: Case) {
        Self.expectBoth(testCase)
    }

    static let urlsCases: [Case] = [
        Case("https://example.com/some/long/path?query=1", chromium: [35, 42], pango: [8, 20, 25, 30, 35, 42],
             "Chromium's table: no break after '/', one after '?' before a letter; Pango: SY ÷ AL after each '/', LB13 × SY, LB29 IS × AL (core-0057 starts Pango's lines at 8 and 20)"),
        Case("example.com/some/path", chromium: [21], pango: [12, 17, 21], "Pango breaks after '/', Chromium does not"),
        Case("and/or", chromium: [6], pango: [4, 6], "SY ÷ AL in Pango only"),
        Case("a?b", both: [2, 3], "EX ÷ AL; Chromium's table: '?' before a letter"),
    ]

    @Test("Chromium makes no break after a slash in a URL; Pango breaks after each", arguments: urlsCases)
    func urls(_ testCase: Case) {
        Self.expectBoth(testCase)
    }

    static let punctuationCases: [Case] = [
        Case("a!(b", both: [2, 4], "EX ÷ OP; Chromium's table: after '!' only before an opening bracket"),
        Case("a.(b", both: [2, 4], "IS ÷ OP; Chromium's table: after '.' only before an opening bracket"),
        Case("word) next", both: [6, 10], "LB13 × CP: no break before ')'; LB18 after the space"),
    ]

    @Test("punctuation lets a line start before an opening bracket, never before a closing one",
          arguments: punctuationCases)
    func punctuation(_ testCase: Case) {
        Self.expectBoth(testCase)
    }

    static let ideographsCases: [Case] = [
        Case("今天天气很好", both: [1, 2, 3, 4, 5, 6], "LB31 ID ÷ ID (core-0098 starts a line at every ideograph)"),
        Case("「今日」は。", both: [2, 4, 6], "LB14 OP ×: none after 「; LB13 × CL: none before 」 or 。"),
        Case("今日は「とても良い天気」ですね。", both: [1, 2, 3, 5, 6, 7, 8, 9, 10, 12, 13, 14, 16],
             "ID ÷ OP before 「, LB14 none after it, LB13 none before 」 and 。"),
        Case("Hello 世界", both: [6, 7, 8], "LB18 after the space, LB31 between the ideographs"),
        Case("世界 Hello", both: [1, 3, 8], "LB31, then LB18 after the space"),
    ]

    @Test("ideographs break between each other, not after an opening bracket nor before a closing one",
          arguments: ideographsCases)
    func ideographs(_ testCase: Case) {
        Self.expectBoth(testCase)
    }

    static let smallKanaCases: [Case] = [
        Case("チョコ", chromium: [1, 2, 3], pango: [2, 3],
             "ョ is CJ: CSS line-break normal resolves CJ to ID (Chromium); UAX #14 LB1 resolves it to NS, LB21 × NS (Pango); core-0037"),
        Case("コーヒー", chromium: [1, 2, 3, 4], pango: [2, 4], "ー (U+30FC) is CJ too"),
        Case("ショップ", chromium: [1, 2, 3, 4], pango: [3, 4], "ョ and ッ are CJ"),
    ]

    @Test("small kana and the prolonged sound mark may start a line in Chromium, not in Pango", arguments: smallKanaCases)
    func smallKana(_ testCase: Case) {
        Self.expectBoth(testCase)
    }

    static let thaiCases: [Case] = [
        Case("สวัสดีครับ", both: [6, 10], "SA: words by dictionary, สวัสดี|ครับ"),
        Case("ภาษาไทย", both: [4, 7], "ภาษา|ไทย"),
        Case("วันนี้อากาศดีมาก", both: [3, 6, 11, 13, 16], "วัน|นี้|อากาศ|ดี|มาก"),
        Case("วันนี้อากาศดีมากเราไปเดินเล่นที่สวนสาธารณะด้วยกัน",
             both: [3, 6, 11, 13, 16, 19, 21, 25, 29, 32, 35, 42, 46, 49],
             "ICU's dictionary (Chromium) and libthai's (Pango) agree here; core-0041 starts lines at 19 and 35 in both"),
        // Words of the corpus's Thai texts on which the two dictionaries differ.
        Case("ไม่มีข้อมูล", chromium: [5, 11], pango: [3, 5, 11], "ICU: ไม่มี|ข้อมูล; libthai: ไม่|มี|ข้อมูล"),
        Case("ที่ซ็อกเก็ต", chromium: [3, 5, 7, 11], pango: [3, 11], "ICU: ที่|ซ็|อก|เก็ต; libthai: ที่|ซ็อกเก็ต"),
        Case("เครื่องมือตรวจวิเคราะห์ของ", chromium: [7, 10, 14, 23, 26], pango: [10, 14, 23, 26],
             "ICU: เครื่อง|มือ|ตรวจ|วิเคราะห์|ของ; libthai: เครื่องมือ|ตรวจ|วิเคราะห์|ของ"),
    ]

    @Test("Thai breaks between dictionary words: ICU's for Chromium, libthai's for Pango", arguments: thaiCases)
    func thai(_ testCase: Case) {
        Self.expectBoth(testCase)
    }

    static let joinersCases: [Case] = [
        Case("100\u{A0}km", both: [6], "LB12 GL ×, LB12a × GL: a no-break space joins (core-0091)"),
        Case("a\u{A0}b c", both: [4, 5], "no break around the no-break space; LB18 after the space"),
        Case("100 \u{A0}km", both: [4, 7], "LB12a forbids a break before GL except after SP, BA, HY: LB18 breaks after the space"),
    ]

    @Test("a no-break space joins the characters on either side", arguments: joinersCases)
    func noBreakSpaces(_ testCase: Case) {
        Self.expectBoth(testCase)
    }

    static let invisibleBreaksCases: [Case] = [
        Case("extra\u{AD}ordinary", both: [6, 14], "a soft hyphen is BA: LB21 × BA, break after it (core-0093)"),
        Case("in\u{AD}compre\u{AD}hensi\u{AD}bility", both: [3, 10, 16, 22], "after each soft hyphen"),
        Case("long\u{200B}word", both: [5, 9], "LB8 ZW ÷ (core-0092)"),
    ]

    @Test("a soft hyphen and a zero-width space let a line start after them", arguments: invisibleBreaksCases)
    func invisibleBreaks(_ testCase: Case) {
        Self.expectBoth(testCase)
    }

    static var allCases: [Case] {
        spacesCases + spacesAfterOpenersCases + hyphensCases + urlsCases + punctuationCases + ideographsCases
            + smallKanaCases + thaiCases + joinersCases + invisibleBreaksCases
    }

    // The protocol's contract (`SegmentationRules.breakOpportunities`), which
    // the layout pass relies on: it never checks the list.
    @Test("break opportunities increase, exclude 0 and end at the text's length", arguments: allCases)
    func contract(_ testCase: Case) {
        let length = testCase.text.utf16.count
        for found in [Self.breaks(testCase.text, ChromiumRules.self), Self.breaks(testCase.text, PangoRules.self)] {
            #expect(found.last == length)
            #expect(found.first.map { $0 > 0 } == true)
            #expect(zip(found, found.dropFirst()).allSatisfy { $0 < $1 }, "\(found)")
        }
    }

    @Test("the non-allocating form gives the same offsets", arguments: allCases)
    func withBreakOpportunitiesAgrees(_ testCase: Case) {
        let units = Array(testCase.text.utf16)
        units.withUTF16Text { text in
            #expect(ChromiumRules.withBreakOpportunities(in: text, language: nil) { Array($0) }
                        == ChromiumRules.breakOpportunities(in: text, language: nil))
            #expect(PangoRules.withBreakOpportunities(in: text, language: nil) { Array($0) } == PangoRules.breakOpportunities(in: text, language: nil))
        }
    }

    @Test("empty text has no break opportunity")
    func emptyText() {
        #expect(Self.breaks("", ChromiumRules.self).isEmpty)
        #expect(Self.breaks("", PangoRules.self).isEmpty)
    }
}
