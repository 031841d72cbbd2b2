/// Checks UTF-8 as RFC 3629 defines it (no overlong forms, surrogates or
/// code points past U+10FFFF), eight ASCII bytes at a time: the standard
/// library's generic `String(validating:as:)` costs several times more.
enum UTF8Validation {
    /// The offset of the first byte that does not start a valid sequence
    /// (or whose sequence is cut short), or `nil` when all are valid.
    static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return nil }
        var index = 0
        while index < count {
            // ASCII runs, a word at a time.
            while index + 8 <= count,
                  UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            }
            guard index < count else { return nil }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            func continuation(_ offset: Int) -> Bool {
                index + offset < count && base[index + offset] & 0xC0 == 0x80
            }
            switch lead {
            case 0xC2...0xDF:
                guard continuation(1) else { return index }
                index += 2
            case 0xE0...0xEF:
                guard continuation(1), continuation(2) else { return index }
                let second = base[index + 1]
                // No overlong forms (E0 80...9F) and no surrogates (ED A0...BF).
                if lead == 0xE0 && second < 0xA0 || lead == 0xED && second > 0x9F { return index }
                index += 3
            case 0xF0...0xF4:
                guard continuation(1), continuation(2), continuation(3) else { return index }
                let second = base[index + 1]
                // No overlong forms (F0 80...8F) and nothing past U+10FFFF.
                if lead == 0xF0 && second < 0x90 || lead == 0xF4 && second > 0x8F { return index }
                index += 4
            default:
                return index
            }
        }
        return nil
    }
}
