import Foundation
import Testing
import TypometerTestSupport

/// A line whose style or result is out of range is an error for that line, with its line
/// number and id, in every command; the other lines are still measured, laid out, written
/// and drawn. Regression (issue 39, items 1 and 10): `"line_height":"1e20px"` under Pango
/// killed the process (SIGILL) and lost the chunk's other lines; `"1e308px"` gave
/// `"height":null` in `measure` and aborted `layout`, `page` and `render` for every item.
@Suite("a bad line in every command")
struct LineErrorTests {
    static let input = """
        {"id":1,"text":"a"}
        {"id":2,"text":"b","line_height":"1e308px"}
        {"id":3,"text":"c"}

        """

    @Test("measure gives the out-of-range line an error with its line number and measures the others",
          arguments: ["chromium", "pango"], ["1e20px", "1e300", "1e308px"])
    func measure(profile: String, lineHeight: String) throws {
        let input = Self.input.replacingOccurrences(of: "1e308px", with: lineHeight)
        let run = try ToolRun(["measure", "--profile", profile], input: input)
        #expect(run.status == 1)
        let objects = run.outputObjects
        try #require(objects.count == 3, "\(run.standardOutput)\(run.standardError)")
        #expect(objects[1]["id"] as? Int == 2 && objects[1]["line"] as? Int == 2)
        #expect((objects[1]["error"] as? String)?.contains("line height") == true)
        #expect(!run.standardOutput.contains("null"))
        for object in [objects[0], objects[2]] { #expect((object["height"] as? NSNumber)?.doubleValue ?? 0 > 0) }
    }

    @Test("a line height past the largest given as an option is a usage error", arguments: ["chromium", "pango"])
    func option(profile: String) throws {
        let run = try ToolRun(["measure", "--profile", profile, "--line-height", "1e20px"], input: "{\"id\":1,\"text\":\"a\"}\n")
        #expect(run.status == 2)
        #expect(run.standardError.contains("line height"))
    }

    @Test("layout lays out the other items of every layout", arguments: ["masonry", "flow", "timeline"])
    func layout(kind: String) throws {
        let input = kind == "timeline"
            ? Self.input.replacingOccurrences(of: "\"text\"", with: "\"start\":0,\"duration\":10,\"text\"") : Self.input
        let run = try ToolRun(["layout", "--layout", kind], input: input)
        #expect(run.status == 1)
        let objects = run.outputObjects
        try #require(objects.count == 3, "\(run.standardOutput)\(run.standardError)")
        #expect(objects[1]["id"] as? Int == 2 && objects[1]["line"] as? Int == 2 && objects[1]["error"] is String)
        #expect(objects[0]["x"] is NSNumber && objects[2]["x"] is NSNumber)
    }

    @Test("page writes the other cards and reports the line on stderr")
    func page() throws {
        let directory = try TemporaryDirectory()
        let run = try ToolRun(["page", "--output", directory.path], input: Self.input)
        #expect(run.status == 1)
        #expect(run.standardError.contains("\"line\":2"))
        let feed = try String(contentsOfFile: directory.path + "/feed.json", encoding: .utf8)
        #expect(feed.contains("\"id\":1") && feed.contains("\"id\":3") && !feed.contains("\"id\":2"))
    }

    @Test("render draws the other cards and reports the line on stderr")
    func render() throws {
        let directory = try TemporaryDirectory()
        let run = try ToolRun(["render", "--output", directory.path + "/cards.png"], input: Self.input)
        #expect(run.status == 1)
        #expect(run.standardError.contains("\"line\":2"))
        #expect(FileManager.default.fileExists(atPath: directory.path + "/cards.png"))
    }
}
