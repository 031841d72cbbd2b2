import CHarfBuzz

/// The bytes of one OpenType table (`GSUB`, `GPOS`, …) of a face, read with
/// big-endian, bounds-checked accessors: a malformed table throws
/// ``MalformedOpenTypeTable`` instead of trapping.
///
/// A copy of the table, so nothing borrowed outlives the face's blob.
struct OpenTypeTable {
    let bytes: [UInt8]

    /// The table tagged `tag` (`hb_tag_t`) of `face`, empty when absent.
    init(of face: OpaquePointer, tag: UInt32) {
        let blob = hb_face_reference_table(face, tag)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else {
            bytes = []
            return
        }
        bytes = data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
    }

    init(bytes: [UInt8]) { self.bytes = bytes }

    var isEmpty: Bool { bytes.isEmpty }

    func uint8(at offset: Int) throws(MalformedOpenTypeTable) -> Int {
        guard offset >= 0, offset < bytes.count else { throw MalformedOpenTypeTable() }
        return Int(bytes[offset])
    }

    func uint16(at offset: Int) throws(MalformedOpenTypeTable) -> Int {
        guard offset >= 0, offset + 2 <= bytes.count else { throw MalformedOpenTypeTable() }
        return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }

    func int16(at offset: Int) throws(MalformedOpenTypeTable) -> Int {
        Int(Int16(truncatingIfNeeded: try uint16(at: offset)))
    }

    func uint32(at offset: Int) throws(MalformedOpenTypeTable) -> Int {
        try uint16(at: offset) << 16 | uint16(at: offset + 2)
    }

    /// The 16-bit offset at `offset`, made absolute from `base`.
    func offset16(at offset: Int, from base: Int) throws(MalformedOpenTypeTable) -> Int {
        base + (try uint16(at: offset))
    }
}

/// A layout table whose structure could not be read: the face is then
/// shaped by HarfBuzz alone.
struct MalformedOpenTypeTable: Error {}

extension UInt32 {
    /// The OpenType tag of four ASCII characters (`hb_tag_t`).
    init(tag: StaticString) {
        precondition(tag.utf8CodeUnitCount == 4)
        let bytes = tag.utf8Start
        self = UInt32(bytes[0]) << 24 | UInt32(bytes[1]) << 16 | UInt32(bytes[2]) << 8 | UInt32(bytes[3])
    }
}
