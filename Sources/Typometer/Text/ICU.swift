import CICUShim

/// Every call into ICU: the C shim (`Sources/CICUShim`, a header of plain C
/// types, since the toolchain's own ICU and ICU's versioned symbols keep
/// Swift from importing ICU itself). Each function names the shim function
/// it wraps. The shim keeps its break iterators and bidi objects per
/// thread and closes them when the thread ends (``ThreadObjects``).
enum ICU {
    /// `tm_line_breaks`: UAX #14 line break opportunities in `text` by ICU's
    /// rules for `locale` (an ICU locale ID; `nil` for English), tailored
    /// for CSS `line-break: normal`, written to `breaks` (offsets after
    /// which a line may start, the last the text's length); how many, or
    /// a negative number when ICU fails.
    static func lineBreaks(
        in text: UTF16Text, locale: String? = nil, into breaks: UnsafeMutableBufferPointer<Int32>
    ) -> Int {
        guard let locale else {
            return Int(tm_line_breaks(text.baseAddress, Int32(text.count), nil, breaks.baseAddress, Int32(breaks.count)))
        }
        return Int(tm_line_breaks(text.baseAddress, Int32(text.count), locale, breaks.baseAddress, Int32(breaks.count)))
    }

    /// `tm_grapheme_breaks`: where ICU's extended grapheme clusters of
    /// `text` end, written to `breaks`; how many, or a negative number.
    static func graphemeBreaks(in text: UTF16Text, into breaks: UnsafeMutableBufferPointer<Int32>) -> Int {
        Int(tm_grapheme_breaks(text.baseAddress, Int32(text.count), breaks.baseAddress, Int32(breaks.count)))
    }

    /// `tm_grapheme_breaks_by_iterator`: as ``graphemeBreaks(in:into:)``,
    /// always by ICU's iterator; for tests.
    static func graphemeBreaksByIterator(in text: UTF16Text, into breaks: UnsafeMutableBufferPointer<Int32>) -> Int {
        Int(tm_grapheme_breaks_by_iterator(text.baseAddress, Int32(text.count), breaks.baseAddress, Int32(breaks.count)))
    }

    /// `tm_bidi_levels`: the UAX #9 embedding level of each code unit of
    /// `text` in a paragraph of base level `base`, into `levels` (as many
    /// as the text has units); `false` when ICU fails.
    static func bidiLevels(of text: UTF16Text, base: UInt8, into levels: inout [UInt8]) -> Bool {
        tm_bidi_levels(text.baseAddress, Int32(text.count), base, &levels) == 0
    }

    /// `tm_first_strong_level`: the direction of the first strong character
    /// of `text` (bidi classes L, R, AL): 0 left to right, 1 right to left,
    /// `nil` when there is none.
    static func firstStrongLevel(in text: UTF16Text) -> UInt8? {
        switch tm_first_strong_level(text.baseAddress, Int32(text.count)) {
        case 0: 0
        case 1: 1
        default: nil
        }
    }

    /// `tm_script_extensions_include`: whether the Script_Extensions of
    /// `scalar` include `script` (an ISO 15924 tag as in `hb_script_t`).
    static func scriptExtensions(of scalar: UInt32, include script: UInt32) -> Bool {
        tm_script_extensions_include(scalar, script) == 1
    }

    /// `tm_first_script_extension`: the first script (in ICU's order) of
    /// the Script_Extensions of `scalar` as an ISO 15924 tag (an
    /// `hb_script_t` raw value), `nil` when they are only its own script.
    static func firstScriptExtension(of scalar: UInt32) -> UInt32? {
        let tag = tm_first_script_extension(scalar)
        return tag == 0 ? nil : tag
    }

    /// `tm_bidi_paired_bracket`: the bracket `scalar` pairs with and whether
    /// it closes the pair, `nil` when it is no paired bracket (UAX #9).
    static func bidiPairedBracket(of scalar: UInt32) -> (pair: UInt32, closes: Bool)? {
        var pair: UInt32 = 0
        switch tm_bidi_paired_bracket(scalar, &pair) {
        case 1: return (pair, false)
        case 2: return (pair, true)
        default: return nil
        }
    }

    /// `tm_character_flags`: the Unicode properties of `scalar` that font
    /// selection needs, as ``CharacterFlag`` bits.
    static func characterFlags(of scalar: UInt32) -> UInt32 { tm_character_flags(scalar) }

    /// The bits of ``characterFlags(of:)``.
    enum CharacterFlag {
        static let emojiPresentation = UInt32(TM_CHAR_EMOJI_PRESENTATION)
        static let emoji = UInt32(TM_CHAR_EMOJI)
        static let emojiModifier = UInt32(TM_CHAR_EMOJI_MODIFIER)
        static let regionalIndicator = UInt32(TM_CHAR_REGIONAL_INDICATOR)
        static let defaultIgnorable = UInt32(TM_CHAR_DEFAULT_IGNORABLE)
        static let mark = UInt32(TM_CHAR_MARK)
        static let extendedPictographic = UInt32(TM_CHAR_EXTENDED_PICTOGRAPHIC)
        static let spaceSeparator = UInt32(TM_CHAR_SPACE_SEPARATOR)
        static let control = UInt32(TM_CHAR_CONTROL)
        /// A strong bidi class: L, R or AL.
        static let bidiStrong = UInt32(TM_CHAR_BIDI_STRONG)
        /// Line-break class AL (UAX #14 alphabetic).
        static let lineBreakAlphabetic = UInt32(TM_CHAR_LINE_BREAK_ALPHABETIC)
        /// Line-break class QU (quotation).
        static let lineBreakQuotation = UInt32(TM_CHAR_LINE_BREAK_QUOTATION)
        /// East Asian Width wide or fullwidth.
        static let eastAsianWide = UInt32(TM_CHAR_EAST_ASIAN_WIDE)
        /// Script_Extensions other than its own script.
        static let scriptExtensions = UInt32(TM_CHAR_SCRIPT_EXTENSIONS)
    }

    /// `tm_likely_script`: the ISO 15924 code of the script the ICU locale
    /// `locale` is most likely written in (`Cyrl` for `sr`), or `nil`.
    static func likelyScript(of locale: String) -> String? {
        var script = [CChar](filled: 0, count: 5)
        guard tm_likely_script(locale, &script) == 1 else { return nil }
        return String(decoding: script.prefix(4).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `tm_use_break_dictionaries`: makes ICU read the break dictionaries in
    /// `directory`; `false` when another directory was chosen before.
    static func useBreakDictionaries(in directory: String) -> Bool { tm_use_break_dictionaries(directory) == 1 }

    /// `tm_thread_objects_open`: how many per-thread ICU objects are open.
    static var threadObjectsOpen: Int { Int(tm_thread_objects_open()) }

    /// `tm_visual_order`: the visual order of runs at bidi `levels` (in
    /// logical order), by UAX #9 rule L2: the logical index of the run
    /// drawn i-th from the left; `nil` when ICU fails.
    static func visualOrder(ofLevels levels: [UInt8]) -> [Int]? {
        var order = [Int32](filled: 0, count: levels.count)
        guard tm_visual_order(levels, Int32(levels.count), &order) == 0 else { return nil }
        return order.map(Int.init)
    }

    /// One paragraph's bidi analysis through ICU (UAX #9), resolved once and
    /// cut into lines (`tm_bidi_paragraph_open`, `tm_bidi_paragraph_line_levels`).
    /// Owns the ICU objects and frees them when it ends. Not thread-safe: one
    /// line at a time.
    final class BidiParagraph {
        private let paragraph: OpaquePointer?

        /// The paragraph `text` (copied) whose base level is `base` (0 left to
        /// right, 1 right to left).
        init(_ text: UTF16Text, base: UInt8) {
            paragraph = tm_bidi_paragraph_open(text.baseAddress, Int32(text.count), base)
        }

        deinit { tm_bidi_paragraph_close(paragraph) }

        /// The level of each code unit of `line` (offsets in the paragraph) as
        /// UAX #9 gives them for display: the paragraph's levels, white space at
        /// the line's end and before a tab back at the base level (rule L1).
        /// `nil` when ICU fails.
        func levels(of line: Range<Int>) -> [UInt8]? {
            var levels = [UInt8](filled: 0, count: line.count)
            let status = tm_bidi_paragraph_line_levels(paragraph, Int32(line.lowerBound), Int32(line.upperBound), &levels)
            return status == 0 ? levels : nil
        }
    }
}
