/// One `typometer` subcommand.
protocol Subcommand: Sendable {
    /// The word after `typometer` that selects it.
    static var name: String { get }
    /// One line for the overview.
    static var summary: String { get }
    /// The full `--help` text, with an example.
    static var help: String { get }
    /// Runs with the arguments after the subcommand's name and returns the
    /// exit status. Throws ``UsageError`` for bad options (exit status 2).
    static func run(_ arguments: [String]) throws(UsageError) -> Int32
}

/// The exit statuses every subcommand uses.
enum ExitStatus {
    static let success: Int32 = 0
    /// At least one input line or case failed; the rest were processed.
    static let someInputFailed: Int32 = 1
    /// The options were bad; nothing was processed.
    static let usage: Int32 = 2
}
