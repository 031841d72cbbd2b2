/// Hand-written JSON: the output objects are small and flat, so they are
/// written as text, with the input's `id` copied byte for byte.
package enum JSONText {
    /// A finite number as JSON: whole numbers without a fraction (`320`),
    /// others in Swift's shortest round-trip form (`20.4296875`).
    package static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return value.isFinite ? "\(value)" : "null"
    }

    /// ``number(_:)`` appended to UTF-8 `bytes`: whole numbers digit by
    /// digit, without building a string.
    package static func append(_ value: Double, to bytes: inout [UInt8]) {
        guard value.isFinite, value == value.rounded(), abs(value) < 1e15 else {
            bytes.append(contentsOf: number(value).utf8)
            return
        }
        var whole = Int64(value)
        if whole < 0 {
            bytes.append(UInt8(ascii: "-"))
            whole = -whole
        }
        var digits: (UInt64, UInt64) = (0, 0)  // up to 16 ASCII digits, last first
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(whole % 10)
                whole /= 10
                count += 1
            } while whole > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// `text` as a quoted JSON string, escaping quotes, backslashes and
    /// control characters.
    package static func string(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// An object from members whose values are already JSON text, in order.
    package static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }
}
