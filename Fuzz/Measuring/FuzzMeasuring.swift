import Foundation
import Typometer

/// libFuzzer target over measuring: the first bytes choose a style and a
/// width, the rest is the text (as UTF-8, or as UTF-16 code units, lone
/// surrogates included, both repaired by Swift's decoding). Every call must
/// return, and the results must agree with each other, with a text prepared
/// by a second measurer of the same style, and with the same checks run on
/// two threads at once.
///
/// Header: style byte, width (2 bytes, 1/64 pt; from 0xFF00 special
/// widths), flags (bit 0: UTF-16 text; bit 1: five more bytes give the style
/// instead: size (2 bytes, 1/64 pt; from 0xFF00 special sizes, invalid ones
/// among them), line limit (0 none, 255 an invalid 0), line spacing (1/8 pt;
/// 255 special), line height (0 normal, 1–127 a multiple in 1/16, 128–247
/// a length in 4 pt steps, from 248 special: past the largest, NaN,
/// negative); bit 2: run on two threads at once; bit 3: the text is cut
/// into styled runs, each of a run style the next text byte picks: a size,
/// weight, slant, letter spacing or font file, valid or not; with bit 4 each
/// run takes a size of its own instead, up to 200 of them, so that a short
/// text holds more styles than 63).
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

    /// The same styles again: separate measurers with caches of their own.
    static let twins: [TextMeasurer] = measurers.map { try! TextMeasurer(style: $0.style, wordCacheLimit: 4096) }

    /// Measurers of any other style, two per style.
    static let stores = (try! TextMeasurerStore(measurerLimit: 16), try! TextMeasurerStore(measurerLimit: 16))

    static let specialWidths: [Double] = [0, -1, .nan, .infinity, -.infinity, 1e300, .leastNonzeroMagnitude, 0.5]
    static let specialSizes: [Double] = [0, -1, .nan, .infinity, 10_000, 10_000.5, .leastNonzeroMagnitude, 0.01, 1e-7]
    static let specialSpacings: [Double] = [-1, .nan, .infinity, 1e300, 0.001, TextStyle.maximumLineHeight,
                                            TextStyle.maximumLineHeight.nextUp]
    static let specialLineHeights: [LineHeight] = [
        .points(1e20), .points(1e308), .points(TextStyle.maximumLineHeight), .points(TextStyle.maximumLineHeight.nextUp),
        .multiple(1e300), .multiple(.nan), .points(-1), .multiple(.infinity),
    ]
    /// Run styles the text's runs take, valid and not.
    static let runStyles: [RunStyle] = [
        RunStyle(), RunStyle(size: 30), RunStyle(size: 9), RunStyle(size: 10_000), RunStyle(size: 0), RunStyle(size: .nan),
        RunStyle(weight: .bold), RunStyle(italic: true), RunStyle(letterSpacing: 2.5), RunStyle(letterSpacing: .infinity),
        RunStyle(font: .family("Inter"), size: 20), RunStyle(font: .family("No Such Family")),
        RunStyle(font: .file(path: "/dev/null")), RunStyle(wordSpacing: -3),
    ]

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= 4 else { return }
        let flags = bytes[3]
        let widthCode = Int(bytes[1]) << 8 | Int(bytes[2])
        let width = widthCode >= 0xFF00 ? specialWidths[widthCode % specialWidths.count] : Double(widthCode) / 64
        var body = UnsafeBufferPointer(rebasing: bytes[4...])
        let measurer: TextMeasurer
        let twin: TextMeasurer
        if flags & 2 != 0 {
            guard body.count >= 5 else { return }
            let style = style(family: bytes[0], bytes: UnsafeBufferPointer(rebasing: body[..<5]))
            body = UnsafeBufferPointer(rebasing: body[5...])
            do {
                measurer = try stores.0.measurer(for: style)
                twin = try stores.1.measurer(for: style)
            } catch {
                switch error {
                case .invalidSize, .invalidLineLimit, .invalidLineSpacing, .invalidLineHeight: return
                default: preconditionFailure("\(style): \(error)")
                }
            }
            let valid = style.size.isFinite && style.size > 0 && style.size <= TextStyle.maximumSize
                && style.lineSpacing >= 0 && style.lineSpacing <= TextStyle.maximumLineHeight
                && (style.lineLimit ?? 1) >= 1 && tallest(style.lineHeight, size: style.size) <= TextStyle.maximumLineHeight
            precondition(valid, "an invalid style was accepted: \(style)")
        } else {
            measurer = measurers[Int(bytes[0]) % measurers.count]
            twin = twins[Int(bytes[0]) % measurers.count]
        }
        let text: String
        if flags & 1 == 0 {
            text = String(decoding: body, as: UTF8.self)
        } else {
            let units = stride(from: 0, to: body.count - 1, by: 2).map { UInt16(body[$0]) << 8 | UInt16(body[$0 + 1]) }
            text = String(decoding: units, as: UTF16.self)
        }
        if flags & 8 != 0 {
            checkRuns(of: text, width: width, measurer: measurer, sizePerRun: flags & 0x10 != 0)
        } else if flags & 4 != 0 {
            DispatchQueue.concurrentPerform(iterations: 2) { _ in check(text, width: width, measurer: measurer, twin: twin) }
        } else {
            check(text, width: width, measurer: measurer, twin: twin)
        }
    }

    /// The points a line height sets lines to at `size` (0 for normal; NaN
    /// and negative values are not valid).
    static func tallest(_ lineHeight: LineHeight, size: Double) -> Double {
        switch lineHeight {
        case .normal: return 0
        case .points(let points): return points >= 0 ? points : .nan
        case .multiple(let factor): return factor >= 0 ? factor * size : .nan
        }
    }

    /// `text` cut into runs (at every character whose byte is below 0x30),
    /// each in the run style the character picks (or, `sizePerRun`, in a
    /// size of its own): a typed error for a style that is not valid, else
    /// finite heights, lines within the limit, widths that agree with the
    /// lines, and `size(of:width:)` that agrees with the line count and
    /// height.
    static func checkRuns(of text: String, width: Double, measurer: TextMeasurer, sizePerRun: Bool) {
        var runs: [StyledText.Run] = []
        var current = ""
        var style = RunStyle()
        for character in text {
            current.append(character)
            if let byte = character.utf8.first, byte < 0x30 {
                runs.append(.init(current, style: style))
                style = sizePerRun
                    ? RunStyle(size: 6 + Double(runs.count % 200) / 8) : runStyles[Int(byte) % runStyles.count]
                current = ""
            }
        }
        runs.append(.init(current, style: style))
        let styled = StyledText(runs)
        let context = "\(measurer.style) width \(width) runs \(runs.map { ($0.text.unicodeScalars.map(\.value), $0.style) })"
        do {
            let (count, height) = try measurer.lineCountAndHeight(of: styled, width: width)
            precondition(height.isFinite && height >= 0, "height \(height): \(context)")
            precondition(count <= measurer.style.lineLimit ?? .max, "count \(count) over the limit: \(context)")
            let lines = try measurer.lines(of: styled, width: width)
            precondition(lines.count == count, "lines ≠ count: \(context)")
            let widest = try measurer.maxContentWidth(of: styled)
            precondition(widest.isFinite, "max-content \(widest): \(context)")
            let size = try measurer.size(of: styled, width: width)
            precondition(size.lineCount == count && size.height == height && size.width.isFinite,
                         "size \(size) ≠ \(count) lines, \(height): \(context)")
        } catch {
            switch error {
            case .invalidSize, .invalidSpacing, .invalidLineHeight, .familyNotFound, .fontFileUnreadable, .notAFont,
                 .tooManyRunStyles: break
            default: preconditionFailure("\(error): \(context)")
            }
        }
    }

    /// The style five header bytes give, in one of three families, under
    /// the profile the family byte's top bit chooses.
    static func style(family: UInt8, bytes: UnsafeBufferPointer<UInt8>) -> TextStyle {
        let sizeCode = Int(bytes[0]) << 8 | Int(bytes[1])
        let size = sizeCode >= 0xFF00 ? specialSizes[sizeCode % specialSizes.count] : Double(sizeCode) / 64
        let lineLimit: Int? = bytes[2] == 0 ? nil : bytes[2] == 255 ? 0 : Int(bytes[2])
        let lineSpacing = bytes[3] == 255 ? specialSpacings[Int(bytes[1]) % specialSpacings.count] : Double(bytes[3]) / 8
        let lineHeight: LineHeight = switch bytes[4] {
        case 0: .normal
        case 1..<128: .multiple(Double(bytes[4]) / 16)
        case 128..<248: .points(Double(bytes[4] - 128) * 4)
        default: specialLineHeights[Int(bytes[4] - 248)]
        }
        return TextStyle(font: .family(["Noto Sans", "Inter", "Noto Serif"][Int(family & 0x7F) % 3]), size: size,
                         lineLimit: lineLimit, lineSpacing: lineSpacing, profile: family & 0x80 == 0 ? .chromium : .pango,
                         lineHeight: lineHeight)
    }

    static func check(_ text: String, width: Double, measurer: TextMeasurer, twin: TextMeasurer) {
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
        // Another measurer of the same style gives the same answer, also for
        // a text this one prepared.
        precondition(twin.lineCountAndHeight(of: text, width: width) == (count, height),
                     "another measurer of the style differs: \(context)")
        precondition(twin.lineCountAndHeight(of: prepared, width: width) == twin.lineCountAndHeight(of: text, width: width),
                     "a prepared text measured by another measurer differs: \(context)")
        precondition(twin.lines(of: prepared, width: width) == twin.lines(of: text, width: width),
                     "a prepared text's lines from another measurer differ: \(context)")
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
