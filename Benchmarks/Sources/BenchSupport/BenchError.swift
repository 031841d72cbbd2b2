#if canImport(Glibc)
import Glibc
#endif

/// A failure that stops a benchmark tool, with a message for the terminal.
package struct BenchError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// Writes `message` and a newline to standard error (file descriptor 2).
package func printError(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}
