import CHarfBuzz

extension TextMeasurer {
    /// What the trailing spaces of the segment of `paragraph` that ends at
    /// `end` gain from kerning with the character after them (``SpaceKerning``),
    /// where Blink shapes the two in one HarfBuzz run: both the primary
    /// face's, left to right, in one Latin script run. The segment's faces
    /// are `faceMask`. 0 wherever that is not sure, which errs wide.
    ///
    /// A space takes the script of the run before it (`ScriptRunIterator`),
    /// so before a Latin character the last character before the space
    /// with a script of its own must be Latin; the text before it in the
    /// paragraph may be ASCII punctuation and digits, combining marks and
    /// spaces, not a closing bracket (whose script is its opener's). No such
    /// character in the paragraph: the run is the following character's.
    /// Before an ASCII sign or an opening quotation mark, which take the
    /// run's script, the space is always in its run.
    ///
    /// Spaces that start the paragraph (the text, or a line after a forced
    /// break) gain nothing: Blink makes them an item of their own, followed
    /// by a generated break opportunity, and shapes them apart
    /// (`InlineItemsBuilder::InsertBreakOpportunityAfterLeadingPreservedSpaces`).
    func blinkTrailingSpaceKerning(
        in units: UTF16Text, end: Int, paragraph: Range<Int>, faceMask: UInt64, kerning: SpaceKerning
    ) -> Double {
        guard end < paragraph.upperBound, units[end - 1] == 0x20,
              units[paragraph.lowerBound..<end].contains(where: { $0 != 0x20 }),
              faceMask & FaceRegistry.faceBits == FaceRegistry.bit(for: 0),
              let following = TextScanning.scalar(in: units, at: end, before: paragraph.upperBound),
              registry.primary.face.covers(following)
        else { return 0 }
        let followsInRun = Self.isRunNeutral(following) || Self.isOpeningQuotationMark(following)
        guard followsInRun || ScalarProperties.script(of: following) == HB_SCRIPT_LATIN else { return 0 }
        let value = kerning.kerning(before: following, shaper: shaper, rules: ChromiumRules.self)
        guard value != 0, followsInRun || latinRunEnds(before: end, in: units, paragraph: paragraph) else { return 0 }
        return value
    }

    /// How far back ``latinRunEnds(before:in:paragraph:)`` looks.
    private static let scriptReach = 64

    /// Whether the script run Blink has open just before `end` is Latin (or
    /// has no script yet), as far as `scriptReach` units back tell.
    private func latinRunEnds(before end: Int, in units: UTF16Text, paragraph: Range<Int>) -> Bool {
        var index = end
        while index > paragraph.lowerBound {
            guard end - index < Self.scriptReach else { return false }
            index -= 1
            if UTF16.isTrailSurrogate(units[index]), index > paragraph.lowerBound { index -= 1 }
            guard let scalar = TextScanning.scalar(in: units, at: index, before: end) else { return false }
            if Self.isRunNeutral(scalar) || (0x300...0x36F).contains(scalar) { continue }
            return ScalarProperties.script(of: scalar) == HB_SCRIPT_LATIN
        }
        return true
    }

    /// `‘`, `“`, `‚` and `„`, which Blink's script runs do not pair.
    private static func isOpeningQuotationMark(_ scalar: UInt32) -> Bool {
        scalar == 0x2018 || scalar == 0x201A || scalar == 0x201C || scalar == 0x201E
    }

    /// ASCII characters of no script that no script run treats apart:
    /// spaces, digits and signs, but for closing brackets.
    private static func isRunNeutral(_ scalar: UInt32) -> Bool {
        guard scalar < 0x80, scalar != 0x29, scalar != 0x5D, scalar != 0x7D else { return false }
        return ScalarProperties.script(of: scalar) == HB_SCRIPT_COMMON
    }
}
