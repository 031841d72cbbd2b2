import TypometerJSONLines

/// A subcommand's command line split into options and operands.
///
/// Accepts `--name value`, `--name=value` and bare flags; `--` ends the
/// options; a lone `-` is an operand (standard input). Options that take a
/// value may repeat (``values(_:)`` returns each); every other query reads
/// the last occurrence.
struct ParsedArguments {
    private var valuesByName: [String: [String]] = [:]
    private var flags: Set<String> = []
    /// Arguments that are not options, in order.
    private(set) var operands: [String] = []

    /// - Parameters:
    ///   - valued: names (without `--`) of options that take a value.
    ///   - flags: names of options that take none.
    /// - Throws: ``UsageError`` for an unknown option, a flag given a value or
    ///   a valued option at the end of the line.
    init(_ arguments: [String], valued: Set<String>, flags allowedFlags: Set<String>) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard !optionsEnded, argument.hasPrefix("--") else {
                operands.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if allowedFlags.contains(name) {
                guard inlineValue == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
            } else if valued.contains(name) {
                if let inlineValue {
                    valuesByName[name, default: []].append(inlineValue)
                } else {
                    guard index < arguments.count else { throw UsageError("--\(name) needs a value") }
                    valuesByName[name, default: []].append(arguments[index])
                    index += 1
                }
            } else {
                throw UsageError("unknown option --\(name)")
            }
        }
    }

    /// Whether flag `name` was given.
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// The last value given for option `name`, or `nil`.
    func value(_ name: String) -> String? { valuesByName[name]?.last }

    /// Every value given for option `name`, in order.
    func values(_ name: String) -> [String] { valuesByName[name] ?? [] }

    /// Option `name` as a finite number within `range`, or `nil` when absent.
    func number(_ name: String, in range: ClosedRange<Double> = -.greatestFiniteMagnitude ... .greatestFiniteMagnitude)
        throws(UsageError) -> Double?
    {
        guard let text = value(name) else { return nil }
        return try Self.number(text, option: name, in: range)
    }

    /// Every value of option `name` as finite numbers within `range`.
    func numbers(_ name: String, in range: ClosedRange<Double>) throws(UsageError) -> [Double] {
        var numbers: [Double] = []
        for text in values(name) { numbers.append(try Self.number(text, option: name, in: range)) }
        return numbers
    }

    /// Option `name` as a whole number within `range`, or `nil` when absent.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("--\(name) must be a whole number in \(range.lowerBound)...\(range.upperBound), got '\(text)'")
        }
        return number
    }

    /// The operands, refusing more than `limit`.
    func operands(atMost limit: Int) throws(UsageError) -> [String] {
        guard operands.count <= limit else {
            throw UsageError("unexpected argument '\(operands[limit])'")
        }
        return operands
    }

    private static func number(_ text: String, option: String, in range: ClosedRange<Double>)
        throws(UsageError) -> Double
    {
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw UsageError("--\(option) must be a number in \(JSONText.number(range.lowerBound))...\(JSONText.number(range.upperBound)), got '\(text)'")
        }
        return number
    }
}
