import Foundation
import Testing
import TypometerTestSupport

/// Ids name cards: a `--heights` file that gives one id two heights at the column width is
/// refused, naming both lines, and a feed that repeats an id is warned about. Regression
/// (issue 39, item 13): the later height silently won, and the text overflowed its card.
@Suite("duplicate ids")
struct DuplicateIDTests {
    static let layout = ["--columns", "2", "--container-width", "500", "--spacing", "10"]

    @Test("a --heights file with an id twice at the column width is a usage error naming both lines")
    func duplicateInHeights() throws {
        let scratch = try TemporaryDirectory()
        // Column width 245: line 2's width is another one and does not count.
        let heights = try scratch.file("heights.jsonl", containing: """
            {"id":"a","width":245,"height":40}
            {"id":"a","width":320,"height":20}
            {"id":"b","width":245,"height":20}
            {"id":"a","height":20}

            """)
        let run = try ToolRun(["page", "--output", scratch.path + "/page", "--heights", heights.path] + Self.layout,
                              input: "{\"id\":\"a\",\"text\":\"x\"}\n{\"id\":\"b\",\"text\":\"y\"}\n")
        #expect(run.status == 2)
        #expect(run.standardError.contains("--heights \(heights.path): id \"a\" on line 1 and line 4"),
                "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/page/feed.json"))
    }

    @Test("a feed with an id twice is laid out with a warning on stderr naming both lines")
    func duplicateInFeed() throws {
        let scratch = try TemporaryDirectory()
        let run = try ToolRun(["page", "--output", scratch.path] + Self.layout,
                              input: "{\"id\":\"a\",\"text\":\"x\"}\n{\"id\":\"b\",\"text\":\"y\"}\n{\"id\":\"a\",\"text\":\"z\"}\n")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("warning: id \"a\" on line 1 and line 3"), "\(run.standardError)")
        let feed = try String(contentsOfFile: scratch.path + "/feed.json", encoding: .utf8)
        #expect(feed.components(separatedBy: "\"id\":\"a\"").count == 3)
    }
}
