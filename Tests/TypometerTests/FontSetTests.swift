import Testing
@testable import Typometer
import TypometerTestSupport

@Suite struct FontSetTests {
    @Test("the bundled set has the three text faces and the fallback faces")
    func bundledFamilies() throws {
        let families = Set(try FontSet.bundled().families)
        for family in ["Inter", "Noto Sans", "Noto Serif", "Noto Sans Arabic", "Noto Sans Hebrew",
                       "Noto Sans Thai", "Noto Sans Devanagari", "Noto Color Emoji"] {
            #expect(families.contains(family), "\(family)")
        }
        #expect(families.contains { $0.hasPrefix("Noto Sans CJK") })
    }

    @Test("a family resolves to its own face, regardless of case")
    func familyLookup() throws {
        let fonts = try FontSet.bundled()
        #expect(try fonts.face(family: "noto serif").path.hasSuffix("NotoSerif-Regular.ttf"))
        #expect(try fonts.face(family: "Inter").path.hasSuffix("Inter-Regular.otf"))
    }

    @Test("a family not in the set is an error, not a substitute")
    func missingFamily() throws {
        #expect(throws: TypometerError.familyNotFound("Comic Sans MS")) {
            try FontSet.bundled().face(family: "Comic Sans MS")
        }
    }

    @Test("every visible character of every script finds a face that has it", arguments: [
        "مرحبا بالعالم", "שלום עולם", "สวัสดีครับ", "नमस्ते दुनिया", "你好世界", "こんにちは、世界。",
        "안녕하세요", "Привет мир", "Γειά σου", "👨‍👩‍👧‍👦 🇫🇷 👍🏽 1️⃣ ☎️", "e\u{301} ñ ü ß",
    ])
    func noMissingGlyphs(text: String) throws {
        let fonts = try FontSet.bundled()
        let selector = FontSelector(primary: try fonts.face(family: "Noto Sans"), fontSet: fonts, language: nil)
        for character in text {
            let scalars = character.unicodeScalars.map(\.value)
            let face = selector.face(for: scalars)
            for scalar in scalars where !FontSelector.isInvisible(scalar) && scalar != 0x20 {
                #expect(face.covers(scalar), "U+\(String(scalar, radix: 16)) in \(face.family)")
            }
        }
    }

    @Test("emoji presented as emoji come from the color face")
    func emojiFace() throws {
        let fonts = try FontSet.bundled()
        let selector = FontSelector(primary: try fonts.face(family: "Noto Sans"), fontSet: fonts, language: nil)
        for emoji in ["😀", "👍🏽", "🇫🇷", "1️⃣", "☎️", "👨‍👩‍👧"] {
            #expect(selector.face(for: emoji.unicodeScalars.map(\.value)).hasColorGlyphs, "\(emoji)")
        }
        // A digit alone, and a character with a text presentation selector, stay text.
        #expect(!selector.face(for: [0x31]).hasColorGlyphs)
        #expect(!selector.face(for: [0x260E, 0xFE0E]).hasColorGlyphs)
    }

    @Test("a directory set holds exactly that directory's faces")
    func directorySet() throws {
        let directory = try TemporaryDirectory()
        try directory.copy(FontSet.bundledFontsDirectory + "/NotoSans-Regular.ttf")
        let fonts = try FontSet(directory: directory.path)
        #expect(fonts.families == ["Noto Sans"])
        #expect(throws: TypometerError.familyNotFound("Inter")) { try fonts.face(family: "Inter") }
        // Arabic has no face here: measured with the primary face's missing glyph, never a crash.
        let measurer = try TextMeasurer(style: TextStyle(font: .family("Noto Sans")), fontSet: fonts)
        #expect(measurer.lineCount(of: "مرحبا", width: 320) == 1)
    }

    @Test("an empty or missing directory is a typed error")
    func badDirectories() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: TypometerError.emptyFontSet(directory: directory.path)) {
            try FontSet(directory: directory.path)
        }
        #expect(throws: TypometerError.fontFileNotFound(path: directory.path + "/nowhere")) {
            try FontSet(directory: directory.path + "/nowhere")
        }
    }
}
