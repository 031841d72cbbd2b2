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

    /// ``number(_:)`` appended to UTF-8 `bytes`, byte for byte: whole
    /// numbers and fractions of 1/65,536 (Pango's heights are of 1/1,024)
    /// digit by digit, without building a string; other numbers through
    /// ``number(_:)``.
    package static func append(_ value: Double, to bytes: inout [UInt8]) {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            appendWhole(value, to: &bytes)
        } else if !appendFraction(value, to: &bytes) {
            bytes.append(contentsOf: number(value).utf8)
        }
    }

    /// The text of `literal` appended to UTF-8 `bytes`, copied at once.
    package static func append(_ literal: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    private static func appendWhole(_ value: Double, to bytes: inout [UInt8]) {
        var whole = Int64(value)
        if whole < 0 {
            bytes.append(UInt8(ascii: "-"))
            whole = -whole
        }
        appendDigits(UInt64(whole), count: nil, to: &bytes)
    }

    /// `value` with its exact decimal fraction, when it is a multiple of
    /// 1/65,536 of at least 0.001 and under 2^47 whose exact decimal has at
    /// most 15 significant digits: then no other decimal of as few digits
    /// is within half a unit in the last place (2^-52 of the value at most,
    /// under 10^-14 of its leading digit's place), so the exact one is the
    /// shortest that reads back as `value`, which is what Swift prints,
    /// and below 2^53 and from 0.001 on Swift prints it without an
    /// exponent. `false`, with nothing appended, for any other value.
    private static func appendFraction(_ value: Double, to bytes: inout [UInt8]) -> Bool {
        let magnitude = abs(value)
        guard magnitude >= 0.001, magnitude < 0x1p47 else { return false }
        let scaled = magnitude * 65_536  // exact: a power of two
        guard scaled == scaled.rounded() else { return false }
        let units = UInt64(scaled)
        guard units & 0xFFFF != 0 else { return false }
        let whole = units >> 16
        // The fraction as 16 decimal digits: (units mod 2^16) / 2^16 = that × 5^16 / 10^16.
        var fraction = (units & 0xFFFF) * 152_587_890_625
        var fractionDigits = 16
        while fraction % 10 == 0 {
            fraction /= 10
            fractionDigits -= 1
        }
        var significant = fractionDigits
        if whole > 0 {
            var rest = whole
            while rest > 0 {
                significant += 1
                rest /= 10
            }
        } else {
            var rest = fraction
            var digits = 0
            while rest > 0 {
                digits += 1
                rest /= 10
            }
            significant = digits
        }
        guard significant <= 15 else { return false }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(whole, count: nil, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        appendDigits(fraction, count: fractionDigits, to: &bytes)
        return true
    }

    /// The decimal digits of `value`, padded with leading zeros to `count`
    /// when given (up to 20 digits).
    private static func appendDigits(_ value: UInt64, count: Int?, to bytes: inout [UInt8]) {
        var value = value
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // up to 24 ASCII digits, last first
        var written = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[written] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                written += 1
            } while value > 0 || written < (count ?? 0)
            for index in stride(from: written - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
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
