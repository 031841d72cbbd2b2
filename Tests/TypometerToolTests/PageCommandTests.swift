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

    /// The screens a page is written for by default.
    static let ratios = [1, 1.25, 1.5, 2, 2.625, 3]

    @Test("writes index.html, page.js, feed.json and every face the text is drawn in, subset to WOFF2")
    func writesTheFiles() throws {
        let scratch = try TemporaryDirectory()
        let output = scratch.url.appendingPathComponent("nested/page")
        let run = try ToolRun(["page", "--output", output.path] + Self.layout, input: Self.feed)
        #expect(run.status == 0, "\(run.standardError)")
        let html = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("@font-face { font-family: \"Noto Sans\"; src: url(\"fonts/NotoSans-Regular.woff2\") format(\"woff2\"); font-weight: 400; font-style: normal"))
        // The Japanese and Arabic cards' fallback faces, each for what it draws.
        #expect(html.contains("src: url(\"fonts/NotoSansCJK-Regular.woff2\") format(\"woff2\"); unicode-range: "))
        #expect(html.contains("src: url(\"fonts/NotoSansArabic-Regular.woff2\") format(\"woff2\"); unicode-range: "))
        #expect(html.contains("white-space: pre-wrap; overflow-wrap: break-word;"))
        #expect(html.contains("line-height: normal;"))
        #expect(html.contains("-webkit-box-orient: vertical"))
        let script = try String(contentsOf: output.appendingPathComponent("page.js"), encoding: .utf8)
        #expect(script.contains("addEventListener('scroll'"))
        #expect(script.contains("window.devicePixelRatio"))
        for face in ["NotoSans-Regular", "NotoSans-Bold", "NotoSans-Italic", "NotoSans-BoldItalic", "NotoSansCJK-Regular",
                     "NotoSansArabic-Regular"] {
            let file = try Data(contentsOf: output.appendingPathComponent("fonts/\(face).woff2"))
            let source = face == "NotoSansCJK-Regular" ? "Fonts/NotoSansCJK-Regular.ttc" : "Fonts/\(face).ttf"
            let original = try #require(try FileManager.default.attributesOfItem(atPath: source)[.size] as? Int)
            #expect(file.prefix(4) == Data("wOF2".utf8), "\(face)")
            #expect(file.count * 10 < original, "\(face): \(file.count) bytes of \(original)")
        }
        let feed = try Self.feedJSON(in: output)
        #expect(feed["device_pixel_ratios"] as? [Double] == Self.ratios)
        let cards = try #require(feed["cards"] as? [[String: Any]])
        #expect(cards.map { $0["id"] as? String } == ["a", "b", "c", "d", "e"])
        #expect(cards[1]["line_limit"] as? Int == 2)
        #expect((cards[2]["style"] as? [String: String])?["font-size"] == "18px")
        #expect(cards[0]["style"] == nil, "a card in the default style carries none")
        for card in cards {
            let tops = card["y"] as? [Double] ?? []
            let textHeights = card["text_height"] as? [Double] ?? []
            #expect(tops.count == 6 && textHeights.count == 6)
        }
        #expect(cards[3]["text_height"] as? [Double] == [0, 0, 0, 0, 0, 0], "empty text is 0 tall")
        let layouts = try #require(feed["layouts"] as? [[String: Any]])
        #expect(layouts.count == 6)
        for layout in layouts {
            let index = layout["index"] as? [String: Any] ?? [:]
            let starts = index["starts"] as? [Int] ?? []
            #expect(starts.first == 0)
        }
    }

    // Expected: `typometer layout` at each ratio, with every face a web font.
    @Test("puts every card on each screen at the frame typometer layout gives it at that ratio")
    func framesEqualLayout() throws {
        let scratch = try TemporaryDirectory()
        let page = try ToolRun(["page", "--output", scratch.path] + Self.layout, input: Self.feed)
        #expect(page.status == 0, "\(page.standardError)")
        let cards = try #require(try Self.feedJSON(in: scratch.url)["cards"] as? [[String: Any]])
        for (screen, ratio) in Self.ratios.enumerated() {
            let layout = try ToolRun(
                ["layout", "--device-pixel-ratio", "\(ratio)", "--web-fonts", "all"] + Self.layout, input: Self.feed)
            #expect(layout.status == 0)
            try #require(cards.count == layout.outputObjects.count)
            for (card, placed) in zip(cards, layout.outputObjects) {
                for key in ["x", "y", "height", "text_height"] {
                    let values = card[key] as? [Any] ?? []
                    let value = screen < values.count ? Self.number(values[screen]) : nil
                    #expect(value == Self.number(placed[key]), "\(key) at \(ratio)")
                }
                #expect(Self.number(card["width"]) == Self.number(placed["width"]))
            }
        }
        // At ratio 2 Noto Sans 15 px lines are 20.5 px (41 device px).
        let atTwo = try #require(Self.number((cards[0]["text_height"] as? [Any])?[3]))
        #expect(atTwo.truncatingRemainder(dividingBy: 20.5) == 0)
    }

    @Test("writes the screens of --device-pixel-ratios, in order, once each")
    func writesTheScreensAskedFor() throws {
        let scratch = try TemporaryDirectory()
        let run = try ToolRun(["page", "--output", scratch.path, "--device-pixel-ratios", "2, 1.5,2,1"] + Self.layout,
                              input: Self.feed)
        #expect(run.status == 0, "\(run.standardError)")
        let feed = try Self.feedJSON(in: scratch.url)
        #expect(feed["device_pixel_ratios"] as? [Double] == [1, 1.5, 2])
        #expect((feed["layouts"] as? [Any])?.count == 3)
    }

    @Test("gives a card in another language its own fallback faces, declared for that language")
    func fallbackFacesByLanguage() throws {
        let scratch = try TemporaryDirectory()
        let feed = """
            {"id":"ja","text":"東京の天気≈晴れ","lang":"ja"}
            {"id":"en","text":"Tokyo ≈ 東京"}

            """
        let run = try ToolRun(["page", "--output", scratch.path] + Self.layout, input: feed)
        #expect(run.status == 0, "\(run.standardError)")
        let cards = try #require(try Self.feedJSON(in: scratch.url)["cards"] as? [[String: Any]])
        let family = (cards[0]["style"] as? [String: String])?["font-family"]
        #expect(family?.hasPrefix("\"Noto Sans\", \"Typometer Fallback ") == true, "\(family ?? "none")")
        #expect(cards[0]["lang"] as? String == "ja")
        #expect(cards[1]["style"] == nil)
    }

    @Test("takes text heights from --heights at the column width instead of measuring, for one screen")
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
        let feed = try Self.feedJSON(in: output)
        #expect(feed["device_pixel_ratios"] as? [Double] == [1])
        let cards = try #require(feed["cards"] as? [[String: Any]])
        let textHeights: [[Double]] = cards.map { $0["text_height"] as? [Double] ?? [] }
        #expect(textHeights == [[180], [40], [77.5], [0], [20]])
        // Card a: 180 text + 24 chrome + 245 / 1.5 image.
        let cardHeights = cards[0]["height"] as? [Double] ?? []
        let expected: Double = 180 + 24 + 245 / 1.5
        #expect(cardHeights == [expected])
        let two = try ToolRun(["page", "--output", output.path, "--heights", heights.path,
                               "--device-pixel-ratios", "1,2"] + Self.layout, input: Self.feed)
        #expect(two.status == 2)
        #expect(two.standardError.contains("give one --device-pixel-ratios value"), "\(two.standardError)")
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

    @Test("refuses a missing --output, the pango profile, a malformed --heights file and a single ratio with a clear message")
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
        let ratio = try ToolRun(["page", "--output", scratch.path, "--device-pixel-ratio", "2"], input: Self.feed)
        #expect(ratio.status == 2)
        #expect(ratio.standardError.contains("give --device-pixel-ratios"), "\(ratio.standardError)")
        let badRatios = try ToolRun(["page", "--output", scratch.path, "--device-pixel-ratios", "1,x"], input: Self.feed)
        #expect(badRatios.status == 2)
        #expect(badRatios.standardError.contains("--device-pixel-ratios takes ratios"), "\(badRatios.standardError)")
        let line = try ToolRun(["page", "--output", scratch.path],
                               input: "{\"id\":\"a\",\"text\":\"x\",\"device_pixel_ratio\":2}\n")
        #expect(line.status == 1)
        #expect(line.standardError.contains("not a line's \\\"device_pixel_ratio\\\""), "\(line.standardError)")
    }
}
