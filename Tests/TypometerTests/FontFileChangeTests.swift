import Foundation
import Testing
@testable import Typometer
import TypometerTestSupport

/// A font file changed on disk after it was loaded — truncated, or overwritten in place by
/// a font update — never takes the process down: a face's bytes are read into memory, and
/// the font set keys faces by the file's identity (device, inode, size, times), so the next
/// lookup reads the file as it is now. Regression (issue 39, item 2): faces were mapped
/// from their files, and measuring after a truncation raised SIGBUS.
@Suite struct FontFileChangeTests {
    static let fonts = FontSet.bundledFontsDirectory
    static let text = "Sphinx of black quartz, judge my vow: the quick brown fox jumps over the lazy dog"

    /// A copy of the bundled `name` in `directory`.
    static func copy(_ name: String, into directory: TemporaryDirectory) throws -> String {
        let path = directory.path + "/font.otf"
        try Data(contentsOf: URL(fileURLWithPath: fonts + "/" + name)).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Overwrites the file at `path` in place (same inode), as `cp` over it does.
    static func overwrite(_ path: String, with contents: Data) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: contents)
        try handle.close()
    }

    @Test("a measurer of a font file measures on after the file is truncated to nothing",
          arguments: RenderingProfile.allCases)
    func truncatedAfterLoading(profile: RenderingProfile) throws {
        let directory = try TemporaryDirectory()
        let path = try Self.copy("Inter-Regular.otf", into: directory)
        let fontSet = try FontSet.bundled()
        let measurer = try TextMeasurer(style: TextStyle(font: .file(path: path), size: 15, profile: profile),
                                        fontSet: fontSet)
        let original = try TextMeasurer(style: TextStyle(font: .family("Inter"), size: 15, profile: profile),
                                        fontSet: fontSet)
        try Self.overwrite(path, with: Data())
        // Words never shaped before: their glyphs are read now.
        for width in [90.0, 140, 333] {
            #expect(measurer.size(of: Self.text, width: width) == original.size(of: Self.text, width: width))
        }
        #expect(throws: TypometerError.notAFont(path: path)) {
            try TextMeasurer(style: TextStyle(font: .file(path: path), size: 16, profile: profile), fontSet: fontSet)
        }
    }

    @Test("a font file overwritten in place by a smaller font: the old face measures on, a new lookup reads the new one")
    func overwrittenInPlace() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.copy("Inter-Regular.otf", into: directory)
        let fontSet = try FontSet.bundled()
        let before = try TextMeasurer(style: TextStyle(font: .file(path: path), size: 15), fontSet: fontSet)
        let inter = try TextMeasurer(style: TextStyle(font: .family("Inter"), size: 15), fontSet: fontSet)
        try Self.overwrite(path, with: Data(contentsOf: URL(fileURLWithPath: Self.fonts + "/NotoSansHebrew-Regular.ttf")))
        #expect(before.size(of: Self.text, width: 200) == inter.size(of: Self.text, width: 200))
        let after = try TextMeasurer(style: TextStyle(font: .file(path: path), size: 15), fontSet: fontSet)
        #expect(after.primaryFace.family == "Noto Sans Hebrew")
        #expect(before.primaryFace.family == "Inter")
    }
}
