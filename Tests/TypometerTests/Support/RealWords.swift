import Foundation
import TypometerCorpus

/// Words of real text: the chunks a paragraph is cut into under
/// `.chromium` (text up to and including the spaces after it), from the
/// fortune cookies Debian ships in English, German, Spanish, Italian and
/// Russian (`fortunes`, `fortunes-de`, `-es`, `-it`, `-ru`, installed by
/// `Scripts/install-dependencies`), the licences in
/// `/usr/share/common-licenses` and the corpus's texts. Distinct, in a fixed
/// order.
enum RealWords {
    static let fortuneDirectories = ["/usr/share/games/fortunes", "/usr/share/games/fortunes/de",
                                     "/usr/share/games/fortunes/es", "/usr/share/games/fortunes/it",
                                     "/usr/share/games/fortunes/ru"]

    /// Every distinct chunk, or the reason there are too few.
    static var chunks: Result<[[UInt16]], RealWordsUnavailable> {
        guard all.chunks.count >= 100_000 else { return .failure(RealWordsUnavailable(found: all.chunks.count)) }
        return .success(all.chunks)
    }

    /// Every distinct paragraph (line) of the texts, as it is and with its
    /// runs of white space made one space, as in a feed post.
    static let paragraphs: [[UInt16]] = {
        var seen = Set<[UInt16]>()
        var result: [[UInt16]] = []
        for text in texts() {
            for paragraph in text.split(separator: "\n") {
                for units in [Array(paragraph.utf16),
                              Array(paragraph.split(whereSeparator: \.isWhitespace).joined(separator: " ").utf16)]
                where seen.insert(units).inserted {
                    result.append(units)
                }
            }
        }
        return result
    }()

    /// ``paragraphs`` and every line of the gettext catalogues of the
    /// per-script feeds' languages and of the Latin, Cyrillic and Greek ones
    /// (``RealEastAsianWords/messages(in:)``), whose messages mix ASCII
    /// punctuation, digits and markup with their letters.
    static let paragraphsWithCatalogues: [[UInt16]] = {
        let locales = ["fr", "de", "es", "it", "pt_BR", "en_GB", "ru", "el", "ar", "he", "th", "hi", "zh_CN", "ja", "ko"]
        var result = paragraphs
        for message in RealEastAsianWords.messages(in: locales) {
            result += message.split(separator: "\n").map { Array($0.utf16) }
        }
        return result
    }()

    /// Each word of the texts in reading order, as its number in `chunks`.
    static var readingOrder: [Int] { all.readingOrder }

    private static let all: (chunks: [[UInt16]], readingOrder: [Int]) = {
        var numbers: [[UInt16]: Int] = [:]
        var result: [[UInt16]] = []
        var order: [Int] = []
        for text in texts() {
            for paragraph in text.split(separator: "\n") {
                // Runs of white space become one space, as in a feed post.
                let units = Array(paragraph.split(whereSeparator: \.isWhitespace).joined(separator: " ").utf16)
                var start = 0
                while start < units.count {
                    var end = start
                    while end < units.count, units[end] != 0x20 { end += 1 }
                    while end < units.count, units[end] == 0x20 { end += 1 }
                    let chunk = Array(units[start..<end])
                    if let number = numbers[chunk] {
                        order.append(number)
                    } else {
                        numbers[chunk] = result.count
                        order.append(result.count)
                        result.append(chunk)
                    }
                    start = end
                }
            }
        }
        return (result, order)
    }()

    private static func texts() -> [String] {
        var texts: [String] = []
        let manager = FileManager.default
        var paths: [String] = []
        for directory in fortuneDirectories {
            let names = ((try? manager.contentsOfDirectory(atPath: directory)) ?? []).sorted()
            for name in names where !name.hasSuffix(".dat") && !name.hasSuffix(".u8") {
                paths.append(directory + "/" + name)
            }
        }
        let licenses = "/usr/share/common-licenses"
        for name in ((try? manager.contentsOfDirectory(atPath: licenses)) ?? []).sorted() {
            paths.append(licenses + "/" + name)
        }
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  let data = manager.contents(atPath: path) else { continue }
            texts.append(String(decoding: data, as: UTF8.self))
        }
        for name in ["texts.jsonl", "holdout-texts.jsonl"] {
            let path = Corpus.root + "/Corpus/texts/\(name)"
            for line in ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n") {
                if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                   let text = object["text"] as? String { texts.append(text) }
            }
        }
        return texts
    }
}

struct RealWordsUnavailable: Error, CustomStringConvertible {
    let found: Int
    var description: String {
        "only \(found) distinct words of real text: install Debian's fortunes packages (Scripts/install-dependencies)"
    }
}
