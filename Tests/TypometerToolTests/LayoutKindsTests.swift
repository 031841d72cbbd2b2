import Foundation
import Testing
import TypometerTestSupport

@Suite("typometer layout --layout timeline and flow")
struct LayoutKindsTests {
    static func number(_ object: [String: Any], _ key: String) -> Double? {
        (object[key] as? NSNumber)?.doubleValue
    }

    @Test("places intervals at their start times the scale in lanes, with a bad interval's error in its place")
    func placesIntervalsInLanes() throws {
        let input = """
            {"id":"a","start":0,"duration":10,"text":"One"}
            {"id":"b","start":5,"duration":10}
            {"id":"c","start":1,"duration":-3}
            {"id":"d","start":-20,"duration":0,"text":"Three lines of text in a narrow lane"}

            """
        let run = try ToolRun(["layout", "--layout", "timeline", "--time-scale", "2", "--minimum-height", "4",
                               "--spacing", "10", "--container-width", "210", "--summary"], input: input)
        #expect(run.status == 1, "\(run.standardError)")
        let objects = run.outputObjects
        try #require(objects.count == 5)
        // a and b overlap: two lanes of (210 - 10) / 2 = 100; d, before the origin, is alone.
        let expected: [(String, Double, Double, Double, Double)] = [
            ("a", 0, 0, 100, 20), ("b", 110, 10, 100, 20), ("d", 0, -40, 210, 4),
        ]
        for (object, (id, x, y, width, height)) in zip([objects[0], objects[1], objects[3]], expected) {
            #expect(object["id"] as? String == id)
            #expect(Self.number(object, "x") == x, "\(id)")
            #expect(Self.number(object, "y") == y, "\(id)")
            #expect(Self.number(object, "width") == width, "\(id)")
            #expect(Self.number(object, "height") == height, "\(id)")
        }
        #expect(Self.number(objects[0], "text_height") == 20)  // one line at the lane's width
        #expect(Self.number(objects[1], "text_height") == 0)   // no text
        #expect(Self.number(objects[3], "text_height") == 40)  // two lines at the full width
        #expect(objects[2]["line"] as? Int == 3)
        #expect((objects[2]["error"] as? String)?.contains("duration") == true)
        let summary = try #require(objects[4]["summary"] as? [String: Any])
        #expect(summary["items"] as? Int == 3)
        #expect(Self.number(summary, "content_height") == 30)
    }

    @Test("wraps chips as wide as their text plus padding into rows, a too-wide chip on a row of its own")
    func wrapsChipsIntoRows() throws {
        let long = String(repeating: "wide chip text ", count: 12)
        let input = """
            {"id":1,"text":"tag"}
            {"id":2,"text":"tag","padding":20}
            {"id":3,"text":"\(long)"}
            {"id":4,"text":"tag","vertical_padding":0}
            {"id":5,"text":"tag","padding":"wide"}

            """
        let run = try ToolRun(["layout", "--layout", "flow", "--spacing", "6", "--row-spacing", "10", "--padding", "8",
                               "--container-width", "300"], input: input)
        #expect(run.status == 1)
        let objects = run.outputObjects
        try #require(objects.count == 5)
        let (first, second, wide, last) = (objects[0], objects[1], objects[2], objects[3])
        let textWidth = try #require(Self.number(first, "width")) - 16
        #expect(textWidth > 10)
        #expect(Self.number(second, "width") == textWidth + 40)
        #expect(Self.number(second, "x") == textWidth + 16 + 6)
        #expect(Self.number(first, "height") == 28)  // one line of 20, 4 points above and below
        #expect(Self.number(wide, "x") == 0)
        #expect(Self.number(wide, "y") == 38)  // below the first row and its spacing
        #expect(Self.number(wide, "width") == 300)
        #expect(try #require(Self.number(wide, "text_height")) > 20)
        #expect(Self.number(last, "y") == 38 + (Self.number(wide, "height") ?? 0) + 10)
        #expect(Self.number(last, "height") == 20)
        #expect((objects[4]["error"] as? String)?.contains("padding") == true)
    }

    @Test("writes masonry by default and refuses an unknown layout or another layout's option")
    func choosesLayouts() throws {
        let masonry = try ToolRun(["layout", "--columns", "2", "--container-width", "410", "--spacing", "10"],
                                  input: "{\"id\":1,\"text\":\"x\"}\n")
        let explicit = try ToolRun(["layout", "--layout", "masonry", "--columns", "2", "--container-width", "410",
                                    "--spacing", "10"], input: "{\"id\":1,\"text\":\"x\"}\n")
        #expect(masonry.status == 0)
        #expect(masonry.standardOutput == explicit.standardOutput)
        #expect(try ToolRun(["layout", "--layout", "grid"], input: "").status == 2)
        let wrong = try ToolRun(["layout", "--layout", "timeline", "--columns", "3"], input: "")
        #expect(wrong.status == 2)
        #expect(wrong.standardError.contains("--columns"))
        #expect(try ToolRun(["page", "--layout", "flow", "--output", "/tmp/unused"], input: "").status == 2)
    }

    @Test("renders timeline and flow pages from the content's top, intervals before the origin included")
    func rendersTimelineAndFlow() throws {
        let scratch = try TemporaryDirectory()
        let day = scratch.path + "/day.png"
        let timeline = "{\"id\":1,\"start\":-10,\"duration\":20,\"text\":\"a\"}\n{\"id\":2,\"start\":30,\"duration\":5}\n"
        let run = try ToolRun(["render", "--layout", "timeline", "--time-scale", "2", "--container-width", "200",
                               "--output", day], input: timeline)
        #expect(run.status == 0, "\(run.standardError)")
        let size = try RenderAndFidelityTests.pngSize(URL(fileURLWithPath: day))
        #expect(size.width == 200 + 32)
        #expect(size.height == 90 + 32, "from y = -20 to 70")

        let chips = scratch.path + "/chips.png"
        let flow = try ToolRun(["render", "--layout", "flow", "--container-width", "200", "--output", chips],
                               input: "{\"id\":1,\"text\":\"tag\"}\n{\"id\":2,\"text\":\"chip\"}\n")
        #expect(flow.status == 0, "\(flow.standardError)")
        #expect(try RenderAndFidelityTests.pngSize(URL(fileURLWithPath: chips)).height == 28 + 32)
    }
}
