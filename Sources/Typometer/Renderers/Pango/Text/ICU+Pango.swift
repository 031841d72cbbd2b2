import CICUShim

/// The shim's functions that follow Pango 1.50's own code rather than ICU's
/// (``ICU``).
extension ICU {
    /// `tm_line_breaks_pango`: as ``lineBreaks(in:into:)``, by Pango 1.50's
    /// own implementation of UAX #14.
    static func pangoLineBreaks(in text: UTF16Text, into breaks: UnsafeMutableBufferPointer<Int32>) -> Int {
        Int(tm_line_breaks_pango(text.baseAddress, Int32(text.count), breaks.baseAddress, Int32(breaks.count)))
    }

    /// `tm_line_breaks_pango_rules`: as ``pangoLineBreaks(in:into:)``, by
    /// the rules code point by code point only (never by the table it keeps
    /// for printable ASCII); for tests.
    static func pangoLineBreaksByRules(in text: UTF16Text, into breaks: UnsafeMutableBufferPointer<Int32>) -> Int {
        Int(tm_line_breaks_pango_rules(text.baseAddress, Int32(text.count), breaks.baseAddress, Int32(breaks.count)))
    }

    /// `tm_grapheme_breaks_pango`: as ``graphemeBreaks(in:into:)``, by the
    /// grapheme cluster rules as Pango 1.50 has them.
    static func pangoGraphemeBreaks(in text: UTF16Text, into breaks: UnsafeMutableBufferPointer<Int32>)
        -> Int
    {
        Int(tm_grapheme_breaks_pango(text.baseAddress, Int32(text.count), breaks.baseAddress, Int32(breaks.count)))
    }
}
