/// The little JSON the benchmarks read and write: one flat object per line,
/// as the feeds (`{"id":N,"text":"…"}`) and `typometer measure`'s output
/// are. Enough for those files, not a JSON parser.
package enum JSONLines {
    /// The value of the string member `name` of a one-line JSON object,
    /// escapes decoded; `nil` when absent or not a string.
    package static func stringField(_ name: String, in line: Substring) -> String? {
        // Searched byte by byte: a text starting with a combining mark makes
        // one character of the opening quote and the mark.
        guard let keyRange = line.utf8.firstRange(of: "\"\(name)\":\"".utf8) else { return nil }
        var scalars = line.unicodeScalars[keyRange.upperBound...].makeIterator()
        var result = String.UnicodeScalarView()
        var pendingHigh: UInt32?
        while let scalar = scalars.next() {
            switch scalar {
            case "\"": return String(result)
            case "\\":
                guard let escaped = scalars.next() else { return nil }
                switch escaped {
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "b": result.append("\u{8}")
                case "f": result.append("\u{C}")
                case "u":
                    var hex = ""
                    for _ in 0..<4 { if let digit = scalars.next() { hex.unicodeScalars.append(digit) } }
                    guard let value = UInt32(hex, radix: 16) else { return nil }
                    if (0xD800..<0xDC00).contains(value) {
                        pendingHigh = value
                    } else if (0xDC00..<0xE000).contains(value), let high = pendingHigh {
                        let combined = 0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)
                        if let decoded = Unicode.Scalar(combined) { result.append(decoded) }
                        pendingHigh = nil
                    } else if let decoded = Unicode.Scalar(value) {
                        result.append(decoded)
                    }
                default: result.append(escaped)
                }
            default: result.append(scalar)
            }
        }
        return nil
    }

    /// The JSON text of a number or string member `name` exactly as written
    /// (`12`, `"a-1"`), to copy into output; `nil` when absent.
    package static func rawField(_ name: String, in line: Substring) -> Substring? {
        guard let keyRange = line.firstRange(of: "\"\(name)\":") else { return nil }
        let value = line[keyRange.upperBound...]
        guard let first = value.first else { return nil }
        if first == "\"" {
            var escaped = false
            for index in value.indices.dropFirst() {
                if escaped {
                    escaped = false
                } else if value[index] == "\\" {
                    escaped = true
                } else if value[index] == "\"" {
                    return value[...index]
                }
            }
            return nil
        }
        let end = value.firstIndex { $0 == "," || $0 == "}" } ?? value.endIndex
        return value[..<end]
    }

    /// `text` as a quoted JSON string: quotes, backslashes and control
    /// characters escaped, everything else as is (UTF-8).
    package static func quoted(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A finite number as `typometer measure` writes it: whole numbers
    /// without a fraction (`320`), others in Swift's shortest round-trip
    /// form (`20.4296875`).
    package static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.isFinite ? "\(value)" : "null"
    }

    /// The number member `name` of a one-line JSON object.
    package static func numberField(_ name: String, in line: Substring) -> Double? {
        rawField(name, in: line).flatMap { Double($0) }
    }
}
