/// A writing system of the per-script feeds: the language whose gettext
/// translations stand for it, how its posts are cut, and which letters
/// belong to it (a message with none of them is an untranslated name or a
/// format string, and is left out).
struct WritingScript: Sendable {
    /// "Latin", "Cyrillic", …, for the table and the file name.
    let name: String
    /// The catalogues' language directory under `/usr/share/locale`.
    let language: String
    let rule: PostRule
    /// The letters of the script (code point ranges).
    let letters: [ClosedRange<UInt32>]

    func isLetter(_ scalar: Unicode.Scalar) -> Bool { letters.contains { $0.contains(scalar.value) } }

    /// The feed's file name: `latin`, `cyrillic`, `han`, ….
    var fileName: String { name.lowercased().split(separator: " ").joined(separator: "-") }

    /// The scripts of the table, Latin first (the per-character
    /// baseline). Latin is French, whose letters include accents; Japanese
    /// messages must hold kana (a message of kanji alone could be Chinese).
    static let all: [WritingScript] = [
        WritingScript(name: "Latin", language: "fr", rule: .spaced, letters: [0x41...0x5A, 0x61...0x7A, 0xC0...0x24F]),
        WritingScript(name: "Cyrillic", language: "ru", rule: .spaced, letters: [0x400...0x4FF]),
        WritingScript(name: "Greek", language: "el", rule: .spaced, letters: [0x370...0x3FF, 0x1F00...0x1FFF]),
        WritingScript(name: "Han", language: "zh_CN", rule: .ideographic, letters: [0x4E00...0x9FFF]),
        WritingScript(name: "Japanese", language: "ja", rule: .ideographic, letters: [0x3041...0x30FF]),
        WritingScript(name: "Korean", language: "ko", rule: .spaced, letters: [0xAC00...0xD7A3]),
        WritingScript(name: "Arabic", language: "ar", rule: .spaced, letters: [0x620...0x64A]),
        WritingScript(name: "Hebrew", language: "he", rule: .spaced, letters: [0x5D0...0x5EA]),
        WritingScript(name: "Thai", language: "th", rule: .thai, letters: [0xE01...0xE2E]),
        WritingScript(name: "Devanagari", language: "hi", rule: .spaced, letters: [0x900...0x97F]),
    ]
}
