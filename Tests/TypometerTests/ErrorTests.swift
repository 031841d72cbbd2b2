import Foundation
import Testing
import Typometer
import TypometerTestSupport

@Suite struct ErrorTests {
    static let notoSans = FontSet.bundledFontsDirectory + "/NotoSans-Regular.ttf"

    func style(file path: String, index: Int = 0) -> TextStyle {
        TextStyle(font: .file(path: path, index: index))
    }

    @Test("a missing font file is reported as not found")
    func missingFile() {
        #expect(throws: TypometerError.fontFileNotFound(path: "/nonexistent/font.ttf")) {
            try TextMeasurer(style: style(file: "/nonexistent/font.ttf"))
        }
    }

    @Test("a directory given as a font file is unreadable")
    func directoryAsFile() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: TypometerError.fontFileUnreadable(path: directory.path)) {
            try TextMeasurer(style: style(file: directory.path))
        }
    }

    @Test("files that are not fonts are rejected", arguments: ["empty", "text", "truncated", "corrupt", "png"])
    func notAFont(kind: String) throws {
        let directory = try TemporaryDirectory()
        let font = try Data(contentsOf: URL(fileURLWithPath: Self.notoSans))
        let data: Data
        switch kind {
        case "empty": data = Data()
        case "text": data = Data("This is not a font, just some words.\n".utf8)
        case "truncated": data = font.prefix(600)
        case "corrupt":
            var bytes = [UInt8](font.prefix(4096))
            for index in stride(from: 12, to: bytes.count, by: 3) { bytes[index] = 0xFF }
            data = Data(bytes)
        default: data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 0, count: 64))
        }
        let path = try directory.write(data, named: "\(kind).ttf")
        #expect(throws: TypometerError.notAFont(path: path)) { try TextMeasurer(style: style(file: path)) }
    }

    @Test("a face index past the end of the file is rejected")
    func faceIndexOutOfRange() {
        #expect(throws: TypometerError.notAFont(path: Self.notoSans)) {
            try TextMeasurer(style: style(file: Self.notoSans, index: 3))
        }
    }

    @Test("sizes that are not finite and positive are rejected",
          arguments: [0, -1, Double.nan, Double.infinity, -Double.infinity])
    func invalidSize(size: Double) {
        #expect(throws: TypometerError.self) {
            try TextMeasurer(style: TextStyle(size: size))
        }
    }

    @Test("line limits below one and bad line spacing are rejected")
    func invalidLimitsAndSpacing() {
        #expect(throws: TypometerError.invalidLineLimit(0)) { try TextMeasurer(style: TextStyle(lineLimit: 0)) }
        #expect(throws: TypometerError.invalidLineLimit(-2)) { try TextMeasurer(style: TextStyle(lineLimit: -2)) }
        #expect(throws: TypometerError.invalidLineSpacing(-1)) { try TextMeasurer(style: TextStyle(lineSpacing: -1)) }
        #expect(throws: TypometerError.self) { try TextMeasurer(style: TextStyle(lineSpacing: .nan)) }
    }

    @Test("a line height that is negative or not finite is rejected; CSS values parse",
          arguments: [LineHeight.multiple(-1), .points(-0.5), .multiple(.nan), .points(.infinity)])
    func invalidLineHeight(lineHeight: LineHeight) throws {
        #expect(throws: TypometerError.self) { try TextMeasurer(style: TextStyle(lineHeight: lineHeight)) }
        #expect(LineHeight(css: "normal") == .normal)
        #expect(LineHeight(css: "1.4") == .multiple(1.4))
        #expect(LineHeight(css: " 22px ") == .points(22))
        #expect(LineHeight(css: "22pt") == .points(22))
        #expect(LineHeight(css: "tall") == nil)
    }

    @Test("a language that is not a BCP 47 tag is rejected; tags in any case, with _ or -, are not",
          arguments: ["", "e", "english language", "zh--Hant", "ja-", "123", "toolonglanguage"])
    func invalidLanguage(tag: String) throws {
        #expect(throws: TypometerError.invalidLanguage(tag)) { try TextMeasurer(style: TextStyle(language: tag)) }
        for valid in ["ja", "zh-Hant", "zh_hant_tw", "EN-us", "sr-Latn", "es-419", "de-CH-1996"] {
            _ = try TextMeasurer(style: TextStyle(language: valid))
        }
    }

    @Test("a weight outside 1–1000 and a spacing that is not finite are rejected; CSS weights and features parse")
    func invalidWeightAndSpacing() throws {
        #expect(throws: TypometerError.invalidWeight(0)) { try TextMeasurer(style: TextStyle(weight: 0)) }
        #expect(throws: TypometerError.invalidWeight(1001)) { try TextMeasurer(style: TextStyle(weight: 1001)) }
        #expect(throws: TypometerError.self) { try TextMeasurer(style: TextStyle(letterSpacing: .nan)) }
        #expect(throws: TypometerError.self) { try TextMeasurer(style: TextStyle(wordSpacing: -.infinity)) }
        #expect(throws: TypometerError.self) { try TextMeasurer(style: TextStyle(letterSpacing: 20_000)) }
        _ = try TextMeasurer(style: TextStyle(letterSpacing: -0.5, wordSpacing: -2))
        #expect(FontWeight(css: "bold") == .bold)
        #expect(FontWeight(css: "Normal") == .regular)
        #expect(FontWeight(css: "650") == FontWeight(650))
        #expect(FontWeight(css: "bolder") == nil && FontWeight(css: "0") == nil && FontWeight(css: "1001") == nil)
        #expect(FontFeature("tnum") == FontFeature(tag: "tnum", value: 1))
        #expect(FontFeature("-liga") == FontFeature(tag: "liga", value: 0))
        #expect(FontFeature("kern=0") == FontFeature(tag: "kern", value: 0))
        #expect(FontFeature("\"liga\" off") == FontFeature(tag: "liga", value: 0))
        #expect(FontFeature("ss02=3")?.description == "ss02=3")
        #expect(FontFeature("kern[3:5]") == nil && FontFeature("") == nil && FontFeature(tag: "toolong") == nil)
    }
}
