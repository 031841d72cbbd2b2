import Foundation

/// One JSON Lines input object: its fields parsed with `JSONSerialization`,
/// and its `id` kept as the exact JSON text of the input so it is echoed as
/// the same value (`1.0` stays `1.0`, objects keep their key order).
package struct InputRecord {
    package let lineNumber: Int
    /// The `id` member's JSON text, or `nil` when the object has none.
    package let rawID: String?
    private let fields: [String: Any]

    /// - Throws: ``LineFailure`` when the line is not a JSON object.
    package init(_ line: InputLine) throws(LineFailure) {
        lineNumber = line.number
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(line.bytes), options: [.fragmentsAllowed])
        } catch {
            throw LineFailure(line: line.number, rawID: nil, message: "invalid JSON")
        }
        guard let fields = object as? [String: Any] else {
            throw LineFailure(line: line.number, rawID: nil, message: "not a JSON object")
        }
        self.fields = fields
        self.rawID = fields["id"] == nil ? nil : RawMemberScanner.rawValue(of: "id", in: line.bytes)
    }

    /// A failure for this record, carrying its id.
    package func failure(_ message: String) -> LineFailure {
        LineFailure(line: lineNumber, rawID: rawID, message: message)
    }

    /// Whether the member is present and not `null`.
    package func has(_ key: String) -> Bool { fields[key] != nil && !(fields[key] is NSNull) }

    /// A required string member.
    package func string(_ key: String) throws(LineFailure) -> String {
        guard let value = try optionalString(key) else { throw failure("no \"\(key)\"") }
        return value
    }

    /// A string member, `nil` when absent or `null`.
    package func optionalString(_ key: String) throws(LineFailure) -> String? {
        guard has(key) else { return nil }
        guard let value = fields[key] as? String else { throw failure("\"\(key)\" must be a string") }
        return value
    }

    /// A finite number member within `range`, `nil` when absent or `null`.
    package func number(_ key: String, in range: ClosedRange<Double>) throws(LineFailure) -> Double? {
        guard has(key) else { return nil }
        guard let number = fields[key] as? NSNumber, !Self.isBoolean(number),
              number.doubleValue.isFinite, range.contains(number.doubleValue)
        else {
            throw failure("\"\(key)\" must be a number in \(JSONText.number(range.lowerBound))...\(JSONText.number(range.upperBound))")
        }
        return number.doubleValue
    }

    /// A whole-number member within `range`, `nil` when absent or `null`.
    package func integer(_ key: String, in range: ClosedRange<Int>) throws(LineFailure) -> Int? {
        guard has(key) else { return nil }
        guard let number = fields[key] as? NSNumber, !Self.isBoolean(number),
              number.doubleValue == number.doubleValue.rounded(),
              number.doubleValue >= Double(range.lowerBound), number.doubleValue <= Double(range.upperBound)
        else {
            throw failure("\"\(key)\" must be a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return number.intValue
    }

    /// `true`/`false` arrive as `NSNumber`s too; their type code is `c`.
    private static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }
}

/// Why one input line produced no result. Written in the line's place as
/// `{"id": …, "line": N, "error": "…"}` (the id only when known).
package struct LineFailure: Error {
    package var line: Int
    package var rawID: String?
    package var message: String

    package init(line: Int, rawID: String?, message: String) {
        self.line = line
        self.rawID = rawID
        self.message = message
    }

    /// The error object as one line of JSON, without the newline.
    package var json: String {
        var members: [(String, String)] = []
        if let rawID { members.append(("id", rawID)) }
        members.append(("line", String(line)))
        members.append(("error", JSONText.string(message)))
        return JSONText.object(members)
    }
}
