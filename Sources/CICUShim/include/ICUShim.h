#ifndef TYPOMETER_ICU_SHIM_H
#define TYPOMETER_ICU_SHIM_H

// A narrow C view of the parts of ICU that Typometer needs. Only plain C
// types cross this header, so Swift never imports ICU's own headers (which
// clash with the toolchain's Foundation and carry versioned symbol names).

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Makes `directory` where Chromium's Khmer and Lao break dictionaries are
/// read from (laid out as ICU looks for data files: `icudt72l/brkitr/`),
/// instead of `BreakDictionaries/` beside the shim's source. ICU's data path
/// is process-wide and set once, before ICU first loads data, by this call
/// or by the first call of any other function here. Returns 1 when
/// `directory` is the one in use (set now or before), 0 when another is.
/// Safe from any thread.
int32_t tm_use_break_dictionaries(const char *directory);

/// Writes the UAX #14 line-break opportunities of `text` (UTF-16, `length`
/// code units) into `breaks`: each entry is an offset at which a line may
/// start, in increasing order, excluding 0 and including `length`. ICU's
/// rules for `language` (an ICU locale ID such as `ja` or `zh_Hant`; NULL
/// for English) with the `lb=normal` tailoring (CSS `line-break: normal`:
/// breaks before small kana and the prolonged sound mark; in Chinese and
/// Japanese also before U+301C and U+30A0). Khmer and Lao words divide as in Chromium (with
/// its dictionaries and its Khmer engine's thresholds). Returns the number
/// written (at most `capacity`), or -1 when ICU fails. Uses per-thread
/// iterators; safe from any thread.
int32_t tm_line_breaks(const uint16_t *text, int32_t length, const char *language,
                       int32_t *breaks, int32_t capacity);

/// Writes the extended grapheme cluster boundaries of `text`, excluding 0 and
/// including `length`, as Chromium's ICU (78) finds them: ICU's, with the
/// consonant after a Myanmar, Khmer, Tai Tham, Balinese or Javanese virama
/// kept in its cluster. Returns the number written, or -1 when ICU fails.
/// Text of bases and combining or spacing marks only (most words of most
/// scripts) is cut by a table of each code point's class, without ICU's
/// iterator.
int32_t tm_grapheme_breaks(const uint16_t *text, int32_t length,
                           int32_t *breaks, int32_t capacity);

/// `tm_grapheme_breaks` always by ICU's iterator, never by its table (for
/// tests that compare the two).
int32_t tm_grapheme_breaks_by_iterator(const uint16_t *text, int32_t length, int32_t *breaks, int32_t capacity);

/// Like `tm_line_breaks`, by Pango 1.50's own implementation of UAX #14
/// (break.c, ported rule for rule; no dictionary: Thai, Lao, Khmer and
/// Myanmar words are not split).
int32_t tm_line_breaks_pango(const uint16_t *text, int32_t length, int32_t *breaks, int32_t capacity);

/// `tm_line_breaks_pango` by its rules code point by code point, never by
/// its table for printable ASCII (for tests that compare the two).
int32_t tm_line_breaks_pango_rules(const uint16_t *text, int32_t length, int32_t *breaks, int32_t capacity);

/// Like `tm_grapheme_breaks`, by the grapheme cluster rules as Pango 1.50
/// applies them: UAX #29 before Unicode 15.1 (no rule keeps an Indic
/// consonant after a virama in the cluster before it, ICU's does), with
/// classes from general categories (every spacing mark extends its cluster).
int32_t tm_grapheme_breaks_pango(const uint16_t *text, int32_t length, int32_t *breaks, int32_t capacity);

/// Resolves the bidi embedding level of every code unit of one paragraph
/// whose base level is `base`: 0 (left-to-right, CSS `direction: ltr`) or 1
/// (right-to-left). Returns 0 on success, -1 when ICU fails.
int32_t tm_bidi_levels(const uint16_t *text, int32_t length, uint8_t base, uint8_t *levels);

/// One paragraph's bidi analysis (UAX #9 through ICU), kept to cut lines
/// from. Opaque; made by `tm_bidi_paragraph_open`, freed by
/// `tm_bidi_paragraph_close`. Used by one thread at a time.
typedef struct tm_bidi_paragraph tm_bidi_paragraph;

/// Resolves the paragraph `text` (`length` code units, copied) whose base
/// level is `base`: 0 (left to right) or 1. Returns NULL when ICU fails.
tm_bidi_paragraph *tm_bidi_paragraph_open(const uint16_t *text, int32_t length, uint8_t base);

/// Writes the bidi levels of the line `lineStart..<lineEnd` of the
/// paragraph, as UAX #9 gives them for display (the paragraph's rules, then
/// rule L1 for the line: white space at its end and before a tab goes back
/// to the base level), to `levels` (`lineEnd - lineStart` entries). Returns
/// 0, or -1 when ICU fails or the line is not inside the paragraph.
int32_t tm_bidi_paragraph_line_levels(tm_bidi_paragraph *paragraph, int32_t lineStart, int32_t lineEnd,
                                      uint8_t *levels);

/// Frees what `tm_bidi_paragraph_open` made (NULL is ignored).
void tm_bidi_paragraph_close(tm_bidi_paragraph *paragraph);

/// The visual order of `count` runs whose bidi levels are `levels` (in
/// logical order), by UAX #9 rule L2 (`ubidi_reorderVisual`): `order[i]` is
/// the logical index of the run drawn i-th from the left. Returns 0, or -1
/// when ICU fails. Safe from any thread.
int32_t tm_visual_order(const uint8_t *levels, int32_t count, int32_t *order);

// How many per-thread ICU objects (break iterators, bidi objects) are open
// in the process now; each thread's are closed when it ends.
int64_t tm_thread_objects_open(void);

/// The direction of the first strong character of `text` (bidi classes L,
/// R and AL): 0 for left-to-right, 1 for right-to-left, -1 when none is.
int32_t tm_first_strong_level(const uint16_t *text, int32_t length);

/// Whether the Script_Extensions of `scalar` include the script whose ISO
/// 15924 code is the four letters of `tag` (as in `hb_script_t`, e.g.
/// 'Beng'): 1 or 0; 0 for an unknown code.
int32_t tm_script_extensions_include(uint32_t scalar, uint32_t tag);

/// The ISO 15924 code (as in `hb_script_t`) of the first script, in ICU's
/// order of script codes, among the Script_Extensions of `scalar`; 0 when
/// they are only its own script. Both read Unicode 17.0's values where they
/// changed since ICU 72's (Chromium 156 carries ICU 78: `·` has extensions).
uint32_t tm_first_script_extension(uint32_t scalar);

/// The ISO 15924 code of the script `locale` (an ICU locale ID such as
/// `sr` or `zh_Hant`) is most likely written in, as four letters and a NUL
/// in `script`; 0 when ICU knows none.
int32_t tm_likely_script(const char *locale, char script[5]);

/// UAX #9's paired bracket of `scalar` (`Bidi_Paired_Bracket`, from
/// BidiBrackets.txt): returns 1 when `scalar` opens a pair, 2 when it closes
/// one, 0 when it is no paired bracket; `pair` then holds the other bracket.
int32_t tm_bidi_paired_bracket(uint32_t scalar, uint32_t *pair);

/// Bits for `tm_character_flags`.
enum {
    TM_CHAR_EMOJI_PRESENTATION = 1 << 0,
    TM_CHAR_EMOJI = 1 << 1,
    TM_CHAR_EMOJI_MODIFIER = 1 << 2,
    TM_CHAR_REGIONAL_INDICATOR = 1 << 3,
    TM_CHAR_DEFAULT_IGNORABLE = 1 << 4,
    TM_CHAR_MARK = 1 << 5,
    TM_CHAR_EXTENDED_PICTOGRAPHIC = 1 << 6,
    TM_CHAR_SPACE_SEPARATOR = 1 << 7,
    TM_CHAR_CONTROL = 1 << 8,
    /// A strong bidi class: L, R or AL.
    TM_CHAR_BIDI_STRONG = 1 << 9,
    /// Line-break class AL (UAX #14 alphabetic): no break between two such
    /// characters, nor between one and a digit, a quotation mark, or
    /// closing or infix punctuation next to it.
    TM_CHAR_LINE_BREAK_ALPHABETIC = 1 << 10,
    /// Line-break class QU (quotation): UAX #14 forbids a break on either
    /// side of one (LB19).
    TM_CHAR_LINE_BREAK_QUOTATION = 1 << 11,
    /// East Asian Width W or F (what GLib's `g_unichar_iswide` tells).
    TM_CHAR_EAST_ASIAN_WIDE = 1 << 12,
    /// Script_Extensions other than its own script (``tm_first_script_extension``).
    TM_CHAR_SCRIPT_EXTENSIONS = 1 << 13,
};

/// The Unicode properties of `scalar` that font selection needs, as
/// `TM_CHAR_*` bits (0 past U+10FFFF). Read from ICU a block of 256 code
/// points at a time and kept for the process; safe from any thread.
uint32_t tm_character_flags(uint32_t scalar);

#ifdef __cplusplus
}
#endif

#endif
