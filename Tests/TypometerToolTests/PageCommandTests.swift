import Foundation
import Testing
import TypometerTestSupport

@Suite("typometer page")
struct PageCommandTests {
    /// A feed in three scripts, with chrome, an image, a line limit and a card of its own size.
    static let feed = """
        {"id":"a","text":"Shipped the new release today. Huge thanks to everyone who tested the beta.","chrome":24,"image_aspect_ratio":1.5}
        {"id":"b","text":"東京の天気は晴れ。明日は雨が降るかもしれません。傘を忘れずに。","chrome":24,"line_limit":2}
        {"id":"c","text":"Привет! Как дела? Сегодня отличная погода для прогулки.","size":18}
        {"id":"d","text":"","chrome":32}
        {"id":"e","text":"مرحبا بالعالم، هذا نص تجريبي قصير","chrome":24}

        """
    static let layout = ["--columns", "2", "--container-width", "500", "--spacing", "10"]

    /// `feed.json` of the page written into `directory`.
    static func feedJSON(in directory: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: directory.appendingPathComponent("feed.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    @Test("writes index.html, page.js, feed.json and every face of the primary family")
    func writesTheFiles() throws {
        let scratch = try TemporaryDirectory()
        let output = scratch.url.appendingPathComponent("nested/page")
        let run = try ToolRun(["page", "--output", output.path] + Self.layout, input: Self.feed)
        #expect(run.status == 0, "\(run.standardError)")
        let html = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("@font-face { font-family: \"Noto Sans\"; src: url(\"fonts/NotoSans-Regular.ttf\"); font-weight: 400; font-style: normal"))
        #expect(html.contains("white-space: pre-wrap; overflow-wrap: break-word;"))
        #expect(html.contains("line-height: normal;"))
        #expect(html.contains("-webkit-box-orient: vertical"))
        let script = try String(contentsOf: output.appendingPathComponent("page.js"), encoding: .utf8)
        #expect(script.contains("addEventListener('scroll'"))
        for face in ["NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf", "NotoSans-BoldItalic.ttf"] {
            let copy = output.appendingPathComponent("fonts/" + face).path
            #expect(FileManager.default.contentsEqual(atPath: copy, andPath: "Fonts/" + face), "\(face)")
        }
        let feed = try Self.feedJSON(in: output)
        let cards = try #require(feed["cards"] as? [[String: Any]])
        #expect(cards.map { $0["id"] as? String } == ["a", "b", "c", "d", "e"])
        #expect(cards[1]["line_limit"] as? Int == 2)
        #expect((cards[2]["style"] as? [String: String])?["font-size"] == "18px")
        #expect(cards[0]["style"] == nil, "a card in the default style carries none")
        #expect(Self.number(cards[3]["text_height"]) == 0, "empty text is 0 tall")
        let index = try #require(feed["index"] as? [String: Any])
        #expect((index["starts"] as? [Int])?.first == 0)
    }

    @Test("puts every card and text at the frame typometer layout gives it")
    func framesEqualLayout() throws {
        let scratch = try TemporaryDirectory()
        let page = try ToolRun(["page", "--output", scratch.path] + Self.layout, input: Self.feed)
        #expect(page.status == 0, "\(page.standardError)")
        let layout = try ToolRun(["layout"] + Self.layout, input: Self.feed)
        #expect(layout.status == 0)
        let cards = try #require(try Self.feedJSON(in: scratch.url)["cards"] as? [[String: Any]])
        try #require(cards.count == layout.outputObjects.count)
        for (card, placed) in zip(cards, layout.outputObjects) {
            let frame = try #require(card["frame"] as? [String: Any])
            for key in ["x", "y", "width", "height"] {
                #expect(Self.number(frame[key]) == Self.number(placed[key]), "\(placed["id"] ?? "?") \(key)")
            }
            #expect(Self.number(card["text_height"]) == Self.number(placed["text_height"]))
            let textFrame = try #require(card["text_frame"] as? [String: Any])
            let imageHeight = Self.number(card["image_height"]) ?? 0
            #expect(Self.number(textFrame["y"]) == (Self.number(frame["y"]) ?? 0) + imageHeight)
            #expect(Self.number(textFrame["height"]) == Self.number(placed["text_height"]))
        }
    }

    @Test("takes text heights from --heights at the column width instead of measuring")
    func usesGivenHeights() throws {
        let scratch = try TemporaryDirectory()
        // Column width (500 - 10) / 2 = 245: lines at another width are skipped.
        let heights = try scratch.file("heights.jsonl", containing: """
            {"id":"a","width":245,"lines":9,"height":180}
            {"id":"a","width":320,"lines":1,"height":1}
            {"id":"b","height":40}
            {"id":"c","width":245,"height":77.5}
            {"id":"d","width":245,"height":0}
            {"id":"e","width":245,"height":20}

            """)
        let output = scratch.url.appendingPathComponent("page")
        let run = try ToolRun(["page", "--output", output.path, "--heights", heights.path] + Self.layout, input: Self.feed)
        #expect(run.status == 0, "\(run.standardError)")
        let cards = try #require(try Self.feedJSON(in: output)["cards"] as? [[String: Any]])
        #expect(cards.map { Self.number($0["text_height"]) } == [180, 40, 77.5, 0, 20])
        // Card a: 180 text + 24 chrome + 245 / 1.5 image.
        #expect(Self.number((cards[0]["frame"] as? [String: Any])?["height"]) == 180 + 24 + 245 / 1.5)
    }

    @Test("reports an item without a height in --heights and leaves it out, exit 1")
    func reportsMissingHeights() throws {
        let scratch = try TemporaryDirectory()
        let heights = try scratch.file("heights.jsonl", containing: "{\"id\":\"a\",\"width\":320,\"height\":20}\n")
        let output = scratch.url.appendingPathComponent("page")
        let run = try ToolRun(["page", "--output", output.path, "--heights", heights.path] + Self.layout,
                              input: "{\"id\":\"a\",\"text\":\"x\"}\n")
        #expect(run.status == 1)
        #expect(run.standardError.contains("no height for this id at the column width 245"), "\(run.standardError)")
        #expect(run.standardError.contains("widths 320"))
    }

    @Test("refuses a missing --output, the pango profile and a malformed --heights file with a clear message")
    func refusesBadOptions() throws {
        let scratch = try TemporaryDirectory()
        let missing = try ToolRun(["page"], input: Self.feed)
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("--output DIR is required"))
        let pango = try ToolRun(["page", "--output", scratch.path, "--profile", "pango"], input: Self.feed)
        #expect(pango.status == 2)
        #expect(pango.standardError.contains("--profile must be chromium"))
        let heights = try scratch.file("bad.jsonl", containing: "{\"id\":\"a\",\"height\":20}\n{\"id\":\"b\",\"height\":\"tall\"}\n")
        let bad = try ToolRun(["page", "--output", scratch.path, "--heights", heights.path], input: Self.feed)
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("--heights \(heights.path) line 2"), "\(bad.standardError)")
        let absent = try ToolRun(["page", "--output", scratch.path, "--heights", scratch.path + "/none.jsonl"], input: Self.feed)
        #expect(absent.status == 2)
        #expect(absent.standardError.contains("cannot open"), "\(absent.standardError)")
    }
}
