/// UTF-8 to UTF-16 without the per-character overhead of
/// `String.UTF16View`: the hot path of every measurement starts here.
enum UTF16Transcoding {
    /// Writes the UTF-16 of valid UTF-8 `bytes` (a Swift string's, so never
    /// malformed) into `output`, which must hold `bytes.count` units, and
    /// returns how many it wrote.
    static func transcode(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt16>) -> Int {
        var read = 0
        var written = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return 0 }
        while read < count {
            let lead = UInt32(bytes[read])
            if lead < 0x80 {
                // Sixteen ASCII bytes at once where they follow (units never
                // outnumber bytes, so `output` has room for sixteen more).
                if read &+ 16 <= count {
                    let vector = UnsafeRawPointer(base + read).loadUnaligned(as: SIMD16<UInt8>.self)
                    if (vector & 0x80) == SIMD16(repeating: 0) {
                        UnsafeMutableRawPointer(output.baseAddress! + written)
                            .storeBytes(of: SIMD16<UInt16>(truncatingIfNeeded: vector), as: SIMD16<UInt16>.self)
                        read &+= 16
                        written &+= 16
                        continue
                    }
                }
                output[written] = UInt16(lead)
                read += 1
                written += 1
            } else if lead < 0xE0 {
                output[written] = UInt16(((lead & 0x1F) << 6) | (UInt32(bytes[read + 1]) & 0x3F))
                read += 2
                written += 1
            } else if lead < 0xF0 {
                output[written] = UInt16(((lead & 0x0F) << 12) | ((UInt32(bytes[read + 1]) & 0x3F) << 6)
                    | (UInt32(bytes[read + 2]) & 0x3F))
                read += 3
                written += 1
            } else {
                let scalar = ((lead & 0x07) << 18) | ((UInt32(bytes[read + 1]) & 0x3F) << 12)
                    | ((UInt32(bytes[read + 2]) & 0x3F) << 6) | (UInt32(bytes[read + 3]) & 0x3F)
                let offset = scalar - 0x10000
                output[written] = UInt16(0xD800 + (offset >> 10))
                output[written + 1] = UInt16(0xDC00 + (offset & 0x3FF))
                read += 4
                written += 2
            }
        }
        return written
    }
}
