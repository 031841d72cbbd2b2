/// A renderer's line-break rule between two ASCII characters, decided by a
/// table rather than UAX #14 (Chromium's), which the simple-word path cuts
/// chunks by without asking ICU.
protocol AsciiPairBreaks {
    /// Whether any line may start after `unit` by the table.
    static func mayBreak(after unit: UInt16) -> Bool
    /// Whether a line may start at `index` of `text` when both characters
    /// around it are ASCII and neither a space nor a control.
    static func breaks(in text: UTF16Text, before index: Int) -> Bool
}

/// No table: where the caller knows no break falls inside a chunk.
enum NoAsciiPairBreaks: AsciiPairBreaks {
    static func mayBreak(after unit: UInt16) -> Bool { false }
    static func breaks(in text: UTF16Text, before index: Int) -> Bool { false }
}
