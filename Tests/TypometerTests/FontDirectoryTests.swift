import Foundation
import Testing
import Typometer
import TypometerTestSupport

/// A font set made from a directory reflects the files as they are when it is made, and
/// reads only regular files. Regressions (issue 39, items 11 and 12): Fontconfig's cache of
/// the directory, valid while the directory's own time stays, kept a font replaced in place
/// by another of the same name; a named pipe in the directory hung the scan forever.
@Suite struct FontDirectoryTests {
    static let fonts = FontSet.bundledFontsDirectory

    @Test("a font replaced in place by another of the same name is the new font in a set made after")
    func replacedInPlace() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/Body.ttf"
        try Data(contentsOf: URL(fileURLWithPath: Self.fonts + "/Inter-Regular.otf")).write(to: URL(fileURLWithPath: path))
        #expect(try FontSet(directory: directory.path).families == ["Inter"])
        // As `cp` over it writes: the same file, new contents, and the directory's
        // time (all Fontconfig's cache checks) unchanged.
        var before = stat()
        #expect(stat(directory.path, &before) == 0)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(contentsOf: URL(fileURLWithPath: Self.fonts + "/NotoSerif-Regular.ttf")))
        try handle.close()
        var after = stat()
        #expect(stat(directory.path, &after) == 0)
        #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
        let fontSet = try FontSet(directory: directory.path)
        #expect(fontSet.families == ["Noto Serif"])
        #expect(throws: TypometerError.familyNotFound("Inter")) { try fontSet.face(family: "Inter") }
        let measurer = try TextMeasurer(style: TextStyle(font: .family("Noto Serif")), fontSet: fontSet)
        #expect(measurer.height(of: "Hello", width: 320) > 0)
    }

    @Test("named pipes in the directory and below it are skipped, not waited on", .timeLimit(.minutes(10)))
    func namedPipes() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.path + "/more", withIntermediateDirectories: true)
        _ = try directory.copy(Self.fonts + "/NotoSans-Regular.ttf")
        try FileManager.default.copyItem(atPath: Self.fonts + "/NotoSansHebrew-Regular.ttf",
                                         toPath: directory.path + "/more/NotoSansHebrew-Regular.ttf")
        let pipes = [directory.path + "/pipe.ttf", directory.path + "/more/pipe.otf"]
        for pipe in pipes { #expect(mkfifo(pipe, 0o644) == 0) }
        // Should the scan wait on a pipe, a writer opens each (every second, past
        // 20 s) and ends the wait, so this test fails on time rather than hanging.
        let started = Date()
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 20)
            for _ in 0..<60 {
                for pipe in pipes {
                    let descriptor = open(pipe, O_WRONLY | O_NONBLOCK)
                    if descriptor >= 0 { close(descriptor) }
                }
                Thread.sleep(forTimeInterval: 1)
            }
        }
        let fontSet = try FontSet(directory: directory.path)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(Set(fontSet.families) == ["Noto Sans", "Noto Sans Hebrew"])
    }
}
