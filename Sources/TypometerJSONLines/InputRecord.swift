/// One JSON Lines input object: its top-level members parsed
/// (``JSONObjectParser``), and its `id` kept as the JSON text of the input
/// so it is echoed as the same value (`1.0` stays `1.0`, objects keep their
/// key order), with the whitespace between its tokens that is a control
/// character (tab, carriage return) turned into spaces: output lines never
/// hold one. Where a key appears more than once, the last wins.
package struct InputRecord {
    package let lineNumber: Int
    /// The `id` member's JSON text, tabs and carriage returns between its
    /// tokens as spaces, or `nil` when the object has none.
    package var rawID: String? {
        rawIDBytes.map { text in
            guard text.contains(where: { $0 < 0x20 }) else { return String(decoding: text, as: UTF8.self) }
            return String(decoding: text.map { $0 < 0x20 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
        }
    }
    /// The `id` member's JSON text as it is in the input line.
    private let rawIDBytes: ArraySlice<UInt8>?
    private let members: [JSONObjectParser.Member]
    /// The line, which members' texts index.
    private let bytes: [UInt8]

    /// - Throws: ``LineFailure`` when the line is not a JSON object, or was
    ///   too long to keep.
    package init(_ line: InputLine) throws(LineFailure) {
        if let tooLong = line.tooLong {
            throw LineFailure(
                line: line.number, rawID: nil,
                message: "line too long: \(tooLong.length) bytes, more than the limit of \(tooLong.limit)")
        }
        lineNumber = line.number
        bytes = line.bytes
        do {
            members = try JSONObjectParser.members(of: line.bytes)
        } catch {
            throw LineFailure(line: line.number, rawID: nil, message: error.message)
        }
        rawIDBytes = members.last { $0.name == Self.id }.map { line.bytes[$0.text] }
    }

    private static let id = JSONObjectParser.Name("id")

    /// Whether the object has an `id` member.
    package var hasID: Bool { rawIDBytes != nil }

    /// Appends ``rawID`` to UTF-8 `bytes` (nothing when the object has no
    /// `id`), byte for byte.
    package func appendRawID(to bytes: inout [UInt8]) {
        guard let text = rawIDBytes else { return }
        // Raw control characters are only whitespace between tokens: a
        // string holds them escaped.
        if text.contains(where: { $0 < 0x20 }) {
            bytes.append(contentsOf: text.lazy.map { $0 < 0x20 ? UInt8(ascii: " ") : $0 })
        } else {
            bytes.append(contentsOf: text)
        }
    }

    /// A failure for this record, carrying its id.
    package func failure(_ message: String) -> LineFailure {
        LineFailure(line: lineNumber, rawID: rawID, message: message)
    }

    /// The last member named `key`, `nil` when absent or `null`.
    private func member(_ key: String) -> JSONObjectParser.Member? {
        index(of: JSONObjectParser.Name(key)).map { members[$0] }
    }

    /// The index of the last member named `name`, `nil` when absent or
    /// `null` (found in place: no member is copied).
    private func index(of name: JSONObjectParser.Name) -> Int? {
        guard let index = members.lastIndex(where: { $0.name == name }) else { return nil }
        if case .null = members[index].value { return nil }
        return index
    }

    /// The value of the last member named `key`, `nil` when absent or `null`.
    private func value(_ key: String) -> JSONObjectParser.Value? {
        index(of: JSONObjectParser.Name(key)).map { members[$0].value }
    }

    /// Whether the member is present and not `null`.
    package func has(_ key: String) -> Bool { value(key) != nil }

    /// Which members named in `names` are present and not `null`: none,
    /// only those in `subset`, or others too.
    /// - Complexity: O(*n*) for *n* members, with no allocation.
    package func members(among names: MemberNames, onlyIn subset: MemberNames) -> MembersSet {
        var found = MembersSet.none
        for member in members where names.contains(member.name) && index(of: member.name) != nil {
            guard subset.contains(member.name) else { return .others }
            found = .onlySubset
        }
        return found
    }

    /// What ``members(among:onlyIn:)`` finds.
    package enum MembersSet {
        case none
        case onlySubset
        case others
    }

    /// A required string member.
    package func string(_ key: String) throws(LineFailure) -> String {
        guard let value = try optionalString(key) else { throw failure("no \"\(key)\"") }
        return value
    }

    /// A string member, `nil` when absent or `null`.
    package func optionalString(_ key: String) throws(LineFailure) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value else { throw failure("\"\(key)\" must be a string") }
        return text
    }

    /// A finite number member within `range`, `nil` when absent or `null`.
    package func number(_ key: String, in range: ClosedRange<Double>) throws(LineFailure) -> Double? {
        guard let value = value(key) else { return nil }
        guard case .number(let number) = value, number.isFinite, range.contains(number) else {
            throw failure("\"\(key)\" must be a number in \(JSONText.number(range.lowerBound))...\(JSONText.number(range.upperBound))")
        }
        return number
    }

    /// A whole-number member within `range`, `nil` when absent or `null`.
    package func integer(_ key: String, in range: ClosedRange<Int>) throws(LineFailure) -> Int? {
        guard let value = value(key) else { return nil }
        guard case .number(let number) = value, Self.isWhole(number, in: range) else {
            throw failure("\"\(key)\" must be a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return Int(number)
    }

    /// An array member of whole numbers, each within `range`; `nil` when
    /// absent or `null`.
    package func integers(_ key: String, in range: ClosedRange<Int>) throws(LineFailure) -> [Int]? {
        guard let member = member(key) else { return nil }
        guard case .composite = member.value, let numbers = JSONObjectParser.numbers(in: bytes, array: member.text),
              numbers.allSatisfy({ Self.isWhole($0, in: range) })
        else {
            throw failure("\"\(key)\" must be an array of whole numbers in \(range.lowerBound)...\(range.upperBound)")
        }
        return numbers.map { Int($0) }
    }

    /// A boolean member, `nil` when absent or `null`.
    package func boolean(_ key: String) throws(LineFailure) -> Bool? {
        guard let value = value(key) else { return nil }
        guard case .boolean(let flag) = value else { throw failure("\"\(key)\" must be true or false") }
        return flag
    }

    /// An array member of strings; `nil` when absent or `null`.
    package func strings(_ key: String) throws(LineFailure) -> [String]? {
        guard let member = member(key) else { return nil }
        guard case .composite = member.value, let elements = JSONObjectParser.elements(in: bytes, array: member.text)
        else { throw failure("\"\(key)\" must be an array of strings") }
        var strings: [String] = []
        for element in elements {
            guard case .string(let text) = element.value else { throw failure("\"\(key)\" must be an array of strings") }
            strings.append(text)
        }
        return strings
    }

    /// An array member of objects, each read as a record of its own (same
    /// line number and id, for failures); `nil` when absent or `null`.
    package func records(_ key: String) throws(LineFailure) -> [InputRecord]? {
        guard let member = member(key) else { return nil }
        guard case .composite = member.value, let elements = JSONObjectParser.elements(in: bytes, array: member.text)
        else { throw failure("\"\(key)\" must be an array of objects") }
        var records: [InputRecord] = []
        for element in elements {
            let objectBytes = Array(bytes[element.text])
            guard case .composite = element.value, objectBytes.first == UInt8(ascii: "{"),
                  let members = try? JSONObjectParser.members(of: objectBytes)
            else { throw failure("\"\(key)\" must be an array of objects") }
            records.append(InputRecord(lineNumber: lineNumber, rawIDBytes: rawIDBytes, members: members, bytes: objectBytes))
        }
        return records
    }

    /// The names of the members not in `known`, in order, each once.
    /// - Complexity: O(*n*) for *n* members (the names seen are kept in a
    ///   set: a line of 400,000 unknown names took 81 s searching a list).
    package func unknownMembers(_ known: MemberNames) -> [String] {
        guard members.contains(where: { !known.contains($0.name) }) else { return [] }
        var unknown: [String] = []
        var seen = Set<JSONObjectParser.Name>()
        for member in members where !known.contains(member.name) && seen.insert(member.name).inserted {
            unknown.append(member.name.text)
        }
        return unknown
    }

    private init(lineNumber: Int, rawIDBytes: ArraySlice<UInt8>?, members: [JSONObjectParser.Member], bytes: [UInt8]) {
        self.lineNumber = lineNumber
        self.rawIDBytes = rawIDBytes
        self.members = members
        self.bytes = bytes
    }

    private static func isWhole(_ number: Double, in range: ClosedRange<Int>) -> Bool {
        number == number.rounded() && number >= Double(range.lowerBound) && number <= Double(range.upperBound)
    }
}

/// The member names a command reads, to tell an input line's others
/// (``InputRecord/unknownMembers(_:)``).
package struct MemberNames: Sendable {
    /// A few names, each once: compared one by one (a name is two words
    /// and a length), cheaper than hashing.
    private let names: [JSONObjectParser.Name]
    /// Those of at most 16 bytes, compared as plain words; `true` when
    /// every name is one.
    private let shortNames: [JSONObjectParser.ShortName]
    private let allShort: Bool

    package init(_ names: [String]) { self.init(names.map(JSONObjectParser.Name.init)) }

    /// These names and `more`.
    package func adding(_ more: [String]) -> MemberNames { MemberNames(names + more.map(JSONObjectParser.Name.init)) }

    private init(_ names: [JSONObjectParser.Name]) {
        var unique: [JSONObjectParser.Name] = []
        for name in names where !unique.contains(name) { unique.append(name) }
        self.names = unique
        shortNames = unique.compactMap(\.short)
        allShort = shortNames.count == unique.count
    }

    func contains(_ name: JSONObjectParser.Name) -> Bool {
        guard let short = name.short else { return !allShort && names.contains(name) }
        return shortNames.contains(short)
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
