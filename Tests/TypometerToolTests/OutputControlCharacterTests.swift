import Foundation
import Testing

/// Output lines hold no raw control character: an input id's JSON text is echoed with the
/// whitespace between its tokens (tab, carriage return) turned into spaces, the same value.
/// Regression (issue 39, item 16): `{"id":{"a":1,\r"b":2},…}` was echoed with its raw CR,
/// so a reader splitting on CR saw three broken records.
@Suite("output control characters")
struct OutputControlCharacterTests {
    static let input = "{\"id\":{\"a\":1,\r\"b\":2},\"text\":\"x\"}\n{\"id\":[1,\t2],\"text\":\"y\",\"size\":\"big\"}\n"

    /// Whether `output` holds a byte below U+0020 other than the newline ending each line.
    static func hasRawControlCharacter(_ output: String) -> Bool {
        output.utf8.contains { $0 < 0x20 && $0 != 0x0A }
    }

    @Test("measure and layout echo ids with whitespace as spaces, in results and errors alike",
          arguments: [["measure"], ["layout"], ["layout", "--layout", "flow"]])
    func echoesWithoutControlCharacters(arguments: [String]) throws {
        let run = try ToolRun(arguments, input: Self.input)
        #expect(run.outputLines.count == 2)
        #expect(!Self.hasRawControlCharacter(run.standardOutput), "\(run.standardOutput.debugDescription)")
        let objects = run.outputObjects
        #expect((objects[0]["id"] as? [String: Int]) == ["a": 1, "b": 2])
        #expect((objects[1]["id"] as? [Int]) == [1, 2] && objects[1]["error"] is String)
    }
}
