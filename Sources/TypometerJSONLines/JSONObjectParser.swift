/// A strict JSON (RFC 8259) parser for one JSON Lines input line that
/// must be an object: it validates the whole line, and keeps each
/// top-level member's scalar value and the exact text of its value.
/// Nested objects and arrays are validated and kept as text only.
///
/// Written for the input path of `typometer measure`, where Foundation's
/// `JSONSerialization` cost more than measuring the text; the fuzz target
/// checks that both accept and reject the same lines and read the same
/// values.
struct JSONObjectParser {
    /// A top-level member.
    struct Member {
        let name: Name
        let value: Value
        /// The value's JSON text, without surrounding whitespace.
        let text: Range<Int>
    }

    /// A member's name, compared code unit for code unit (RFC 8259 §8.3),
    /// not by `String`'s canonical equivalence: up to 16 UTF-8 bytes in two
    /// words, longer names as their bytes.
    struct Name: Hashable, Sendable {
        private var words: (UInt64, UInt64) = (0, 0)
        private let count: Int
        private let long: [UInt8]?

        init(_ text: String) {
            var text = text
            self = text.withUTF8 { Name(UnsafeRawBufferPointer($0)) }
        }

        /// The name whose UTF-8 bytes are `utf8`.
        init(_ utf8: UnsafeRawBufferPointer) {
            count = utf8.count
            if count <= 16 {
                long = nil
                withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: utf8) }
            } else {
                long = Array(utf8)
            }
        }

        static func == (lhs: Name, rhs: Name) -> Bool {
            lhs.count == rhs.count && lhs.words == rhs.words && lhs.long == rhs.long
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(words.0)
            hasher.combine(words.1)
            hasher.combine(long)
        }

        /// The name's length in UTF-8 bytes.
        var byteCount: Int { count }

        /// The name's bytes and length, when it has at most 16 bytes: compared
        /// without touching a reference count.
        var short: ShortName? { long == nil ? ShortName(words: words, count: count) : nil }

        /// The name as text.
        var text: String {
            if let long { return String(decoding: long, as: UTF8.self) }
            return withUnsafeBytes(of: words) { String(decoding: $0.prefix(count), as: UTF8.self) }
        }
    }

    /// A ``Name`` of at most 16 bytes, as plain words.
    struct ShortName: Equatable {
        let words: (UInt64, UInt64)
        let count: Int

        static func == (lhs: ShortName, rhs: ShortName) -> Bool {
            lhs.count == rhs.count && lhs.words == rhs.words
        }
    }

    enum Value {
        case string(String)
        case number(Double)
        case boolean(Bool)
        case null
        /// An object or an array.
        case composite
    }

    /// Why a line is not a JSON object, and where (offsets count bytes of
    /// the line from 0).
    enum Failure: Error, Equatable {
        /// Not JSON where parsing stopped: ``members(of:)`` reports it as
        /// one of the cases below.
        case invalidJSON
        /// Not JSON at `offset`.
        case syntax(offset: Int)
        /// Bytes that are not UTF-8 from `offset` on.
        case notUTF8(offset: Int)
        /// A `\u` escape at `offset` of half a surrogate pair, alone.
        case loneSurrogate(offset: Int)
        /// The line starts with U+FEFF's bytes, which a JSON text has not.
        case byteOrderMark
        /// Valid JSON that is not an object.
        case notAnObject

        /// The failure as a line's error message.
        var message: String {
            switch self {
            case .invalidJSON: return "invalid JSON"
            case .syntax(let offset): return "invalid JSON at byte offset \(offset)"
            case .notUTF8(let offset): return "invalid JSON: not UTF-8 at byte offset \(offset)"
            case .loneSurrogate(let offset):
                return "invalid JSON: a lone surrogate escape at byte offset \(offset) "
                    + "(a character past U+FFFF is escaped as a pair)"
            case .byteOrderMark:
                return "invalid JSON: the line starts with a byte order mark (U+FEFF); write UTF-8 without one"
            case .notAnObject: return "not a JSON object"
            }
        }
    }

    private let bytes: [UInt8]
    private var index = 0
    /// Nesting limit for objects and arrays inside the top-level object.
    static let maximumDepth = 512

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The members of the object `bytes` holds, in order.
    /// - Throws: ``Failure/notAnObject`` for valid JSON that is not an
    ///   object, another ``Failure`` (never ``Failure/invalidJSON``) saying
    ///   why and where for anything else.
    static func members(of bytes: [UInt8]) throws(Failure) -> [Member] {
        var parser = JSONObjectParser(bytes)
        do throws(Failure) {
            parser.skipWhitespace()
            guard parser.index < bytes.count else { throw .invalidJSON }
            if bytes[parser.index] != UInt8(ascii: "{") {
                // Valid JSON of another kind, or not JSON at all.
                _ = try parser.value(depth: 0)
                parser.skipWhitespace()
                throw parser.index == bytes.count ? .notAnObject : .invalidJSON
            }
            let members = try parser.object()
            parser.skipWhitespace()
            guard parser.index == bytes.count else { throw .invalidJSON }
            return members
        } catch {
            // Bytes that are not UTF-8 anywhere make the line no JSON text at
            // all (RFC 8259 §8.1): said first, wherever parsing stopped.
            if let invalid = bytes.withUnsafeBufferPointer(UTF8Validation.firstInvalidOffset) {
                throw .notUTF8(offset: invalid)
            }
            guard error == .invalidJSON else { throw error }
            if parser.index == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { throw .byteOrderMark }
            throw .syntax(offset: parser.index)
        }
    }

    /// The numbers of the array whose JSON text is `bytes[text]` (a
    /// member's ``Member/text``), or `nil` when that is not an array of
    /// numbers only.
    static func numbers(in bytes: [UInt8], array text: Range<Int>) -> [Double]? {
        guard let elements = elements(in: bytes, array: text) else { return nil }
        var numbers: [Double] = []
        numbers.reserveCapacity(elements.count)
        for element in elements {
            guard case .number(let number) = element.value else { return nil }
            numbers.append(number)
        }
        return numbers
    }

    /// The elements of the array whose JSON text is `bytes[text]`, each
    /// value with its JSON text (nested arrays and objects as
    /// ``Value/composite``), or `nil` when that is not an array.
    static func elements(in bytes: [UInt8], array text: Range<Int>) -> [(value: Value, text: Range<Int>)]? {
        var parser = JSONObjectParser(bytes)
        parser.index = text.lowerBound
        var elements: [(value: Value, text: Range<Int>)] = []
        do {
            try parser.expect(UInt8(ascii: "["))
            parser.skipWhitespace()
            if parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: "]") {
                parser.index += 1
            } else {
                while true {
                    parser.skipWhitespace()
                    let start = parser.index
                    let value = try parser.value(depth: 2)
                    elements.append((value, start..<parser.index))
                    parser.skipWhitespace()
                    guard parser.index < parser.bytes.count, parser.bytes[parser.index] == UInt8(ascii: ",") else { break }
                    parser.index += 1
                }
                try parser.expect(UInt8(ascii: "]"))
            }
        } catch {
            return nil
        }
        return parser.index == text.upperBound ? elements : nil
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8) throws(Failure) {
        guard index < bytes.count, bytes[index] == byte else { throw .invalidJSON }
        index += 1
    }

    /// The top-level object at `index`, its members kept.
    private mutating func object() throws(Failure) -> [Member] {
        try expect(UInt8(ascii: "{"))
        var members: [Member] = []
        members.reserveCapacity(4)
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return members
        }
        while true {
            skipWhitespace()
            let name = try name()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            let start = index
            let value = try value(depth: 1)
            members.append(Member(name: name, value: value, text: start..<index))
            skipWhitespace()
            guard index < bytes.count else { throw .invalidJSON }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"))
            try Self.checkHugeNumbersReplaced(members)
            return members
        }
    }

    /// A number too large for a double, where no later member of the same
    /// name replaces it, makes the line invalid: the members read from the
    /// last, the names seen after each kept in a set (Swift's hashing is
    /// seeded per process), so that this is linear in the members.
    private static func checkHugeNumbersReplaced(_ members: [Member]) throws(Failure) {
        func isHuge(_ member: Member) -> Bool {
            if case .number(let number) = member.value { !number.isFinite } else { false }
        }
        guard members.contains(where: isHuge) else { return }
        var later = Set<Name>()
        for member in members.reversed() {
            if isHuge(member), !later.contains(member.name) { throw .invalidJSON }
            later.insert(member.name)
        }
    }

    private mutating func value(depth: Int) throws(Failure) -> Value {
        guard index < bytes.count else { throw .invalidJSON }
        switch bytes[index] {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try skipComposite(depth: depth)
            return .composite
        case UInt8(ascii: "t"): try literal("true"); return .boolean(true)
        case UInt8(ascii: "f"): try literal("false"); return .boolean(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default:
            let value = try number()
            // Inside an array or a nested object every number is kept.
            guard value.isFinite || depth <= 1 else { throw .invalidJSON }
            return .number(value)
        }
    }

    /// Validates the object or array at `index` and moves past it.
    private mutating func skipComposite(depth: Int) throws(Failure) {
        guard depth < Self.maximumDepth else { throw .invalidJSON }
        let isObject = bytes[index] == UInt8(ascii: "{")
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == close {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            if isObject {
                _ = try string()
                skipWhitespace()
                try expect(UInt8(ascii: ":"))
                skipWhitespace()
            }
            _ = try value(depth: depth + 1)
            skipWhitespace()
            guard index < bytes.count else { throw .invalidJSON }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(close)
            return
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw .invalidJSON }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw .invalidJSON }
        index += count
    }

    /// A number by the JSON grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() throws(Failure) -> Double {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - first
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw .invalidJSON }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            guard digits() > 0 else { throw .invalidJSON }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw .invalidJSON }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw .invalidJSON }
        }
        // An integer of at most 15 digits (most ids) is exact as a double.
        let negative = bytes[start] == UInt8(ascii: "-")
        let digitsStart = negative ? start + 1 : start
        if index - digitsStart <= 15, !bytes[digitsStart..<index].contains(where: { $0 < UInt8(ascii: "0") || $0 > UInt8(ascii: "9") }) {
            let value = bytes[digitsStart..<index].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            return negative ? -Double(value) : Double(value)
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        // Infinite when too large for a double: an error where the value is
        // kept, as for Foundation (which drops a member a later one of the
        // same name replaces before reading its number).
        guard let value = Double(text) else { throw .invalidJSON }
        return value
    }

    /// A member's name at `index`: read from the line's bytes when it is
    /// ASCII without escapes (every name a command reads), else as a
    /// ``string()``.
    private mutating func name() throws(Failure) -> Name {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw .invalidJSON }
        let start = index + 1
        let name = bytes.withUnsafeBytes { bytes -> Name? in
            var stop = start
            while stop < bytes.count {
                let byte = bytes[stop]
                if byte == UInt8(ascii: "\"") { return Name(UnsafeRawBufferPointer(rebasing: bytes[start..<stop])) }
                if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return nil }
                stop += 1
            }
            return nil
        }
        guard let name else { return Name(try string()) }
        index = start + name.byteCount + 1
        return name
    }

    /// The string at `index`, escapes decoded; invalid UTF-8, control
    /// characters and lone surrogate escapes are not JSON here (the first
    /// two reported where they are).
    private mutating func string() throws(Failure) -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        // Most strings have no escape: validated and copied in one go.
        let (stop, isASCII) = bytes.withUnsafeBufferPointer { bytes in
            var stop = start
            var high: UInt8 = 0
            // Eight bytes at a time while none is a quote, a backslash or a
            // control character (a block with one, or a false alarm after
            // one, is read byte by byte below).
            if let base = bytes.baseAddress.map(UnsafeRawPointer.init) {
                let ones: UInt64 = 0x0101_0101_0101_0101
                let highs: UInt64 = 0x8080_8080_8080_8080
                var words: UInt64 = 0
                while stop + 8 <= bytes.count {
                    let word = base.loadUnaligned(fromByteOffset: stop, as: UInt64.self)
                    let quote = word ^ (ones &* 0x22)
                    let backslash = word ^ (ones &* 0x5C)
                    let found = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                        | ((word &- ones &* 0x20) & ~word)
                    guard found & highs == 0 else { break }
                    words |= word
                    stop += 8
                }
                if words & highs != 0 { high = 0x80 }
            }
            while stop < bytes.count {
                let byte = bytes[stop]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                high |= byte
                stop += 1
            }
            return (stop, high < 0x80)
        }
        index = stop
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            let text = isASCII
                ? String(decoding: bytes[start..<index], as: UTF8.self) : try Self.text(bytes[start..<index])
            index += 1
            return text
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\\") else { throw .invalidJSON }
        guard index < bytes.count else { throw .invalidJSON }
        // Escaped strings are built as UTF-8 and made text once.
        var text: [UInt8] = []
        text.reserveCapacity(2 * (index - start) + 16)
        try Self.validate(bytes[start..<index])
        text.append(contentsOf: bytes[start..<index])
        var runStart = index
        func flushRun() throws(Failure) {
            guard runStart < index else { return }
            try Self.validate(bytes[runStart..<index])
            text.append(contentsOf: bytes[runStart..<index])
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try flushRun()
                index += 1
                return String(decoding: text, as: UTF8.self)
            }
            guard byte >= 0x20 else { throw .invalidJSON }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            try flushRun()
            index += 1
            guard index < bytes.count else { throw .invalidJSON }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                let escapeStart = index - 2
                let unit = try hexUnit()
                var scalarValue = UInt32(unit)
                if UTF16.isLeadSurrogate(unit) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                    else { throw .loneSurrogate(offset: escapeStart) }
                    index += 2
                    let trail = try hexUnit()
                    guard UTF16.isTrailSurrogate(trail) else { throw .loneSurrogate(offset: escapeStart) }
                    scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(trail) - 0xDC00)
                } else if UTF16.isTrailSurrogate(unit) {
                    throw .loneSurrogate(offset: escapeStart)
                }
                guard let scalar = Unicode.Scalar(scalarValue) else { throw .invalidJSON }
                UTF8.encode(scalar) { text.append($0) }
            default:
                throw .invalidJSON
            }
            runStart = index
        }
        throw .invalidJSON
    }

    /// `bytes` (a slice of the line) as text, when they are valid UTF-8.
    private static func text(_ bytes: ArraySlice<UInt8>) throws(Failure) -> String {
        try validate(bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Throws ``Failure/notUTF8(offset:)`` where `bytes` (a slice of the
    /// line) stop being UTF-8.
    private static func validate(_ bytes: ArraySlice<UInt8>) throws(Failure) {
        let start = bytes.startIndex
        try bytes.withUnsafeBufferPointer { bytes throws(Failure) in
            if let invalid = UTF8Validation.firstInvalidOffset(bytes) { throw .notUTF8(offset: start + invalid) }
        }
    }

    /// Four hexadecimal digits.
    private mutating func hexUnit() throws(Failure) -> UInt16 {
        guard index + 4 <= bytes.count else { throw .invalidJSON }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt16
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt16(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt16(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt16(byte - UInt8(ascii: "A") + 10)
            default: throw .invalidJSON
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
