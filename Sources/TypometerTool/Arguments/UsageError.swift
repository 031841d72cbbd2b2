/// A bad command line: an unknown option, a missing or malformed value, or
/// options that cannot go together. Reported on stderr with exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
}
