import BenchSupport

/// A fortune database as `fortune` reads it: plain text whose records are
/// separated by lines holding only `%`.
enum FortuneFile {
    /// The records of the file at `path`, each cleaned of terminal
    /// formatting (see ``cleaned(_:)``); empty records are left out.
    static func records(in path: String) throws(BenchError) -> [String] {
        var records: [String] = []
        var current: [Substring] = []
        func finish() {
            let record = cleaned(current.joined(separator: "\n"))
            if !record.allSatisfy(PostSplitter.isSpace) { records.append(record) }
            current.removeAll()
        }
        for line in try TextFiles.read(path).split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "%" || line == "%\r" { finish() } else { current.append(line) }
        }
        finish()
        return records
    }

    /// `text` without terminal formatting: ANSI escape sequences (the
    /// colours of fortunes-zh) removed, overstriking (`_` backspace `X`,
    /// `X` backspace `X`) reduced to the last character, tabs and other
    /// control characters but the line feed turned into spaces.
    static func cleaned(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar.value {
            case 0x1B:
                // CSI: ESC [ parameters final byte (0x40–0x7E).
                guard let next = scalars.next(), next == "[" else { continue }
                while let part = scalars.next(), !(0x40...0x7E).contains(part.value) {}
            case 0x08:
                if !output.isEmpty { output.removeLast() }
            case 0x0A: output.append(scalar)
            case 0..<0x20, 0x7F: output.append(" ")
            default: output.append(scalar)
            }
        }
        return String(output)
    }
}
