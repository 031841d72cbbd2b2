/// Finds the exact JSON text of a top-level member's value in a line that
/// is already known to be a valid JSON object, so it can be copied to the
/// output unchanged.
package enum RawMemberScanner {
    /// The text of the last top-level member named `key`, or `nil`.
    /// Keys written with escapes (`"\u0069d"`) are not recognised.
    /// - Complexity: O(n) in the line's length.
    package static func rawValue(of key: String, in bytes: [UInt8]) -> String? {
        let wanted = Array(key.utf8)
        var found: Range<Int>?
        var depth = 0
        var index = 0
        var pendingKey: Range<Int>?
        var valueStart: Int?
        var expectingKey = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let stringStart = index
                index = endOfString(bytes, from: index)
                if depth == 1, expectingKey { pendingKey = (stringStart + 1)..<(index - 1) }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth == 1 { expectingKey = true }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 1, let start = valueStart { found = start..<index; valueStart = nil }
                depth -= 1
            case UInt8(ascii: ":") where depth == 1:
                expectingKey = false
                if let keyRange = pendingKey, Array(bytes[keyRange]) == wanted { valueStart = index + 1 }
                pendingKey = nil
            case UInt8(ascii: ",") where depth == 1:
                expectingKey = true
                if let start = valueStart { found = start..<index; valueStart = nil }
            default:
                break
            }
            index += 1
        }
        guard let found else { return nil }
        return String(decoding: bytes[found], as: UTF8.self).trimmingJSONWhitespace()
    }

    /// The index just past the string that opens at `start`.
    private static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return index
    }
}

extension String {
    /// Without the JSON whitespace (space, tab, CR, LF) at either end.
    fileprivate func trimmingJSONWhitespace() -> String {
        let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let first = firstIndex(where: { !isWhitespace($0) }),
              let last = lastIndex(where: { !isWhitespace($0) }) else { return "" }
        return String(self[first...last])
    }
}
