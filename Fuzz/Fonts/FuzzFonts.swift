import Foundation
import Typometer

/// libFuzzer target over font files: a bundled font, damaged as the input
/// says, becomes a one-file font set and the primary face of a measurer.
/// Each step must end in a ``TypometerError`` or a measurement (finite,
/// not negative, lines in order, prepared and direct alike): never a crash,
/// a hang or another error.
///
/// Input: byte 0 picks the font (low bits) and the profile (top bit); byte
/// 1 bit 0 cuts the file at the offset in bytes 2–4 (modulo its size); then
/// patches, each a 3-byte offset (modulo the size), a length byte and that
/// many bytes written there.
///
/// Built by `Scripts/fuzz` with `--sanitize=fuzzer -Xswiftc -DFUZZING`;
/// without `FUZZING` it is a replayer: `TypometerFuzzFonts FILE…`.
enum FuzzFonts {
    /// Small faces of different kinds: TrueType outlines (Hebrew, Thai) and
    /// CFF (Inter).
    static let fonts: [[UInt8]] = ["NotoSansHebrew-Regular.ttf", "NotoSansThai-Regular.ttf", "Inter-Regular.otf"].map {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fonts/\($0)").standardized
        return [UInt8](try! Data(contentsOf: url))
    }

    static let texts = ["Hello, world", "שלום עולם hello", "สวัสดีครับ ทุกคน", "a\u{0301}b 12:30 — “quoted” ﬁ",
                        "😀 漢字 مرحبا", String(repeating: "word ", count: 40)]

    static let scratch: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("typometer-fuzz-fonts-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    static func damaged(_ input: [UInt8]) -> [UInt8] {
        var font = fonts[Int(input[0] & 0x7F) % fonts.count]
        if input[1] & 1 == 1 {
            let cut = (Int(input[2]) << 16 | Int(input[3]) << 8 | Int(input[4])) % font.count
            font.removeSubrange(cut...)
        }
        var index = 5
        while index + 4 <= input.count, !font.isEmpty {
            let offset = (Int(input[index]) << 16 | Int(input[index + 1]) << 8 | Int(input[index + 2])) % font.count
            let length = min(Int(input[index + 3]), input.count - index - 4, font.count - offset)
            font.replaceSubrange(offset..<offset + length, with: input[(index + 4)..<(index + 4 + length)])
            index += 4 + length
        }
        return font
    }

    static func run(_ input: [UInt8]) {
        guard input.count >= 5 else { return }
        let profile: RenderingProfile = input[0] & 0x80 == 0 ? .chromium : .pango
        let directory = scratch.appendingPathComponent(UUID().uuidString)
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("font.ttf").path
        precondition(FileManager.default.createFile(atPath: path, contents: Data(damaged(input))))

        let measurer: TextMeasurer
        do {
            let fontSet = try FontSet(directory: directory.path)
            measurer = try TextMeasurer(
                style: TextStyle(font: .file(path: path), size: 15, lineLimit: input[1] & 2 == 0 ? nil : 2,
                                 profile: profile),
                fontSet: fontSet)
        } catch is TypometerError {
            return
        } catch {
            preconditionFailure("untyped error: \(error)")
        }
        for text in texts {
            for width in [0, 37.5, 320] {
                let height = measurer.height(of: text, width: width)
                let lines = measurer.lines(of: text, width: width)
                precondition(height.isFinite && height >= 0, "height \(height) of \(text)")
                precondition(lines.count == measurer.lineCount(of: text, width: width), "line count of \(text)")
                precondition(zip(lines, lines.dropFirst()).allSatisfy { $0.utf16Range.upperBound <= $1.utf16Range.lowerBound },
                             "lines out of order in \(text)")
                let prepared = measurer.prepare(text)
                precondition(measurer.height(of: prepared, width: width) == height, "prepared height of \(text)")
            }
        }
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFonts(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzFonts.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
#else
@main
enum ReplayFonts {
    static func main() throws {
        for path in CommandLine.arguments.dropFirst() {
            FuzzFonts.run([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            print("ok \(path)")
        }
    }
}
#endif
