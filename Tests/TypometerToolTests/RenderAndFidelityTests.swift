import Foundation
import Testing
import TypometerTestSupport

@Suite("typometer render and fidelity")
struct RenderAndFidelityTests {
    /// Width and height from a PNG's IHDR chunk.
    static func pngSize(_ url: URL) throws -> (width: Int, height: Int) {
        let data = try Data(contentsOf: url)
        try #require(data.count > 24)
        #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func word(_ offset: Int) -> Int { data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test("draws one text into a PNG as wide as the width plus margins and as tall as its lines")
    func rendersOneText() throws {
        let scratch = try TemporaryDirectory()
        let output = scratch.url.appendingPathComponent("one.png")
        // Three hard-broken single lines: 3 × 20 px in Noto Sans 15 (Chromium).
        let run = try ToolRun(["render", "--text", "one\ntwo\nthree", "--width", "200", "--output", output.path])
        #expect(run.status == 0, "\(run.standardError)")
        let size = try Self.pngSize(output)
        #expect(size.width == 200 + 2 * 16)
        #expect(size.height == 60 + 2 * 16)
    }

    @Test("draws a laid-out page as tall as its content height")
    func rendersPage() throws {
        let scratch = try TemporaryDirectory()
        let output = scratch.url.appendingPathComponent("page.png")
        let input = "{\"id\":1,\"text\":\"a\",\"chrome\":40}\n{\"id\":2,\"text\":\"b\",\"image_aspect_ratio\":4}\n"
        let run = try ToolRun(["render", "--columns", "2", "--spacing", "0", "--container-width", "400",
                               "--output", output.path], input: input)
        #expect(run.status == 0, "\(run.standardError)")
        let size = try Self.pngSize(output)
        #expect(size.width == 400 + 32)
        #expect(size.height == 70 + 32, "taller card: 20 text + 200 / 4 image")
    }

    @Test("prints the core set's tables and bars and draws its worst mismatches")
    func reportsFidelity() throws {
        let scratch = try TemporaryDirectory()
        let output = scratch.url.appendingPathComponent("worst.png")
        let run = try ToolRun(["fidelity", "--set", "core", "--worst", "2", "--png", output.path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("| core vs chromium | cases |"))
        #expect(run.standardOutput.contains("| core vs pango | cases |"))
        #expect(run.standardOutput.contains("exact lines chromium"))
        #expect(run.standardOutput.contains("| all | 173 |"))
        if run.standardOutput.contains("worst mismatches:") { _ = try Self.pngSize(output) }
    }

    @Test("exits 2 for an unknown renderer or set")
    func refusesBadFidelityOptions() throws {
        #expect(try ToolRun(["fidelity", "--renderer", "webkit"]).status == 2)
        #expect(try ToolRun(["fidelity", "--set", "core", "extra"]).status == 2)
    }

    @Test("prints help with an example for every subcommand", arguments: ["measure", "layout", "render", "fidelity"])
    func printsHelp(subcommand: String) throws {
        let run = try ToolRun([subcommand, "--help"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("Usage: typometer \(subcommand)"))
        #expect(run.standardOutput.contains("Example"))
    }

    @Test("prints its name and a version of three numbers")
    func printsVersion() throws {
        let run = try ToolRun(["--version"])
        #expect(run.status == 0)
        #expect(run.standardOutput.wholeMatch(of: /typometer \d+\.\d+\.\d+\n/) != nil)
    }
}
