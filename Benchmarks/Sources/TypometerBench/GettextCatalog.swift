import BenchSupport

/// The translated strings of a gettext message catalogue (`.mo`), read from
/// its binary format: a header of 32-bit words in the file's byte order —
/// magic `0x950412de`, revision, message count N, offset of the table of
/// originals, offset of the table of translations — then each table holds
/// N (length, offset) pairs pointing at NUL-terminated UTF-8 strings.
struct GettextCatalog {
    /// Each message's translation (the first form of a plural), in the
    /// catalogue's order (sorted by original); the header entry is left out.
    let translations: [String]

    /// - Throws: ``BenchError`` naming the file when it cannot be read or is
    ///   not a catalogue.
    init(path: String) throws(BenchError) {
        let bytes = try TextFiles.bytes(of: path)
        func word(at offset: Int, bigEndian: Bool) -> UInt32? {
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            let value = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
            return bigEndian ? value.byteSwapped : value
        }
        let magic: UInt32 = 0x9504_12DE
        guard let first = word(at: 0, bigEndian: false), first == magic || first == magic.byteSwapped else {
            throw BenchError("\(path) is not a gettext catalogue (no .mo magic number)")
        }
        let bigEndian = first != magic
        guard let count = word(at: 8, bigEndian: bigEndian), let originals = word(at: 12, bigEndian: bigEndian),
              let translated = word(at: 16, bigEndian: bigEndian)
        else { throw BenchError("\(path): truncated .mo header") }
        var translations: [String] = []
        for index in 0..<Int(count) {
            guard let originalLength = word(at: Int(originals) + 8 * index, bigEndian: bigEndian),
                  let length = word(at: Int(translated) + 8 * index, bigEndian: bigEndian),
                  let offset = word(at: Int(translated) + 8 * index + 4, bigEndian: bigEndian),
                  Int(offset) + Int(length) <= bytes.count
            else { throw BenchError("\(path): message \(index) points outside the file") }
            // The entry with an empty original is the catalogue's header.
            if originalLength == 0 { continue }
            let string = bytes[Int(offset)..<Int(offset) + Int(length)]
            let firstForm = string.prefix { $0 != 0 }
            translations.append(String(decoding: firstForm, as: UTF8.self))
        }
        self.translations = translations
    }
}
