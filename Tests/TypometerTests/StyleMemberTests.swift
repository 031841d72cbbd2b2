import Foundation
import Testing
@testable import Typometer
import TypometerCorpus
import TypometerJSONLines

/// The one table of style members (`StyleMember.all`) reaches every
/// interface: each member read from an input line sets the style, each run
/// member sets a run's style, and the reference generators' field list
/// (`Scripts/reference/styles.py`) is the table's.
@Suite struct StyleMemberTests {
    /// A JSON value for each kind, other than the style's default.
    static func sample(for kind: StyleMember.Kind) -> String {
        switch kind {
        case .number(let range): "\(range.upperBound)"
        case .flag: "true"
        case .weight: "\"bold\""
        case .features: "[\"tnum\", \"-liga\"]"
        case .lineHeight: "\"22px\""
        case .choice(let names): "\"\(names.last!)\""
        }
    }

    static func record(_ json: String) throws -> InputRecord {
        try InputRecord(InputLine(number: 1, bytes: Array(json.utf8)))
    }

    @Test("each member of an input line changes the style it is read into", arguments: StyleMember.all.map(\.name))
    func lineMembersSetTheStyle(name: String) throws {
        let member = try #require(StyleMember.all.first { $0.name == name })
        var style = TextStyle()
        try Self.record("{\"\(name)\": \(Self.sample(for: member.kind))}").applyStyleMembers(to: &style)
        #expect(style != TextStyle())
    }

    @Test("each run member changes the run's style; the others are not read from runs",
          arguments: StyleMember.all.map(\.name))
    func runMembersSetTheRunStyle(name: String) throws {
        let member = try #require(StyleMember.all.first { $0.name == name })
        var style = RunStyle()
        try Self.record("{\"\(name)\": \(Self.sample(for: member.kind))}").applyRunStyleMembers(to: &style)
        #expect((style != RunStyle()) == member.inRuns)
    }

    @Test("a value outside a member's range or choices is the line's error, naming the member")
    func badValues() throws {
        for member in StyleMember.all {
            let bad: String
            switch member.kind {
            case .number(let range): bad = "\(range.upperBound + 1)"
            case .choice: bad = "\"none of them\""
            case .weight: bad = "1001"
            case .features: bad = "\"!!\""
            case .lineHeight: bad = "\"tall\""
            case .flag: bad = "\"yes\""
            }
            var style = TextStyle()
            #expect(throws: LineFailure.self, "\(member.name)") {
                try Self.record("{\"\(member.name)\": \(bad)}").applyStyleMembers(to: &style)
            }
        }
    }

    @Test("the reference generators' run fields are the table's run members")
    func referenceScriptsFollowTheTable() throws {
        let script = try String(contentsOfFile: Corpus.root + "/Scripts/reference/styles.py", encoding: .utf8)
        func tuple(_ name: String) throws -> [String] {
            let line = try #require(script.split(separator: "\n").first { $0.hasPrefix("\(name) = ") })
            return line.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        // RUN_KEYS = ("family", "font", "size") + STYLE_KEYS: the font by
        // family or file, then the members runs share with the table.
        let runKeys = try tuple("RUN_KEYS") + tuple("STYLE_KEYS")
        #expect(Set(runKeys) == Set(["family", "font"] + StyleMember.runNames))
        #expect(runKeys.count == 2 + StyleMember.runNames.count)
    }
}
