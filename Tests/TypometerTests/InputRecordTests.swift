import Testing
import TypometerJSONLines

/// The JSON Lines reader's members: a number too large for a double makes a line invalid
/// unless a later member of the same name replaces it (as Foundation reads it).
@Suite struct InputRecordTests {
    static func record(_ json: String) throws(LineFailure) -> InputRecord {
        try InputRecord(InputLine(number: 1, bytes: Array(json.utf8)))
    }

    @Test("a number too large for a double is invalid JSON unless a later member of the same name replaces it")
    func replacedHugeNumbers() throws {
        for json in [#"{"a":1e999}"#, #"{"a":1,"a":1e999}"#, #"{"a":1e999,"b":1e999,"b":2}"#,
                     #"{"a_member_name_of_20":1e999,"a_member_name_of_21":2}"#] {
            #expect(throws: LineFailure.self, "\(json)") { try Self.record(json) }
        }
        for (json, value) in [(#"{"a":1e999,"a":1}"#, 1.0), (#"{"a":-1e999,"b":1,"a":2}"#, 2),
                              (#"{"a":1e999,"a":1e999,"a":3}"#, 3), (#"{"a_member_name_of_20":1e999,"a_member_name_of_20":4}"#, 4)] {
            let record = try Self.record(json)
            let name = json.contains("of_20") ? "a_member_name_of_20" : "a"
            #expect(try record.number(name, in: 0...10) == value, "\(json)")
        }
    }

    /// Regression (issue 39): each huge number was checked against every later member, so
    /// 200,000 of them, each replaced later in the line, took 188 s (release); listing the
    /// members the tool does not read searched a list of those found (81 s).
    @Test("checks 200,000 huge numbers replaced later in the line, and lists its unknown members, in seconds")
    func replacedHugeNumbersInLinearTime() throws {
        let count = 200_000
        func line(replacing replaced: Range<Int>) -> String {
            var json = #"{"id":1"#
            for index in 0..<count { json += #","k\#(index)":1e999"# }
            for index in replaced { json += #","k\#(index)":1"# }
            return json + "}"
        }
        let json = line(replacing: 0..<count)
        let clock = ContinuousClock()
        let start = clock.now
        let record = try Self.record(json)
        // The tool warns once about each member it does not read.
        let unknown = record.unknownMembers(MemberNames(["id", "text"]))
        let elapsed = clock.now - start
        #expect(unknown.count == count && unknown.first == "k0" && unknown.last == "k\(count - 1)")
        #expect(try record.number("k\(count - 1)", in: 0...1) == 1)
        #expect(elapsed < .seconds(20), "\(elapsed)")
        // One left unreplaced, the first: still invalid.
        #expect(throws: LineFailure.self) { try Self.record(line(replacing: 1..<count)) }
    }
}
