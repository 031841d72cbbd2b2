import Testing
import Typometer
import TypometerCorpus

/// Pango's own line limit, as a GTK label with `lines` sets it
/// (`pango_layout_set_height(-N)`, `PANGO_ELLIPSIZE_END`): the last line a
/// paragraph keeps ends in an ellipsis set in the primary face, so that
/// line's height takes in the primary face's extents.
///
/// Expected values were recorded with `Scripts/reference/pango_reference.c`
/// (Pango 1.50.12, the corpus settings, `TM_PANGO_DEBUG=1` for the runs) on
/// the bundled fonts. Heights in Pango units (1/1024 pt) of each line's
/// logical rectangle, added up.
@Suite struct PangoLineLimitTests {
    struct Case: Sendable, CustomStringConvertible {
        let text: String
        let font: String
        let size: Double
        let width: Double
        let limit: Int
        let lines: Int
        let height: Double
        var description: String { "\(text) \(font) \(size)/\(width) limit \(limit)" }
    }

    static let cases: [Case] = [
        // Line 1 all Noto Sans Devanagari (26706 units); line 2 holds
        // Devanagari words and the ellipsis in Noto Sans: Noto Sans's ascent
        // (21893) over Noto Sans Devanagari's descent (8356).
        Case(text: "या पाठ्याची भाषा ISO कोड आहे. पाठ्य म्हणून दर्शवितेवेळी", font: "NotoSans-Regular.ttf",
             size: 20, width: 150, limit: 2, lines: 2, height: Double(26706 + 21893 + 8356) / 1024),
        // The paragraph fits its lines: no ellipsis, Devanagari's height only.
        Case(text: "या पाठ्याची भाषा", font: "NotoSans-Regular.ttf", size: 20, width: 150, limit: 2,
             lines: 1, height: 26706 / 1024),
        // Too narrow for the first grapheme and an ellipsis: only the
        // ellipsis stays, in Noto Serif (55787 units).
        Case(text: "पाठ्याची भाषा", font: "NotoSerif-Regular.ttf", size: 40, width: 50, limit: 1,
             lines: 1, height: 55787 / 1024),
        // U+2028 does not end Pango's paragraph: its second line is the one
        // the limit ellipsizes (Noto Sans over Devanagari's descent).
        Case(text: "Hello\u{2028}नमस्ते दुनिया नमस्ते दुनिया नमस्ते", font: "NotoSans-Regular.ttf",
             size: 20, width: 120, limit: 2, lines: 2, height: Double(27894 + 21893 + 8356) / 1024),
        // A newline does: the second paragraph's first line is not its last
        // kept one, so it has no ellipsis.
        Case(text: "Hello\nनमस्ते दुनिया नमस्ते दुनिया नमस्ते", font: "NotoSans-Regular.ttf",
             size: 20, width: 120, limit: 2, lines: 2, height: Double(27894 + 26706) / 1024),
        // Arabic from Noto Sans Arabic, the ellipsis in Inter: Arabic's
        // ascent and descent are both taller (33767 + 18137).
        Case(text: "مرحبا بالعالم مرحبا بالعالم مرحبا بالعالم مرحبا بالعالم", font: "Inter-Regular.otf",
             size: 24, width: 120, limit: 1, lines: 1, height: 51904 / 1024),
        // Chinese: the midline ellipsis, in Inter, inside Noto Sans CJK's
        // extents (29655).
        Case(text: "这是一个很长的中文句子，用来测试省略号的宽度和高度是否正确。", font: "Inter-Regular.otf",
             size: 20, width: 100, limit: 1, lines: 1, height: 29655 / 1024),
    ]

    static func measurer(_ testCase: Case) throws -> TextMeasurer {
        try TextMeasurer(style: TextStyle(
            font: .file(path: Corpus.fontPath("Fonts/" + testCase.font)), size: testCase.size,
            lineLimit: testCase.limit, profile: .pango))
    }

    @Test("the last kept line's height is the ellipsized line's", arguments: cases)
    func ellipsizedHeight(_ testCase: Case) throws {
        let measurer = try Self.measurer(testCase)
        #expect(measurer.lineCount(of: testCase.text, width: testCase.width) == testCase.lines)
        #expect(abs(measurer.height(of: testCase.text, width: testCase.width) - testCase.height) <= 0.01)
        #expect(measurer.lines(of: testCase.text, width: testCase.width).map(\.height).reduce(0, +)
                .distance(to: testCase.height).magnitude <= 0.01)
    }

    @Test("a prepared text's last kept line is ellipsized the same", arguments: cases)
    func preparedEllipsizedHeight(_ testCase: Case) throws {
        let measurer = try Self.measurer(testCase)
        let prepared = measurer.prepare(testCase.text)
        #expect(abs(measurer.height(of: prepared, width: testCase.width) - testCase.height) <= 0.01)
    }

    // Every limited Pango case of the holdout and mixed sets, measured from
    // a prepared text (the corpus tests measure the text itself).
    @Test("prepared limited cases take Pango's heights", arguments: ["holdout", "mixed"])
    func preparedCorpus(set: String) throws {
        let store = try TextMeasurerStore()
        var checked = 0
        for (referenceCase, reference) in try Corpus.pairs(set, renderer: .pango) where referenceCase.lineLimit != nil {
            guard let expected = reference.height else { continue }
            let measurer = try store.measurer(for: TextStyle(
                font: .file(path: Corpus.fontPath(referenceCase.font)), size: referenceCase.size,
                lineLimit: referenceCase.lineLimit, profile: .pango))
            let height = measurer.height(of: measurer.prepare(referenceCase.text), width: referenceCase.width)
            #expect(abs(height - expected) <= 0.01, "\(referenceCase.id)")
            checked += 1
        }
        #expect(checked > 250)
    }
}
