import Foundation
import Testing

/// Input lines longer than `--max-line-bytes` get an error line and the run
/// goes on; a line at the limit is read whole. The lines cross the reader's
/// 64 KiB buffer, so their ends are found across reads.
@Suite("typometer reads long input lines with a cap")
struct LongLineTests {
    /// A JSON Lines record whose line is exactly `length` bytes long.
    static func record(id: String, length: Int) -> String {
        let head = #"{"id":""# + id + #"","text":""#
        let tail = #""}"#
        let body = String(repeating: "word ", count: (length - head.count - tail.count) / 5 + 1)
        let line = head + body.prefix(length - head.count - tail.count) + tail
        precondition(line.utf8.count == length)
        return line
    }

    @Test("a line over the cap gets an error in its place; the lines around it are measured")
    func cappedLines() throws {
        let limit = 100_000
        let input = [
            #"{"id":"before","text":"Hello"}"#,
            LongLineTests.record(id: "too-long", length: limit + 1),
            LongLineTests.record(id: "at-limit", length: limit) + "\r",
            LongLineTests.record(id: "far-too-long", length: 3 * limit) + "\r",
            #"{"id":"after","text":"World"}"#,
            LongLineTests.record(id: "last-too-long", length: limit + 7),
        ].joined(separator: "\n")
        let run = try ToolRun(["measure", "--quiet", "--max-line-bytes", String(limit)], input: input)
        #expect(run.status == 1, "\(run.standardError)")
        let objects = run.outputObjects
        #expect(objects.count == 6)
        guard objects.count == 6 else { return }
        #expect(objects[0]["id"] as? String == "before" && objects[0]["lines"] as? Int == 1)
        #expect(objects[2]["id"] as? String == "at-limit")
        #expect((objects[2]["lines"] as? Int ?? 0) > 1)
        #expect(objects[4]["id"] as? String == "after" && objects[4]["lines"] as? Int == 1)
        for (index, length) in [(1, limit + 1), (3, 3 * limit), (5, limit + 7)] {
            #expect(objects[index]["line"] as? Int == index + 1)
            #expect(objects[index]["error"] as? String
                == "line too long: \(length) bytes, more than the limit of \(limit)", "\(objects[index])")
        }
    }

    @Test("by default a line of more than 16 MiB is refused, one of 16 MiB is measured")
    func defaultCap() throws {
        let limit = 16 << 20
        let input = LongLineTests.record(id: "at-limit", length: limit) + "\n"
            + LongLineTests.record(id: "too-long", length: limit + 1) + "\n"
        let run = try ToolRun(["measure", "--quiet", "--width", "100000"], input: input)
        let objects = run.outputObjects
        #expect(run.status == 1)
        #expect(objects.count == 2)
        #expect(objects.first?["id"] as? String == "at-limit")
        #expect(objects.first?["height"] is NSNumber)
        #expect(objects.last?["error"] as? String == "line too long: \(limit + 1) bytes, more than the limit of \(limit)")
    }

    @Test("--max-line-bytes must be a whole number from 1")
    func badOption() throws {
        for value in ["0", "-1", "big"] {
            let run = try ToolRun(["measure", "--max-line-bytes", value], input: #"{"id":1,"text":"x"}"#)
            #expect(run.status == 2, "\(value)")
        }
    }

    /// Regression (issue 39, item 9): Chromium's intrinsic widths shaped a paragraph whole,
    /// its items kept for every code unit: one 16 MiB line took 1.75 GB (this 2 MiB one
    /// 235 MB; it stops for want of memory under the limit here), where its height alone takes
    /// 82 MB. It is now measured window by window (about 35 MB).
    @Test("--intrinsic on a 2 MiB line runs within a 120 MB data limit, as its height does")
    func intrinsicWidthsOfALongLineInBoundedMemory() throws {
        let input = Data((LongLineTests.record(id: "long", length: 2 << 20) + "\n").utf8)
        let run = try ToolRun(["measure", "--intrinsic", "--threads", "1"], inputData: input, dataLimit: 120 << 20)
        #expect(run.status == 0, "\(run.standardError.prefix(200))")
        #expect((run.outputObjects.first?["max_content_width"] as? NSNumber)?.doubleValue == 16_728_915)
        #expect((run.outputObjects.first?["min_content_width"] as? NSNumber)?.doubleValue == 36)
    }
}
