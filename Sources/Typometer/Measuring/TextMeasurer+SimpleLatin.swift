extension TextMeasurer {
    /// Whether every code unit is a tab or in U+0020...U+02FF (Latin, no
    /// combining marks) and drawn by the primary face: one HarfBuzz run,
    /// measured by a shortcut unless the style alters plain words.
    func isSimpleLatin(_ text: UTF16Text) -> Bool {
        if shaper.altersPlainWords { return false }
        for unit in text where unit != 0x09 {
            guard unit >= 0x20, unit < 0x300, primaryCoverage.covers(unit) else { return false }
        }
        return true
    }
}
