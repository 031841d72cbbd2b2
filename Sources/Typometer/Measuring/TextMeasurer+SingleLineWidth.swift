extension TextMeasurer {
    /// The narrowest width, in points, at which `text` is laid out with no
    /// line wrapped (each paragraph on one line, up to the line limit): the
    /// width to give a box that must hold the text on one line, such as a
    /// chip.
    ///
    /// ``maxContentWidth(of:)`` is the width the renderer reports for the
    /// unwrapped text (CSS `max-content`, Pango's logical width); this is
    /// the width its line breaker needs. They are the same for most texts;
    /// under `.pango` with positive letter spacing this is wider by the
    /// spacing, which Pango counts after a line's last letter when breaking
    /// but not in the line's width (Pango 1.50 wraps a text at its own
    /// width); a few texts of mixed direction need a fraction of a point
    /// more under `.chromium` too.
    /// - Complexity: one unwrapped layout and one at the candidate width;
    ///   a text that needs more is searched for, to 1/1024 pt.
    public func singleLineWidth(of text: String) -> Double {
        let unwrapped = lines(of: text, width: .infinity).map(\.utf16Range)
        func holds(_ width: Double) -> Bool { lines(of: text, width: width).map(\.utf16Range) == unwrapped }
        let candidate = maxContentWidth(of: text) + max(0, lineEdgeSpacing)
        if holds(candidate) { return candidate }
        var (low, step) = (candidate, 1.0)
        while !holds(low + step) {
            low += step
            step *= 2
        }
        var high = low + step
        while high - low > 1.0 / 1024 {
            let middle = (low + high) / 2
            if holds(middle) { high = middle } else { low = middle }
        }
        return high
    }
}
