import Foundation
import Synchronization
import Testing
import TypometerTestSupport

/// `render` sizes its picture from the input, so the size is checked before anything is
/// allocated: past 1,000,000 px a side (libpng's limit) or 2²⁸ px in all it is an error that
/// says so, at once. The PNG is written to a temporary file beside `--output` and renamed
/// over it, so a failed render leaves an existing file as it was. Regression (issue 39,
/// item 3): `"chrome":1e9` aborted ("failed to allocate 156000005024 bytes"), an aspect
/// ratio of 1e-6 or a timeline past Int's range trapped, and `"chrome":1e6` took 2.2 GB and
/// 18 s, failed "Invalid IHDR data", and deleted the file at `--output`.
@Suite("render canvas size")
struct RenderCanvasTests {
    static let tooLarge: [(arguments: [String], input: String)] = [
        ([], "{\"id\":1,\"text\":\"hi\",\"chrome\":1e9}\n"),
        ([], "{\"id\":1,\"text\":\"hi\",\"chrome\":1e6}\n"),
        ([], "{\"id\":1,\"text\":\"hi\",\"image_aspect_ratio\":1e-6}\n"),
        (["--layout", "timeline", "--time-scale", "1e6"], "{\"id\":1,\"start\":0,\"duration\":1e12}\n"),
        (["--layout", "timeline", "--time-scale", "1e6"], "{\"id\":1,\"start\":-1e12,\"duration\":0}\n{\"id\":2,\"start\":1e12,\"duration\":0}\n"),
        (["--container-width", "1e9", "--layout", "flow"], "{\"id\":1,\"text\":\"hi\"}\n"),
        (["--scale", "8", "--container-width", "20000"], String(repeating: "{\"id\":1,\"text\":\"hi\",\"chrome\":400}\n", count: 20)),
    ]

    // Refused before anything is allocated: the tool runs with 300 MB of data (the smallest
    // picture refused, 2^28 px of 4 bytes, needs 1 GB), so an allocation of the picture ends
    // the run with a signal instead of status 1.
    @Test("a picture past the size limit is refused before it is allocated and the existing output is kept",
          arguments: tooLarge)
    func refusesLargePictures(arguments: [String], input: String) throws {
        let scratch = try TemporaryDirectory()
        let output = try scratch.file("page.png", containing: "an earlier picture")
        let run = try ToolRun(["render", "--output", output.path] + arguments, inputData: Data(input.utf8),
                              dataLimit: 300 << 20)
        #expect(run.status == 1)
        #expect(run.standardError.contains("too large to draw"), "\(run.standardError)")
        #expect(try String(contentsOf: output, encoding: .utf8) == "an earlier picture")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["page.png"])
    }

    @Test("a picture is written in place of the existing output, no temporary file left beside it")
    func replacesOutput() throws {
        let scratch = try TemporaryDirectory()
        let output = try scratch.file("page.png", containing: "an earlier picture")
        let run = try ToolRun(["render", "--output", output.path], input: "{\"id\":1,\"text\":\"hi\"}\n")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try RenderAndFidelityTests.pngSize(output).height > 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["page.png"])
        let mode = try FileManager.default.attributesOfItem(atPath: output.path)[.posixPermissions] as? Int
        #expect(mode.map { $0 & 0o044 } == 0o044, "readable as a file written by fopen is")
    }

    @Test("an output that is a link is written through to the file it names, and stays a link")
    func writesThroughLinks() throws {
        let scratch = try TemporaryDirectory()
        let target = try scratch.file("target.png", containing: "an earlier picture")
        let link = scratch.path + "/link.png"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
        let run = try ToolRun(["render", "--output", link], input: "{\"id\":1,\"text\":\"hi\"}\n")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target.path)
        #expect(try RenderAndFidelityTests.pngSize(target).height > 0)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: scratch.path)) == ["link.png", "target.png"])
    }

    // The time limit turns a write that never ends into a failure (generous: other suites
    // share the test threads).
    @Test("an output that is not a regular file (a named pipe) is written directly, not replaced",
          .timeLimit(.minutes(10)))
    func writesIntoPipes() throws {
        let scratch = try TemporaryDirectory()
        let pipe = scratch.path + "/picture"
        #expect(mkfifo(pipe, 0o644) == 0)
        let received = Mutex(Data())
        let reader = Thread {
            let descriptor = open(pipe, O_RDONLY)
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while descriptor >= 0 {
                let count = read(descriptor, &buffer, buffer.count)
                if count <= 0 { break }
                data.append(contentsOf: buffer[..<count])
            }
            if descriptor >= 0 { close(descriptor) }
            received.withLock { $0 = data }
        }
        reader.start()
        let run = try ToolRun(["render", "--output", pipe], input: "{\"id\":1,\"text\":\"hi\"}\n")
        #expect(run.status == 0, "\(run.standardError)")
        while reader.isExecuting { Thread.sleep(forTimeInterval: 0.01) }
        #expect(received.withLock { $0.starts(with: [0x89, 0x50, 0x4E, 0x47]) })
        var info = stat()
        #expect(stat(pipe, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test("an output the picture cannot be written to is an error, and nothing is left behind")
    func unwritableOutput() throws {
        let scratch = try TemporaryDirectory()
        let run = try ToolRun(["render", "--output", scratch.path + "/missing/page.png"], input: "{\"id\":1,\"text\":\"hi\"}\n")
        #expect(run.status == 1)
        #expect(run.standardError.contains("cannot write"), "\(run.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [])
    }
}
