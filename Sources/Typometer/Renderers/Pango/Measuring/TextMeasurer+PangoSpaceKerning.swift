import CHarfBuzz

extension TextMeasurer {
    /// What the trailing spaces of the segment `start..<end` of `paragraph`
    /// gain from kerning with the character after them (``SpaceKerning``),
    /// given the segment's faces: 0 unless the space and that character are
    /// both the primary face's, in one left-to-right Latin or Common item.
    func pangoTrailingSpaceKerning(
        in units: UTF16Text, start: Int, end: Int, paragraph: Range<Int>, faceMask: UInt64, levels: [UInt8]?,
        kerning: SpaceKerning
    ) -> Double {
        guard end < paragraph.upperBound, units[end - 1] == 0x20,
              faceMask & FaceRegistry.faceBits == FaceRegistry.bit(for: 0),
              levels?.allSatisfy({ $0 == 0 }) ?? true,
              let following = TextScanning.scalar(in: units, at: end, before: paragraph.upperBound),
              Self.joinsLatinItem(following), registry.primary.face.covers(following)
        else { return 0 }
        var contentEnd = end
        while contentEnd > start, units[contentEnd - 1] == 0x20 { contentEnd -= 1 }
        if contentEnd > start {
            var first = contentEnd - 1
            if UTF16.isTrailSurrogate(units[first]), first > start { first -= 1 }
            guard let last = TextScanning.scalar(in: units, at: first, before: contentEnd),
                  Self.joinsLatinItem(last) else { return 0 }
        }
        return kerning.kerning(before: following, shaper: shaper, rules: PangoRules.self)
    }

    private static func joinsLatinItem(_ scalar: UInt32) -> Bool {
        let script = ScalarProperties.script(of: scalar)
        return script == HB_SCRIPT_LATIN || script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED
    }
}
