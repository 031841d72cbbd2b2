import Foundation
import Typometer

/// libFuzzer target over measuring: the first bytes choose a style and a
/// width, the rest is the text (as UTF-8, or as UTF-16 code units, lone
/// surrogates included, both repaired by Swift's decoding). Every call must
/// return, and the results must agree with each other.
///
/// Built by `Scripts/fuzz` with `--sanitize=fuzzer -Xswiftc -DFUZZING`;
/// without `FUZZING` it is a replayer: `TypometerFuzzMeasuring FILE…`.
enum FuzzMeasuring {
    static let measurers: [TextMeasurer] = {
        var measurers: [TextMeasurer] = []
        for family in ["Noto Sans", "Inter", "Noto Serif"] {
            for profile in [RenderingProfile.chromium, .pango] {
                for size in [7.0, 15, 53.5] {
                    for limit in [nil, 1, 3] as [Int?] {
                        let style = TextStyle(font: .family(family), size: size, lineLimit: limit,
                                              lineSpacing: limit == 3 ? 1.5 : 0, profile: profile)
                        measurers.append(try! TextMeasurer(style: style, wordCacheLimit: 4096))
                    }
                }
            }
        }
        return measurers
    }()

    static let specialWidths: [Double] = [0, -1, .nan, .infinity, -.infinity, 1e300, .leastNonzeroMagnitude, 0.5]

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 4 else { return }
        let measurer = measurers[Int(bytes[0]) % measurers.count]
        let widthCode = Int(bytes[1]) << 8 | Int(bytes[2])
        let width = widthCode >= 0xFF00 ? specialWidths[widthCode % specialWidths.count] : Double(widthCode) / 64
        let body = UnsafeBufferPointer(rebasing: bytes[4...])
        let text: String
        if bytes[3] & 1 == 0 {
            text = String(decoding: body, as: UTF8.self)
        } else {
            let units = stride(from: 0, to: body.count - 1, by: 2).map { UInt16(body[$0]) << 8 | UInt16(body[$0 + 1]) }
            text = String(decoding: units, as: UTF16.self)
        }
        check(text, width: width, measurer: measurer)
    }

    static func check(_ text: String, width: Double, measurer: TextMeasurer) {
        let height = measurer.height(of: text, width: width)
        let count = measurer.lineCount(of: text, width: width)
        let lines = measurer.lines(of: text, width: width)
        let prepared = measurer.prepare(text)
        let context = "\(measurer.style) width \(width) text \(Array(text.unicodeScalars.map(\.value)))"
        precondition(height.isFinite && height >= 0, "height \(height): \(context)")
        precondition(lines.count == count, "lines \(lines.count) ≠ count \(count): \(context)")
        precondition(count <= measurer.style.lineLimit ?? .max, "count \(count) over the limit: \(context)")
        precondition(!text.isEmpty || measurer.style.profile == .pango ? count >= 1 : count == 0,
                     "count \(count): \(context)")
        precondition(measurer.height(of: prepared, width: width) == height, "prepared height differs: \(context)")
        precondition(measurer.lines(of: prepared, width: width) == lines, "prepared lines differ: \(context)")
        var lower = text.startIndex
        for line in lines {
            precondition(line.range.lowerBound >= lower && line.range.upperBound <= text.endIndex, "ranges: \(context)")
            lower = line.range.upperBound
        }
        if width.isFinite, width < 1e6 {
            // More room never takes more lines.
            precondition(measurer.lineCount(of: text, width: width * 2 + 1) <= count, "wider took more lines: \(context)")
        }
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMeasuring(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzMeasuring.run(UnsafeBufferPointer(start: data, count: size))
    return 0
}
#else
@main
enum ReplayMeasuring {
    static func main() throws {
        for path in CommandLine.arguments.dropFirst() {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            bytes.withUnsafeBufferPointer(FuzzMeasuring.run)
            print("ok \(path)")
        }
    }
}
#endif
