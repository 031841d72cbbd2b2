import Foundation

/// A copy of an OpenType font whose family is another name: the table
/// directory's `name` record points at a new `name` table appended to the
/// file (family, subfamily "Regular", full and PostScript names, Windows
/// Unicode English records). The checksums stay as they were: FreeType and
/// Fontconfig do not check them.
enum RenamedFont {
    static func write(copying source: String, family: String, to destination: URL) throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
        func append16(_ value: Int, to data: inout [UInt8]) { data += [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func put32(_ value: Int, at offset: Int) {
            for byte in 0..<4 { bytes[offset + byte] = UInt8(value >> (24 - 8 * byte) & 0xFF) }
        }
        let names = [(1, family), (2, "Regular"), (4, family), (6, "Renamed-Regular")]
        var table: [UInt8] = []
        var strings: [UInt8] = []
        append16(0, to: &table)
        append16(names.count, to: &table)
        append16(6 + 12 * names.count, to: &table)
        for (id, text) in names {
            let utf16 = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            for value in [3, 1, 0x409, id, utf16.count, strings.count] { append16(value, to: &table) }
            strings += utf16
        }
        table += strings
        while bytes.count % 4 != 0 { bytes.append(0) }
        let offset = bytes.count
        bytes += table
        let tableCount = Int(bytes[4]) << 8 | Int(bytes[5])
        for record in stride(from: 12, to: 12 + 16 * tableCount, by: 16)
        where bytes[record..<record + 4].elementsEqual("name".utf8) {
            put32(offset, at: record + 8)
            put32(table.count, at: record + 12)
        }
        try Data(bytes).write(to: destination)
    }
}
