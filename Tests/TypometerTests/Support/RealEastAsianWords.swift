import Foundation

/// Pieces of real Chinese, Japanese and Korean text: the translated messages
/// of Debian's gettext catalogues (`/usr/share/locale/<locale>/LC_MESSAGES/*.mo`,
/// from the packages installed), cut into chunks as `.chromium` cuts a
/// paragraph (text up to and including the spaces after it), each chunk
/// with every tail that starts after one of its characters: what a chunk
/// and a line starting inside it hold. Distinct, in a fixed order.
enum RealEastAsianWords {
    /// The catalogues' locales for each language.
    static let locales = ["zh": ["zh_CN", "zh_TW", "zh_HK"], "ja": ["ja"], "ko": ["ko"]]

    /// The catalogues read (gettext domains), those of the packages
    /// `Scripts/install-dependencies` installs for this (iso-codes, GLib, GTK
    /// 2, 3 and 4, GNOME Shell, Mutter, Nautilus, GNOME Control Center and
    /// Desktop, Evolution Data Server, the PostgreSQL 15 client), so that the
    /// pieces are the same on any machine whatever else it has installed.
    static let domains: Set<String> = [
        "iso_15924", "iso_3166-1", "iso_3166-2", "iso_3166-3", "iso_3166", "iso_3166_2", "iso_4217", "iso_639-2",
        "iso_639-3", "iso_639", "iso_639_3", "gtk30-properties", "gtk30", "gtk20-properties", "gtk20", "gtk40", "glib20",
        "gnome-control-center-2.0-timezones", "gnome-control-center-2.0", "nautilus", "mutter", "gnome-shell",
        "evolution-data-server", "gnome-desktop-3.0", "pg_amcheck-15", "pg_basebackup-15", "pg_config-15", "pg_dump-15",
        "pg_verifybackup-15", "pgscripts-15", "psql-15", "libpq5-15",
    ]

    /// The pieces of `language`'s catalogues (`zh`, `ja` or `ko`).
    static func pieces(of language: String) -> [[UInt16]] { pieces(inLocales: locales[language] ?? []) }

    /// The pieces of the catalogues of `locales` (`he`: Hebrew ones too).
    static func pieces(inLocales locales: [String]) -> [[UInt16]] {
        var seen = Set<[UInt16]>()
        var result: [[UInt16]] = []
        for message in messages(in: locales) {
            let units = Array(message.split(whereSeparator: \.isWhitespace).joined(separator: " ").utf16)
            var start = 0
            while start < units.count {
                var end = start
                while end < units.count, units[end] != 0x20 { end += 1 }
                while end < units.count, units[end] == 0x20 { end += 1 }
                for tail in start..<end where units[tail] != 0x20 && !UTF16.isTrailSurrogate(units[tail]) {
                    let piece = Array(units[tail..<end])
                    if seen.insert(piece).inserted { result.append(piece) }
                }
                start = end
            }
        }
        return result
    }

    /// Each catalogue's translations (first plural forms), catalogues in
    /// name order.
    static func messages(in locales: [String]) -> [String] {
        var result: [String] = []
        for locale in locales {
            let directory = "/usr/share/locale/\(locale)/LC_MESSAGES"
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
            for name in names where name.hasSuffix(".mo") && domains.contains(String(name.dropLast(3))) {
                guard let data = FileManager.default.contents(atPath: directory + "/" + name) else { continue }
                result += translations(in: [UInt8](data))
            }
        }
        return result
    }

    /// A `.mo` file's translations: a header of 32-bit words (magic
    /// `0x950412de` in the file's byte order, revision, count, offsets of
    /// the tables of originals and translations), each table holding
    /// (length, offset) pairs. The header entry (empty original) is left out.
    private static func translations(in bytes: [UInt8]) -> [String] {
        func word(_ offset: Int, _ bigEndian: Bool) -> Int? {
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            let value = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
            return Int(bigEndian ? value.byteSwapped : value)
        }
        guard let magic = word(0, false), magic == 0x9504_12DE || magic == 0xDE12_0495 else { return [] }
        let bigEndian = magic != 0x9504_12DE
        guard let count = word(8, bigEndian), let originals = word(12, bigEndian), let translated = word(16, bigEndian)
        else { return [] }
        var result: [String] = []
        for index in 0..<count {
            guard let originalLength = word(originals + 8 * index, bigEndian), originalLength > 0,
                  let length = word(translated + 8 * index, bigEndian),
                  let offset = word(translated + 8 * index + 4, bigEndian), offset + length <= bytes.count
            else { continue }
            let firstForm = bytes[offset..<offset + length].prefix { $0 != 0 }
            result.append(String(decoding: firstForm, as: UTF8.self))
        }
        return result
    }
}
