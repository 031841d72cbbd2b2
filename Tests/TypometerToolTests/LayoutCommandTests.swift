import Foundation
import Testing

@Suite("typometer layout")
struct LayoutCommandTests {
    @Test("places cards in the shortest column with the arithmetic of the masonry rules")
    func placesCardsByArithmetic() throws {
        // Single-line texts in Noto Sans at 15 px are 20 px tall in Chromium
        // (Corpus/README.md), so every card height is known in advance.
        let input = """
            {"id":"a","text":"One","chrome":30}
            {"id":"b","text":"Two","image_aspect_ratio":2}
            {"id":"c","text":"Three"}
            {"id":"d","text":"Four","chrome":10}

            """
        let run = try ToolRun(["layout", "--columns", "2", "--spacing", "10", "--container-width", "410", "--summary"], input: input)
        #expect(run.status == 0, "\(run.standardError)")
        let objects = run.outputObjects
        try #require(objects.count == 5)
        // Column width (410 - 10) / 2 = 200; image height 200 / 2 = 100.
        let expected: [(String, Double, Double, Double)] = [
            ("a", 0, 0, 50), ("b", 210, 0, 120), ("c", 0, 60, 20), ("d", 0, 90, 30),
        ]
        for (object, (id, x, y, height)) in zip(objects, expected) {
            #expect(object["id"] as? String == id)
            #expect((object["x"] as? NSNumber)?.doubleValue == x, "\(id)")
            #expect((object["y"] as? NSNumber)?.doubleValue == y, "\(id)")
            #expect((object["width"] as? NSNumber)?.doubleValue == 200)
            #expect((object["height"] as? NSNumber)?.doubleValue == height, "\(id)")
        }
        let summary = try #require(objects.last?["summary"] as? [String: Any])
        #expect((summary["content_height"] as? NSNumber)?.doubleValue == 120)
        #expect(summary["items"] as? Int == 4)
    }

    @Test("puts an error object in place of a bad item, leaves it out of the grid and exits 1")
    func reportsBadItems() throws {
        let input = "{\"id\":1,\"text\":\"x\"}\n{\"id\":2,\"text\":\"y\",\"chrome\":\"tall\"}\n{\"id\":3,\"text\":\"z\"}\n"
        let run = try ToolRun(["layout", "--columns", "2"], input: input)
        #expect(run.status == 1)
        let objects = run.outputObjects
        #expect(objects.count == 3)
        #expect(objects[1]["error"] is String)
        #expect(objects[1]["line"] as? Int == 2)
        #expect((objects[2]["x"] as? NSNumber)?.doubleValue ?? 0 > 0, "item 3 takes the second column")
    }

    @Test("exits 2 for a bad column count")
    func refusesBadColumns() throws {
        #expect(try ToolRun(["layout", "--columns", "0"], input: "").status == 2)
    }
}
