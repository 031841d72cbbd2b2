import Foundation
import Testing
import TypometerTestSupport

/// What a feed or a font set can make `typometer page` write: names that
/// would break out of the page's `<style>` or its URLs, fonts the operator
/// did not offer, cards taller than Chromium can lay out (issue 39, items
/// 14, 15 and 17).
@Suite("typometer page with hostile input")
struct PageHostileInputTests {
    static let layout = ["--columns", "1", "--container-width", "300"]

    /// A family name that closes `<style>`, opens a script and holds CSS's
    /// quote, backslash and comment characters.
    static let family = "X</style><script>document.title=`PWNED`</script><style>\"'\\/*&amp;"
    /// A file name with every character that changes what a URL points at.
    static let fileName = "a#b c?d%2e\"<f>&g'.ttf"

    @Test("writes a hostile family name only as a CSS escape and a hostile file name only as a plain URL")
    func escapesNamesEverywhere() throws {
        let scratch = try TemporaryDirectory()
        let fonts = scratch.url.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        try RenamedFont.write(copying: "Fonts/NotoSans-Regular.ttf", family: Self.family,
                              to: fonts.appendingPathComponent(Self.fileName))
        let output = scratch.url.appendingPathComponent("page")
        let run = try ToolRun(["page", "--output", output.path, "--fonts-dir", fonts.path, "--font", Self.family,
                               "--device-pixel-ratios", "1"] + Self.layout,
                              input: "{\"id\":1,\"text\":\"hello world\"}\n{\"id\":2,\"text\":\"bold\",\"weight\":700}\n")
        #expect(run.status == 0, "\(run.standardError)")
        let html = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        // One style element and one script element (page.js): nothing the names hold opened another.
        #expect(html.components(separatedBy: "<style").count == 2, "\(html)")
        #expect(html.components(separatedBy: "</style").count == 2)
        #expect(html.components(separatedBy: "<script").count == 2)
        #expect(!html.contains("PWNED`</script>"))
        // Expected: CSS Syntax §4.3.7, a hex escape ends at a space; < is U+3C, > U+3E, & U+26.
        let escaped = "\"X\\3c /style\\3e \\3c script\\3e document.title=`PWNED`\\3c /script\\3e \\3c style\\3e \\\"'\\\\/*\\26 amp;\""
        #expect(html.contains("font-family: \(escaped);"), "\(html)")
        let urls = html.components(separatedBy: "url(\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(urls == ["fonts/a_b_c_d_2e__f__g_.woff2"])
        for url in urls {
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(String(url)).path))
        }
        let feed = try PageCommandTests.feedJSON(in: output)
        let faces = try #require(feed["faces"] as? [[String: Any]])
        #expect(faces.map { $0["family"] as? String } == [escaped])
        #expect(faces.map { $0["file"] as? String } == urls.map(String.init))
    }

    @Test("publishes a feed line's font_file only when it is a font, and with --fonts-dir only when it is one of the set's")
    func publishesOnlyOfferedFonts() throws {
        let scratch = try TemporaryDirectory()
        let fonts = scratch.url.appendingPathComponent("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        for name in ["NotoSans-Regular.ttf", "Inter-Bold.otf"] {
            try FileManager.default.copyItem(atPath: "Fonts/\(name)", toPath: fonts.appendingPathComponent(name).path)
        }
        let secret = try scratch.file("secret.txt", containing: "not a font\n")
        let outside = FileManager.default.currentDirectoryPath + "/Fonts/Inter-Italic.otf"
        let feed = [
            "{\"id\":\"inside\",\"text\":\"x\",\"font_file\":\"\(fonts.path)//./Inter-Bold.otf\"}",
            "{\"id\":\"outside\",\"text\":\"x\",\"font_file\":\"\(outside)\"}",
            "{\"id\":\"secret\",\"text\":\"x\",\"font_file\":\"\(secret.path)\"}",
        ].joined(separator: "\n") + "\n"
        let output = scratch.url.appendingPathComponent("page")
        let run = try ToolRun(["page", "--output", output.path, "--fonts-dir", fonts.path, "--device-pixel-ratios", "1"]
                              + Self.layout, input: feed)
        #expect(run.status == 1)
        #expect(run.standardError.contains("{\"id\":\"outside\",\"line\":2,\"error\":\"font_file \(outside) is not a font of --fonts-dir"),
                "\(run.standardError)")
        #expect(run.standardError.contains("{\"id\":\"secret\",\"line\":3,"))
        let published = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("fonts").path)
        #expect(published.sorted() == ["Inter-Bold.woff2", "NotoSans-Regular.woff2"])
        // Without --fonts-dir any font file is published, never a file that is not a font.
        let open = try ToolRun(["page", "--output", output.path + "-open", "--device-pixel-ratios", "1"] + Self.layout,
                               input: feed)
        #expect(open.status == 1)
        #expect(open.standardError.contains("{\"id\":\"secret\",\"line\":3,\"error\":\"not a font file"), "\(open.standardError)")
        let openFonts = try FileManager.default.contentsOfDirectory(atPath: output.path + "-open/fonts")
        #expect(openFonts.contains("Inter-Italic.woff2") && !openFonts.contains { $0.hasPrefix("secret") })
        // With --heights nothing is measured, and the file must still be a font.
        let heights = try scratch.file("heights.jsonl", containing: "{\"id\":\"secret\",\"height\":20}\n")
        let given = try ToolRun(["page", "--output", output.path + "-given", "--heights", heights.path] + Self.layout,
                                input: feed.split(separator: "\n")[2] + "\n")
        #expect(given.status == 1)
        #expect(given.standardError.contains("not a font file"), "\(given.standardError)")
    }

    // Expected: Chromium lays out at most LayoutUnit::Max() = (2^31 − 1) / 64 → 33,554,431
    // device px (a box at 33,554,400 px sat at 33,554,428 at ratio 1 and at 11,184,810
    // = 33,554,431 / 3 at ratio 3, Chromium 156); the page adds 48 px above the feed and
    // 24 below. A 300 px column and image_aspect_ratio 1e-5 make a 30,000,000 px image:
    // within 33,554,431 − 72 at ratio 1, past 33,554,431 / 1.25 − 72 = 26,843,472.8 at 1.25.
    @Test("leaves out a card Chromium cannot lay out on some screen, places the rest, and warns about whole-pixel tops")
    func refusesCardsPastTheLimit() throws {
        let feed = """
            {"id":"a","text":"before"}
            {"id":"tall","text":"x","image_aspect_ratio":0.00001}
            {"id":"b","text":"after"}
            {"id":"ten-million","text":"x","image_aspect_ratio":0.00003}
            {"id":"c","text":"last"}

            """
        let scratch = try TemporaryDirectory()
        let output = scratch.url.appendingPathComponent("page")
        let run = try ToolRun(["page", "--output", output.path] + Self.layout, input: feed)
        #expect(run.status == 1)
        #expect(run.standardError.contains("{\"id\":\"tall\",\"line\":2,\"error\":\"the card would end at 300000"),
                "\(run.standardError)")
        #expect(run.standardError.contains("on the screen of ratio 1.25, past the 26843472 px Chromium can lay out there"))
        #expect(run.standardError.contains("warning: 1 cards start past 8,388,608 device px"))
        let cards = try #require(try PageCommandTests.feedJSON(in: output)["cards"] as? [[String: Any]])
        #expect(cards.map { $0["id"] as? String } == ["a", "b", "ten-million", "c"])
        // On one screen of ratio 1 the tall card fits (30,000,048 px ≤ 33,554,431 − 72), and
        // the next image of 10,000,000 px then ends past 33,554,359.
        let single = try ToolRun(["page", "--output", output.path + "-1", "--device-pixel-ratios", "1"] + Self.layout,
                                 input: feed)
        #expect(single.status == 1)
        #expect(single.standardError.contains("{\"id\":\"ten-million\",\"line\":4,"), "\(single.standardError)")
        #expect(single.standardError.contains("on the screen of ratio 1, past the 33554359 px"))
        #expect(single.standardError.contains("warning: 2 cards start past 8,388,608 device px"))
        let kept = try #require(
            try PageCommandTests.feedJSON(in: URL(fileURLWithPath: output.path + "-1"))["cards"] as? [[String: Any]])
        #expect(kept.map { $0["id"] as? String } == ["a", "tall", "b", "c"])
    }
}
