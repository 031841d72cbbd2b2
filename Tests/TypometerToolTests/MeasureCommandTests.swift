import Foundation
import Testing
import TypometerCorpus
import TypometerTestSupport

@Suite("typometer measure")
struct MeasureCommandTests {
    @Test("gives Chromium's line counts and heights for every core case read from stdin")
    func matchesChromiumOnCoreCases() throws {
        let (input, pairs) = try CoreCases.input()
        let run = try ToolRun(["measure", "--quiet"], input: input)
        #expect(run.status == 0, "\(run.standardError)")
        let objects = run.outputObjects
        #expect(objects.count == pairs.count)
        for (object, (referenceCase, reference)) in zip(objects, pairs) {
            #expect(object["id"] as? String == referenceCase.id)
            #expect(object["lines"] as? Int == reference.lines, "\(referenceCase.id)")
            #expect((object["height"] as? NSNumber)?.doubleValue == reference.height, "\(referenceCase.id)")
        }
    }

    // Each line's "lang" is its text's language (the page's `lang`, Pango's
    // context language), its "line_height" CSS's, its "weight", "italic",
    // spacing and "features" CSS's, its "runs" a styled paragraph: the
    // languages, line-height, styles and runs sets' references, measured by
    // the tool under both profiles.
    @Test("measures each line in its \"lang\", \"line_height\", style and runs as Chromium and Pango draw it",
          arguments: ["languages", "line-height", "styles", "runs"], ReferenceRenderer.allCases)
    func measuresInEachLanguage(set: String, renderer: ReferenceRenderer) throws {
        let (input, pairs) = try CoreCases.input(set: set, renderer: renderer)
        let run = try ToolRun(["measure", "--quiet", "--profile", renderer.rawValue], input: input)
        #expect(run.status == 0, "\(run.standardError)")
        let objects = run.outputObjects
        #expect(objects.count == pairs.count)
        let listed = Set(try KnownDisagreement.all()
            .filter { $0.renderer == renderer.rawValue && $0.devicePixelRatio == 1 }.map(\.id))
        var mismatches: [String] = []
        for (object, (referenceCase, reference)) in zip(objects, pairs) where !listed.contains(referenceCase.id) {
            let height = (object["height"] as? NSNumber)?.doubleValue ?? .nan
            if object["lines"] as? Int != reference.lines || abs(height - (reference.height ?? .nan)) > 0.01 {
                mismatches.append(referenceCase.id)
            }
        }
        #expect(mismatches == [])
    }

    // The languages set at ratio 2 through the option, the line-height set
    // at 1.5 through each line's member: Chromium 156's results on those
    // screens (Corpus/reference/dpr-2, dpr-1.5).
    @Test("--device-pixel-ratio and a line's \"device_pixel_ratio\" give Chromium's results on that screen",
          arguments: [("languages", 2.0, false), ("line-height", 1.5, true)])
    func measuresAtADevicePixelRatio(set: String, ratio: Double, member: Bool) throws {
        let (input, pairs) = try CoreCases.input(set: set, devicePixelRatio: ratio, ratioMember: member)
        let options = member ? [] : ["--device-pixel-ratio", "\(ratio)"]
        let run = try ToolRun(["measure", "--quiet"] + options, input: input)
        #expect(run.status == 0, "\(run.standardError)")
        let objects = run.outputObjects
        #expect(objects.count == pairs.count && pairs.count >= 500)
        var mismatches: [String] = []
        for (object, (referenceCase, reference)) in zip(objects, pairs) {
            let height = (object["height"] as? NSNumber)?.doubleValue ?? .nan
            if object["lines"] as? Int != reference.lines || abs(height - (reference.height ?? .nan)) > 0.01 {
                mismatches.append(referenceCase.id)
            }
        }
        #expect(mismatches == [])
    }

    @Test("with --intrinsic, gives Chromium's min-content, max-content and widest line box of styled runs, to the LayoutUnit")
    func measuresIntrinsicWidthsOfRuns() throws {
        let (input, pairs) = try CoreCases.input(set: "runs", renderer: .chromium)
        let run = try ToolRun(["measure", "--quiet", "--intrinsic"], input: input)
        #expect(run.status == 0, "\(run.standardError)")
        // Chromium 156's `width: min-content` and `max-content` boxes and its
        // widest line box at the case's width, over all the lines
        // (KIND=intrinsic Scripts/reference/generate runs).
        var expected: [String: (min: Double, max: Double, widest: Double)] = [:]
        let path = Corpus.root + "/Corpus/reference/runs.chromium.intrinsic.jsonl"
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if let id = object["id"] as? String, let minimum = (object["min_content"] as? NSNumber)?.doubleValue,
               let maximum = (object["max_content"] as? NSNumber)?.doubleValue,
               let widest = (object["widest_line"] as? NSNumber)?.doubleValue {
                expected[id] = (minimum, maximum, widest)
            }
        }
        var compared = 0, comparedWidest = 0
        var mismatches: [String] = [], widestMismatches: [String] = []
        for (object, (referenceCase, _)) in zip(run.outputObjects, pairs) {
            guard let reference = expected[referenceCase.id] else { continue }
            compared += 1
            let minimum = (object["min_content_width"] as? NSNumber)?.doubleValue ?? .nan
            let maximum = (object["max_content_width"] as? NSNumber)?.doubleValue ?? .nan
            if !(abs(minimum - reference.min) <= 0.01 && abs(maximum - reference.max) <= 0.01) {
                mismatches.append(referenceCase.id)
            }
            // `used_width` is under the line limit; the reference's widest
            // line is of all lines: comparable where there is no limit.
            if referenceCase.lineLimit == nil {
                comparedWidest += 1
                let used = (object["used_width"] as? NSNumber)?.doubleValue ?? .nan
                if !(abs(used - reference.widest) <= 0.01) { widestMismatches.append(referenceCase.id) }
            }
        }
        #expect(compared == pairs.count)
        #expect(comparedWidest > 500)
        #expect(Double(mismatches.count) <= 0.005 * Double(compared), "\(mismatches)")
        #expect(Double(widestMismatches.count) <= 0.005 * Double(comparedWidest), "\(widestMismatches)")
    }

    @Test("reads a file operand exactly as it reads stdin")
    func readsFileLikeStdin() throws {
        let (input, _) = try CoreCases.input()
        let scratch = try TemporaryDirectory()
        let file = try scratch.file("core.jsonl", containing: input)
        let fromFile = try ToolRun(["measure", file.path])
        let fromStdin = try ToolRun(["measure"], input: input)
        #expect(fromFile.status == 0)
        #expect(fromFile.standardOutput == fromStdin.standardOutput)
        #expect(try ToolRun(["measure", "-"], input: input).standardOutput == fromStdin.standardOutput)
    }

    @Test("puts an error object in place of each kind of bad line, keeps going and exits 1")
    func reportsBadLinesInPlace() throws {
        let input = """
            {"id":"ok-1","text":"Hello"}
            {"id":"broken","text":
            [1,2,3]
            {"id":"no-text"}
            {"id":"number-text","text":42}
            {"id":"bad-size","text":"x","size":"large"}
            {"id":"negative-width","text":"x","width":-5}
            {"id":"fraction-limit","text":"x","line_limit":1.5}
            {"id":"missing-font","text":"x","font_file":"/nonexistent/font.ttf"}
            {"id":"not-a-font","text":"x","font_file":"/etc/hostname"}
            {"id":"unknown-family","text":"x","font":"No Such Family"}
            {"id":"ok-2","text":"World"}

            """
        let run = try ToolRun(["measure"], input: input)
        #expect(run.status == 1)
        let objects = run.outputObjects
        #expect(objects.count == 12)
        #expect(objects.first?["lines"] as? Int == 1)
        #expect(objects.last?["lines"] as? Int == 1)
        #expect(objects.last?["id"] as? String == "ok-2")
        for (offset, object) in objects.enumerated().dropFirst().dropLast() {
            #expect(object["line"] as? Int == offset + 1)
            #expect(object["error"] is String, "line \(offset + 1): \(object)")
            #expect(object["lines"] == nil)
        }
        #expect(objects[1]["id"] == nil, "invalid JSON has no known id")
        #expect(objects[3]["id"] as? String == "no-text")
        #expect(objects[10]["id"] as? String == "unknown-family")
    }

    @Test("numbers lines from --first-line, so the pieces of an input measured apart read as the whole")
    func numbersLinesFromFirstLine() throws {
        let lines = [
            #"{"text":"no id, line 1"}"#, "", #"{"id":"a","text":"Hello"}"#, "{broken", "  ",
            #"{"text":"no id, line 6"}"#, #"{"id":"b"}"#, #"{"text":"no id, line 8"}"#,
        ]
        let whole = try ToolRun(["measure", "--width", "100", "--width", "200"],
                                input: lines.joined(separator: "\n") + "\n")
        #expect(whole.status == 1)
        #expect(whole.outputObjects.compactMap { $0["line"] as? Int } == [1, 1, 4, 6, 6, 7, 8, 8])
        for split in 1..<lines.count {
            let head = try ToolRun(["measure", "--width", "100", "--width", "200"],
                                   input: lines[..<split].joined(separator: "\n") + "\n")
            let tail = try ToolRun(["measure", "--width", "100", "--width", "200", "--first-line", "\(split + 1)"],
                                   input: lines[split...].joined(separator: "\n") + "\n")
            #expect(head.standardOutput + tail.standardOutput == whole.standardOutput, "split before line \(split + 1)")
        }
        let far = try ToolRun(["measure", "--first-line", "1000000000000"], input: #"{"text":"x"}"# + "\n{")
        #expect(far.outputLines == [
            #"{"line":1000000000000,"width":320,"lines":1,"height":20}"#,
            #"{"line":1000000000001,"error":"invalid JSON at byte offset 1"}"#,
        ])
    }

    @Test("writes nothing and exits 0 for empty input")
    func acceptsEmptyInput() throws {
        for input in ["", "\n\n  \n"] {
            let run = try ToolRun(["measure"], input: input)
            #expect(run.status == 0)
            #expect(run.standardOutput.isEmpty)
        }
    }

    // Expected: the bundled set is the directory Fonts/, so the same heights as without it.
    @Test("takes a --fonts-dir relative to the working directory, without a word on stderr")
    func relativeFontsDirectory() throws {
        let input = "{\"id\":1,\"text\":\"Hello, world: a line of text that wraps.\"}\n"
        let relative = try ToolRun(["measure", "--fonts-dir", "Fonts", "--width", "120"], input: input)
        #expect(relative.status == 0)
        #expect(relative.standardError.isEmpty, "\(relative.standardError)")
        #expect(relative.standardOutput == (try ToolRun(["measure", "--width", "120"], input: input)).standardOutput)
    }

    @Test("exits 2 with a message on stderr and no output for bad options", arguments: [
        ["measure", "--no-such-option"],
        ["measure", "--width", "wide"],
        ["measure", "--width"],
        ["measure", "--size", "-3"],
        ["measure", "--profile", "webkit"],
        ["measure", "--lang", "not a language"],
        ["measure", "--line-height", "tall"],
        ["measure", "--line-height", "-2"],
        ["measure", "--threads", "0"],
        ["measure", "--first-line", "0"],
        ["measure", "--first-line", "-3"],
        ["measure", "--first-line", "2.5"],
        ["measure", "--first-line", "1000000000001"],
        ["measure", "--font", "No Such Family"],
        ["measure", "--font-file", "/nonexistent/font.ttf"],
        ["measure", "--font", "Inter", "--font-file", "Fonts/Inter-Regular.otf"],
        ["measure", "--fonts-dir", "/nonexistent-directory"],
        ["measure", "/nonexistent/input.jsonl"],
        ["measure", "a.jsonl", "b.jsonl"],
        ["no-such-subcommand"],
    ])
    func refusesBadOptions(arguments: [String]) throws {
        let run = try ToolRun(arguments, input: "{\"id\":1,\"text\":\"x\"}\n")
        #expect(run.status == 2)
        #expect(run.standardOutput.isEmpty)
        #expect(!run.standardError.isEmpty)
    }

    @Test("measures a single 10 MB line, with and without a line limit")
    func measuresTenMegabyteLine() throws {
        let text = String(repeating: "word ", count: 2_000_000)
        let input = "{\"id\":\"clamped\",\"text\":\"\(text)\",\"line_limit\":2}\n{\"id\":\"full\",\"text\":\"\(text)\"}\n"
        let run = try ToolRun(["measure"], input: input)
        #expect(run.status == 0)
        let objects = run.outputObjects
        // Noto Sans at 15 px: Chromium draws 20 px lines (Corpus/README.md).
        #expect(objects.first?["lines"] as? Int == 2)
        #expect(objects.first?["height"] as? Int == 40)
        let lines = try #require(objects.last?["lines"] as? Int)
        #expect(lines > 10_000)
        #expect(objects.last?["height"] as? Int == lines * 20)
    }

    @Test("writes one result per width, in the order given, for each line in turn")
    func measuresSeveralWidths() throws {
        let input = "{\"id\":\"a\",\"text\":\"The quick brown fox jumps over the lazy dog.\"}\n{\"id\":\"b\",\"text\":\"Short\"}\n"
        let run = try ToolRun(["measure", "--width", "60", "--width", "120.5", "--width", "1000"], input: input)
        #expect(run.status == 0)
        let objects = run.outputObjects
        #expect(objects.map { $0["id"] as? String } == ["a", "a", "a", "b", "b", "b"])
        #expect(objects.map { ($0["width"] as? NSNumber)?.doubleValue } == [60, 120.5, 1000, 60, 120.5, 1000])
        let lines = objects.prefix(3).compactMap { $0["lines"] as? Int }
        #expect(lines == lines.sorted(by: >), "wider never takes more lines")
        #expect(lines.last == 1)
    }

    @Test("echoes each id as the same JSON text, whatever its type")
    func echoesIDs() throws {
        let ids = [
            "\"text\"", "7", "1.0", "-2.5e3", "12345678901234567890", "true", "null",
            "{\"nested\":[1,{\"a\":\"b\"}],\"z\":0}", "[1,\"two\"]", "\"quote \\\" and \\u00e9\"",
        ]
        let input = ids.map { "{\"id\":\($0),\"text\":\"x\"}\n" }.joined()
        let run = try ToolRun(["measure"], input: input)
        #expect(run.status == 0)
        #expect(run.outputLines.count == ids.count)
        for (line, id) in zip(run.outputLines, ids) {
            #expect(line.hasPrefix("{\"id\":\(id),\"width\":"), "\(line)")
        }
    }

    @Test("keeps input order across chunks measured on several threads")
    func keepsInputOrder() throws {
        let count = 2_500
        let input = (0..<count).map { index in
            "{\"id\":\(index),\"text\":\"\(String(repeating: "word ", count: (index * 37) % 200))\"}\n"
        }.joined()
        let run = try ToolRun(["measure", "--threads", "4"], input: input)
        #expect(run.status == 0)
        #expect(run.outputObjects.map { $0["id"] as? Int } == (0..<count).map { $0 })
    }

    @Test("answers a line before its input ends", .timeLimit(.minutes(10)))
    func streamsOutput() throws {
        let process = Process()
        process.executableURL = try ToolRun.executable()
        process.arguments = ["measure"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("{\"id\":1,\"text\":\"first\"}\n".utf8))
        let firstLine = output.fileHandleForReading.availableData
        #expect(String(decoding: firstLine, as: UTF8.self).hasPrefix("{\"id\":1,"))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
