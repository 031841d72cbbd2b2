import Foundation
import Testing
import TypometerTestSupport

/// A line that is not what the tool reads says what is wrong with it: a member no command
/// reads is warned about on stderr, once per name (`--strict`: the line's error), and a
/// line that is not JSON says why and where. Regression (issue 39, "Say what is wrong with
/// a line"): a misspelt member was ignored silently, the line measured with the default,
/// and a byte order mark, a lone surrogate and bad UTF-8 were all "invalid JSON".
@Suite("what is wrong with a line")
struct LineDiagnosticsTests {
    static let misspelt = """
        {"id":1,"text":"a","line_hieght":2}
        {"id":2,"text":"b","line_hieght":2,"colour":"red"}
        {"id":3,"runs":[{"text":"c","wieght":700}]}

        """

    @Test("an unknown member is warned about once per name and the line measured")
    func warnsOncePerName() throws {
        let run = try ToolRun(["measure", "--threads", "1"], input: Self.misspelt)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.outputObjects.count == 3 && run.outputObjects.allSatisfy { $0["height"] is NSNumber })
        let warnings = run.standardError.split(separator: "\n")
        #expect(warnings == [
            "typometer measure: line 1: unknown member \"line_hieght\" ignored (warned once a name; --strict makes it an error)",
            "typometer measure: line 2: unknown member \"colour\" ignored (warned once a name; --strict makes it an error)",
            "typometer measure: line 3: unknown member \"wieght\" of a run ignored (warned once a name; --strict makes it an error)",
        ], "\(run.standardError)")
    }

    // Expected: each name's warning at the first line that carries it, in input
    // order, however the threads share out the lines of a chunk.
    @Test("on several threads the warnings come in input order, each at the first line with the name")
    func warnsInInputOrderOnThreads() throws {
        let lines = (1...2_500).map { number -> String in
            let members = [1, 400, 800, 1_700].contains(number) ? ",\"colour\":1" : number == 2 ? ",\"zz\":1"
                : number == 900 ? ",\"aa\":1,\"runs\":[{\"text\":\"a\",\"wieght\":1}]" : ""
            return "{\"id\":\(number),\"text\":\"a\"\(members)}"
        }
        let wanted = [
            "typometer measure: line 1: unknown member \"colour\" ignored (warned once a name; --strict makes it an error)",
            "typometer measure: line 2: unknown member \"zz\" ignored (warned once a name; --strict makes it an error)",
            "typometer measure: line 900: unknown member \"aa\" ignored (warned once a name; --strict makes it an error)",
            "typometer measure: line 900: unknown member \"wieght\" of a run ignored (warned once a name; --strict makes it an error)",
        ]
        for _ in 0..<3 {
            let run = try ToolRun(["measure", "--threads", "4"], input: lines.joined(separator: "\n") + "\n")
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardError.split(separator: "\n").map(String.init) == wanted, "\(run.standardError)")
        }
    }

    // Expected: 100 warnings one by one (MemberWarnings.limit), then one saying the rest
    // go unreported, then nothing, however many names follow.
    @Test("warns about the first 100 unknown names, then once that the rest go unreported")
    func boundsTheWarnings() throws {
        let input = (0..<1_000).map { "{\"id\":\($0),\"text\":\"a\",\"m\($0)\":1,\"n\($0)\":2}" }.joined(separator: "\n") + "\n"
        let run = try ToolRun(["measure", "--threads", "1"], input: input)
        #expect(run.status == 0)
        #expect(run.outputObjects.count == 1_000)
        let warnings = run.standardError.split(separator: "\n")
        #expect(warnings.count == 101, "\(warnings.suffix(3))")
        #expect(warnings.last == "typometer measure: line 51: more than 100 unknown member names; the rest are ignored without a warning (--strict makes them errors)")
    }

    @Test("with --strict an unknown member is the line's error")
    func strict() throws {
        let run = try ToolRun(["measure", "--strict"], input: Self.misspelt)
        #expect(run.status == 1)
        let errors = run.outputObjects.map { $0["error"] as? String }
        #expect(errors == ["unknown member \"line_hieght\"", "unknown member \"line_hieght\"",
                           "unknown member \"wieght\" of a run"])
    }

    @Test("each layout knows its own members and the style's", arguments: [
        ("masonry", #"{"id":1,"text":"a","chrome":4,"image_aspect_ratio":2,"size":12,"lang":"ja"}"#),
        ("timeline", #"{"id":1,"text":"a","start":0,"duration":30,"weight":700}"#),
        ("flow", #"{"id":1,"text":"a","padding":4,"vertical_padding":2,"italic":true}"#),
    ])
    func layoutMembers(kind: String, line: String) throws {
        let run = try ToolRun(["layout", "--layout", kind, "--strict"], input: line + "\n")
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardError.isEmpty)
        let other = try ToolRun(["layout", "--layout", kind, "--strict"], input: line.dropLast() + #","chrom":4}"# + "\n")
        #expect(other.outputObjects.first?["error"] as? String == "unknown member \"chrom\"")
    }

    static let notJSONLines: [(line: [UInt8], message: String)] = [
        ([0xEF, 0xBB, 0xBF] + Array(#"{"id":1,"text":"a"}"#.utf8),
         "invalid JSON: the line starts with a byte order mark (U+FEFF); write UTF-8 without one"),
        (Array(#"{"id":1,"text":"\ud83d x"}"#.utf8),
         "invalid JSON: a lone surrogate escape at byte offset 16 (a character past U+FFFF is escaped as a pair)"),
        (Array(#"{"id":1,"text":"\udc00"}"#.utf8),
         "invalid JSON: a lone surrogate escape at byte offset 16 (a character past U+FFFF is escaped as a pair)"),
        (Array(#"{"id":1,"text":"ab"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8), "invalid JSON: not UTF-8 at byte offset 18"),
        (Array(#"{"id":1,"text":"a"} "#.utf8) + [0xFF], "invalid JSON: not UTF-8 at byte offset 20"),
        (Array(#"{"id":1,"text":"a",}"#.utf8), "invalid JSON at byte offset 19"),
        (Array(#"{"id":1 "text":"a"}"#.utf8), "invalid JSON at byte offset 8"),
        (Array(#"[1,2]"#.utf8), "not a JSON object"),
    ]

    @Test("a line that is not JSON says why and at which byte", arguments: notJSONLines)
    func notJSON(line: [UInt8], message: String) throws {
        let run = try ToolRun(["measure"], inputData: Data(line + [0x0A]))
        #expect(run.status == 1)
        #expect(run.outputObjects.first?["error"] as? String == message, "\(run.standardOutput)")
    }

    @Test("help shows the runs of a styled text only for the command that reads them")
    func runsInHelp() throws {
        #expect(try ToolRun(["measure", "--help"]).standardOutput.contains("\"runs\""))
        for command in ["layout", "page", "render"] {
            let help = try ToolRun([command, "--help"]).standardOutput
            #expect(!help.contains("{\"id\":1,\"runs\""), "\(command)")
        }
    }

    @Test("layout, page and render refuse a line's runs rather than measure its text without them",
          arguments: [["layout"], ["layout", "--layout", "flow"], ["render"]])
    func refusesRuns(arguments: [String]) throws {
        let line = #"{"id":1,"text":"Ada shipped it","runs":[{"text":"Ada","size":40},{"text":" shipped it"}]}"#
        let scratch = try TemporaryDirectory()
        let run = try ToolRun(arguments + (arguments[0] == "render" ? ["--output", scratch.path + "/card.png"] : []),
                              input: line + "\n")
        #expect(run.status == 1)
        #expect((run.standardOutput + run.standardError).contains("(a styled text) is read by typometer measure only"),
                "\(run.standardOutput)\(run.standardError)")
    }
}
