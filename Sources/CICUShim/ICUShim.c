#include "ICUShim.h"
#include "KhmerWordBreaks.h"
#include "ScriptExtensionChanges.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/putil.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>
#include <unicode/utext.h>

// Chromium's Khmer and Lao dictionaries (laid out as ICU 72 looks for data
// files) go first on ICU's data path, so those words divide as in Chromium:
// from the directory tm_use_break_dictionaries was given, else from
// BreakDictionaries/ beside this file. The path is process-wide and must be
// set before ICU loads data: every entry point below sets it first, once.
static pthread_once_t data_path_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t data_path_lock = PTHREAD_MUTEX_INITIALIZER;
static char dictionaries[4096];  // the directory in use (empty if too long)
static int data_path_set;        // both guarded by data_path_lock

// Puts `directory` before ICU's current data path (leaves the path as it is
// when empty or too long). Called once, with data_path_lock held.
static void set_data_path(const char *directory) {
    const char *current = u_getDataDirectory();
    size_t length = strlen(directory);
    size_t rest = current != NULL ? strlen(current) : 0;
    char path[sizeof dictionaries + 4096];
    data_path_set = 1;
    if (length == 0 || length >= sizeof dictionaries || length + 1 + rest >= sizeof path) return;
    memcpy(dictionaries, directory, length + 1);
    memcpy(path, directory, length);
    if (rest > 0) {
        path[length++] = U_PATH_SEP_CHAR;
        memcpy(path + length, current, rest);
        length += rest;
    }
    path[length] = 0;
    u_setDataDirectory(path);
}

static void prepend_break_dictionaries(void) {
    static const char name[] = "/BreakDictionaries";
    const char *file = __FILE__;
    const char *slash = strrchr(file, '/');
    size_t length = slash != NULL ? (size_t)(slash - file) : sizeof dictionaries;
    char directory[sizeof dictionaries + sizeof name] = "";
    if (length < sizeof dictionaries) {
        memcpy(directory, file, length);
        memcpy(directory + length, name, sizeof name);
    }
    pthread_mutex_lock(&data_path_lock);
    if (!data_path_set) set_data_path(directory);
    pthread_mutex_unlock(&data_path_lock);
}

int32_t tm_use_break_dictionaries(const char *directory) {
    pthread_mutex_lock(&data_path_lock);
    if (!data_path_set) set_data_path(directory);
    int32_t in_use = strcmp(dictionaries, directory) == 0;
    pthread_mutex_unlock(&data_path_lock);
    return in_use;
}

static inline void prepare_icu(void) { pthread_once(&data_path_once, prepend_break_dictionaries); }

/* Per-code-point properties computed from ICU a block of 256 at a time on
 * first use and kept for the process (ICU's property lookups cost a few
 * hundred instructions a call, and text asks for the same few blocks).
 * Blocks are published with a compare-and-swap: a thread that loses the race
 * frees its copy and uses the winner's. */
#define TM_BLOCK_BITS 8
#define TM_BLOCKS (0x110000 >> TM_BLOCK_BITS)
typedef _Atomic(uint32_t *) PropertyBlocks[TM_BLOCKS];

static uint32_t *fill_block(_Atomic(uint32_t *) *slot, UChar32 scalar, uint32_t (*compute)(UChar32)) {
    prepare_icu();
    uint32_t *made = malloc(sizeof(uint32_t) << TM_BLOCK_BITS);
    if (!made) return NULL;
    UChar32 first = scalar & ~((1 << TM_BLOCK_BITS) - 1);
    for (int i = 0; i < (1 << TM_BLOCK_BITS); i++) made[i] = compute(first + i);
    uint32_t *expected = NULL;
    if (atomic_compare_exchange_strong_explicit(slot, &expected, made, memory_order_acq_rel, memory_order_acquire)) {
        return made;
    }
    free(made);
    return expected;
}

static inline uint32_t cached_property(PropertyBlocks blocks, UChar32 scalar, uint32_t (*compute)(UChar32)) {
    if (scalar < 0 || scalar >= 0x110000) return compute(scalar);
    _Atomic(uint32_t *) *slot = &blocks[scalar >> TM_BLOCK_BITS];
    uint32_t *block = atomic_load_explicit(slot, memory_order_acquire);
    if (!block) block = fill_block(slot, scalar, compute);
    if (!block) return compute(scalar);
    return block[scalar & ((1 << TM_BLOCK_BITS) - 1)];
}

/* What Pango's break rules ask of a code point, packed: line break class
 * (bits 0-5), general category (6-10), Hangul syllable type (11-13),
 * Extended_Pictographic (14), East Asian width wide, fullwidth or halfwidth
 * (15). */
static uint32_t pango_properties_from_icu(UChar32 c) {
    int32_t width = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
    return (uint32_t)u_getIntPropertyValue(c, UCHAR_LINE_BREAK)
        | (uint32_t)u_charType(c) << 6
        | (uint32_t)u_getIntPropertyValue(c, UCHAR_HANGUL_SYLLABLE_TYPE) << 11
        | (uint32_t)(u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC) ? 1 : 0) << 14
        | (uint32_t)(width == U_EA_FULLWIDTH || width == U_EA_WIDE || width == U_EA_HALFWIDTH ? 1 : 0) << 15;
}

static PropertyBlocks pango_property_blocks;

static inline uint32_t pango_properties(UChar32 c) {
    return cached_property(pango_property_blocks, c, pango_properties_from_icu);
}
static inline int32_t line_break_of(uint32_t properties) { return (int32_t)(properties & 0x3F); }
static inline int8_t char_type_of(uint32_t properties) { return (int8_t)((properties >> 6) & 0x1F); }
static inline int32_t hangul_type_of(uint32_t properties) { return (int32_t)((properties >> 11) & 0x7); }
static inline int is_pictographic_of(uint32_t properties) { return (int)((properties >> 14) & 1); }

static inline int32_t line_break_class(UChar32 c) { return line_break_of(pango_properties(c)); }
static inline int8_t char_type(UChar32 c) { return char_type_of(pango_properties(c)); }
static inline int is_pictographic(UChar32 c) { return is_pictographic_of(pango_properties(c)); }
static inline int is_east_asian_wide(UChar32 c) { return (int)((pango_properties(c) >> 15) & 1); }

// One iterator of each kind per thread: opening one costs microseconds and
// they are not safe to share between threads. They are closed when their
// thread ends (`thread_objects_key`'s destructor), so a process that starts
// and ends threads keeps no objects of threads gone.
static _Thread_local UBreakIterator *normal_line_iterator;
static _Thread_local UBreakIterator *language_line_iterator;
static _Thread_local char language_line_locale[96];
static _Thread_local UBreakIterator *grapheme_iterator;
static _Thread_local UBiDi *bidi;

static atomic_llong thread_objects_open;

int64_t tm_thread_objects_open(void) { return (int64_t)atomic_load(&thread_objects_open); }

static pthread_key_t thread_objects_key;
static pthread_once_t thread_objects_once = PTHREAD_ONCE_INIT;

static void close_thread_objects(void *unused) {
    (void)unused;
    long long closed = (language_line_iterator != NULL) + (normal_line_iterator != NULL) + (grapheme_iterator != NULL)
        + (bidi != NULL);
    if (language_line_iterator != NULL) ubrk_close(language_line_iterator);
    if (normal_line_iterator != NULL) ubrk_close(normal_line_iterator);
    if (grapheme_iterator != NULL) ubrk_close(grapheme_iterator);
    if (bidi != NULL) ubidi_close(bidi);
    atomic_fetch_sub(&thread_objects_open, closed);
    language_line_iterator = NULL;
    normal_line_iterator = NULL;
    grapheme_iterator = NULL;
    bidi = NULL;
}

static void create_thread_objects_key(void) { pthread_key_create(&thread_objects_key, close_thread_objects); }

// Called when a thread opens an object: a non-null value makes the key's
// destructor run when the thread ends.
static void close_at_thread_exit(void) {
    atomic_fetch_add(&thread_objects_open, 1);
    pthread_once(&thread_objects_once, create_thread_objects_key);
    if (pthread_getspecific(thread_objects_key) == NULL) pthread_setspecific(thread_objects_key, (void *)1);
}

static int32_t collect_breaks(UBreakIterator **slot, UBreakIteratorType type,
                              const char *locale,
                              const uint16_t *text, int32_t length,
                              int32_t *breaks, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    if (*slot == NULL) {
        *slot = ubrk_open(type, locale, NULL, 0, &status);
        if (U_FAILURE(status)) {
            *slot = NULL;
            return -1;
        }
        close_at_thread_exit();
    }
    ubrk_setText(*slot, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    for (int32_t position = ubrk_next(*slot); position != UBRK_DONE;
         position = ubrk_next(*slot)) {
        if (count == capacity) break;
        breaks[count++] = position;
    }
    return count;
}

int32_t tm_line_breaks(const uint16_t *text, int32_t length, const char *language,
                       int32_t *breaks, int32_t capacity) {
    prepare_icu();
    int32_t found;
    if (language == NULL || strcmp(language, "en") == 0) {
        found = collect_breaks(&normal_line_iterator, UBRK_LINE, "en@lb=normal", text, length, breaks, capacity);
    } else {
        // One iterator per thread for the last other language asked for.
        char locale[96];
        snprintf(locale, sizeof locale, "%s@lb=normal", language);
        if (language_line_iterator != NULL && strcmp(language_line_locale, locale) != 0) {
            ubrk_close(language_line_iterator);
            language_line_iterator = NULL;
            atomic_fetch_sub(&thread_objects_open, 1);
        }
        snprintf(language_line_locale, sizeof language_line_locale, "%s", locale);
        found = collect_breaks(&language_line_iterator, UBRK_LINE, locale, text, length, breaks, capacity);
    }
    if (found <= 0) return found;
    return tm_rebreak_khmer_runs(text, length, breaks, found, capacity);
}

// Viramas that ICU 78 (Unicode 17) joins to the consonant after them, in
// scripts ICU 72's rules leave out: Myanmar, Khmer, Tai Tham, Balinese and
// Javanese.
static int is_late_linker(UChar32 c) {
    return c == 0x1039 || c == 0x17D2 || c == 0x1A60 || c == 0x1B44 || c == 0xA9C0;
}

/* A code point's part in ICU's extended grapheme clusters, for the table
 * path of `tm_grapheme_breaks`: a base (Grapheme_Cluster_Break Other) is
 * split from what comes before it (GB999); a joiner (Extend, SpacingMark)
 * never is (GB9, GB9a); any other class (CR, LF, Control, Prepend, ZWJ,
 * Hangul jamo and syllables, regional indicators) takes ICU's rules, and so
 * does a virama (combining class 9): ICU 72 keeps an Indic consonant after
 * one in its cluster (`क्क` is one), as GB9c does since Unicode 15.1.
 * Extended_Pictographic bases join only through a ZWJ (GB11), which is of
 * the third kind. */
enum { GRAPHEME_BASE, GRAPHEME_JOINER, GRAPHEME_OTHER };

static uint32_t grapheme_class_from_icu(UChar32 c) {
    switch (u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK)) {
    case U_GCB_OTHER: return GRAPHEME_BASE;
    case U_GCB_EXTEND: return u_getCombiningClass(c) == 9 ? GRAPHEME_OTHER : GRAPHEME_JOINER;
    case U_GCB_SPACING_MARK: return GRAPHEME_JOINER;
    default: return GRAPHEME_OTHER;
    }
}

static PropertyBlocks grapheme_class_blocks;

/* ICU's boundaries of `text` when it holds bases and joiners only: before
 * every base but the first. Returns the count written, or -2 when `text`
 * holds a code point of another class. */
static int32_t grapheme_breaks_by_table(const uint16_t *text, int32_t length, int32_t *breaks, int32_t capacity) {
    int32_t count = 0;
    int32_t index = 0;
    while (index < length) {
        int32_t start = index;
        UChar32 c;
        U16_NEXT(text, index, length, c);
        uint32_t class = cached_property(grapheme_class_blocks, c, grapheme_class_from_icu);
        if (class == GRAPHEME_OTHER) return -2;
        if (class == GRAPHEME_BASE && start > 0 && count < capacity) breaks[count++] = start;
    }
    if (length > 0 && count < capacity) breaks[count++] = length;
    return count;
}

static int32_t grapheme_breaks(const uint16_t *text, int32_t length, int32_t *breaks, int32_t capacity,
                               int by_table) {
    prepare_icu();
    int32_t found = by_table ? grapheme_breaks_by_table(text, length, breaks, capacity) : -2;
    if (found == -2) found = collect_breaks(&grapheme_iterator, UBRK_CHARACTER, "", text, length, breaks, capacity);
    if (found <= 0) return found;
    // A consonant after one of those viramas (and any combining marks or
    // joiner after it) stays in its cluster: GB9c as ICU 78 applies it.
    int32_t kept = 0;
    for (int32_t i = 0; i < found; i++) {
        int32_t at = breaks[i];
        int joined = 0;
        if (at > 0 && at < length) {
            UChar32 next;
            int32_t after = at;
            U16_NEXT(text, after, length, next);
            if (u_charType(next) == U_OTHER_LETTER) {
                int32_t before = at;
                while (before > 0) {
                    UChar32 previous;
                    U16_PREV(text, 0, before, previous);
                    if (is_late_linker(previous)) {
                        UErrorCode status = U_ZERO_ERROR;
                        joined = uscript_getScript(previous, &status) == uscript_getScript(next, &status);
                        break;
                    }
                    if (!(u_getCombiningClass(previous) != 0 || previous == 0x200D)) break;
                }
            }
        }
        if (!joined) breaks[kept++] = at;
    }
    return kept;
}

int32_t tm_grapheme_breaks(const uint16_t *text, int32_t length, int32_t *breaks, int32_t capacity) {
    return grapheme_breaks(text, length, breaks, capacity, 1);
}

int32_t tm_grapheme_breaks_by_iterator(const uint16_t *text, int32_t length, int32_t *breaks, int32_t capacity) {
    return grapheme_breaks(text, length, breaks, capacity, 0);
}

// Grapheme classes as Pango 1.50 derives them (break.c), mostly from the
// general category rather than from the Grapheme_Cluster_Break property.
enum {
    PG_OTHER, PG_CONTROL, PG_EXTEND, PG_ZWJ, PG_PREPEND, PG_SPACING_MARK, PG_HANGUL, PG_RI_ODD, PG_RI_EVEN,
};

static int pango_grapheme_class(UChar32 c, int8_t type, int previous, int continuesHangul) {
    switch (type) {
    case U_FORMAT_CHAR:
        if (c == 0x200C) return PG_EXTEND;
        if (c == 0x200D) return PG_ZWJ;
        if ((c >= 0x600 && c <= 0x605) || c == 0x6DD || c == 0x70F || c == 0x8E2 || c == 0x110BD
            || c == 0x110CD) return PG_PREPEND;
        if (c >= 0xE0020 && c <= 0xE00FF) return PG_EXTEND;
        return PG_CONTROL;
    case U_CONTROL_CHAR:
    case U_LINE_SEPARATOR:
    case U_PARAGRAPH_SEPARATOR:
    case U_SURROGATE:
        return PG_CONTROL;
    case U_UNASSIGNED:
        if ((c >= 0xFFF0 && c <= 0xFFF8) || (c >= 0xE0000 && c <= 0xE0FFF)) return PG_CONTROL;
        /* fall through */
    case U_OTHER_LETTER: {
        int kind = continuesHangul ? PG_HANGUL : PG_OTHER;
        if (c == 0x0D4E || c == 0x11941 || c == 0x11D46 || c == 0x11F02 || c == 0x111C2 || c == 0x111C3
            || c == 0x1193F || c == 0x11A3A || (c >= 0x11A84 && c <= 0x11A89)) kind = PG_PREPEND;
        return kind;
    }
    case U_MODIFIER_LETTER:
        return c >= 0xFF9E && c <= 0xFF9F ? PG_EXTEND : PG_OTHER;
    case U_COMBINING_SPACING_MARK:
        if (c == 0x09BE || c == 0x09D7 || c == 0x0B3E || c == 0x0B57 || c == 0x0BBE || c == 0x0BD7
            || c == 0x0CC2 || c == 0x0CD5 || c == 0x0CD6 || c == 0x0D3E || c == 0x0D57 || c == 0x0DCF
            || c == 0x0DDF || c == 0x1D165 || (c >= 0x1D16E && c <= 0x1D172)) return PG_EXTEND;
        return PG_SPACING_MARK;
    case U_ENCLOSING_MARK:
    case U_NON_SPACING_MARK:
        return PG_EXTEND;
    case U_OTHER_SYMBOL:
        if (c >= 0x1F1E6 && c <= 0x1F1FF) return previous == PG_RI_ODD ? PG_RI_EVEN : PG_RI_ODD;
        return PG_OTHER;
    case U_MODIFIER_SYMBOL:
        return c >= 0x1F3FB && c <= 0x1F3FF ? PG_EXTEND : PG_OTHER;
    default:
        return PG_OTHER;
    }
}

// Whether a Hangul jamo or syllable of type `current` continues one of type
// `previous` (UAX #29 rules GB6 to GB8).
static int continues_hangul(int32_t previous, int32_t current) {
    switch (previous) {
    case U_HST_LEADING_JAMO:
        return current == U_HST_LEADING_JAMO || current == U_HST_VOWEL_JAMO || current == U_HST_LV_SYLLABLE
            || current == U_HST_LVT_SYLLABLE;
    case U_HST_LV_SYLLABLE:
    case U_HST_VOWEL_JAMO:
        return current == U_HST_VOWEL_JAMO || current == U_HST_TRAILING_JAMO;
    case U_HST_LVT_SYLLABLE:
    case U_HST_TRAILING_JAMO:
        return current == U_HST_TRAILING_JAMO;
    default:
        return 0;
    }
}

// Scripts whose items Pango tailors with break_indic's joiner rule.
static int is_pango_indic(UChar32 c) {
    UErrorCode status = U_ZERO_ERROR;
    switch (uscript_getScript(c, &status)) {
    case USCRIPT_DEVANAGARI: case USCRIPT_BENGALI: case USCRIPT_GURMUKHI: case USCRIPT_GUJARATI:
    case USCRIPT_ORIYA: case USCRIPT_TAMIL: case USCRIPT_TELUGU: case USCRIPT_KANNADA: case USCRIPT_MALAYALAM:
        return 1;
    default:
        return 0;
    }
}

static int is_indic_virama(UChar32 c) {
    return c == 0x09CD || c == 0x0ACD || c == 0x094D || c == 0x0CCD || c == 0x0D4D || c == 0x0B4D
        || c == 0x0A4D || c == 0x0BCD || c == 0x0C4D;
}

// Pango's grapheme boundary state, carried from one code point to the next.
typedef struct {
    int previous;            // grapheme class of the last code point
    UChar32 previousChar;
    int32_t previousHangul;
    int metPictographic;     // GB11 state
    int afterIndicJoiner;    // 2 right after a joiner, 1 after a virama after one
} PangoGraphemeState;

static const PangoGraphemeState pango_grapheme_start = {PG_OTHER, 0, U_HST_NOT_APPLICABLE, 0, 0};

// Whether Pango puts a grapheme boundary before `c`, which starts at offset
// `start` and has the `pango_properties` `properties`; advances `state` past
// `c`.
static int pango_grapheme_step(PangoGraphemeState *state, UChar32 c, uint32_t properties, int32_t start) {
    if (c >= 0x20 && c < 0x7F && state->afterIndicJoiner == 0 && state->previous != PG_PREPEND) {
        // Printable ASCII, of class Other, neither Hangul nor pictographic,
        // after anything but a prepended mark: a boundary, as the general
        // path below finds.
        state->previous = PG_OTHER;
        state->previousChar = c;
        state->previousHangul = U_HST_NOT_APPLICABLE;
        state->metPictographic = 0;
        return 1;
    }
    int32_t hangul = hangul_type_of(properties);
    int8_t type = char_type_of(properties);
    int kind = pango_grapheme_class(c, type, state->previous,
                                    start > 0 && continues_hangul(state->previousHangul, hangul));
    int pictographic = is_pictographic_of(properties);
    if (state->metPictographic) {
        state->metPictographic = kind == PG_EXTEND
            || (is_pictographic(state->previousChar) && kind == PG_ZWJ)
            || (state->previous == PG_EXTEND && kind == PG_ZWJ) || (state->previous == PG_ZWJ && pictographic);
    }
    int boundary = 1;
    if (start == 0) boundary = 1;
    else if (c == '\n' && state->previousChar == '\r') boundary = 0;
    else if (state->previous == PG_CONTROL || kind == PG_CONTROL) boundary = 1;
    else if (kind == PG_HANGUL || kind == PG_EXTEND || kind == PG_ZWJ || kind == PG_SPACING_MARK) boundary = 0;
    else if (state->previous == PG_PREPEND) boundary = 0;
    else if (pictographic) boundary = !(state->previous == PG_ZWJ && state->metPictographic);
    else if (state->previous == PG_RI_ODD && kind == PG_RI_EVEN) boundary = 0;
    if (pictographic) state->metPictographic = 1;
    // Pango's Indic tailoring (break-indic.c): no break right after a
    // joiner, nor after a virama right after one (before a letter or mark: a
    // space there stays a character of its own).
    if (state->afterIndicJoiner > 0) {
        if (U_MASK(type) & (U_GC_L_MASK | U_GC_M_MASK)) boundary = 0;
        state->afterIndicJoiner = state->afterIndicJoiner == 2 && is_indic_virama(c) ? 1 : 0;
    }
    if ((c == 0x200D || c == 0x200C) && start > 0 && is_pango_indic(state->previousChar)) state->afterIndicJoiner = 2;
    state->previous = kind;
    state->previousChar = c;
    state->previousHangul = hangul;
    return boundary;
}

int32_t tm_grapheme_breaks_pango(const uint16_t *text, int32_t length, int32_t *breaks, int32_t capacity) {
    prepare_icu();
    int32_t count = 0;
    int32_t index = 0;
    PangoGraphemeState state = pango_grapheme_start;
    while (index < length) {
        int32_t start = index;
        UChar32 c;
        U16_NEXT(text, index, length, c);
        if (pango_grapheme_step(&state, c, pango_properties(c), start) && start > 0) {
            if (count == capacity) return count;
            breaks[count++] = start;
        }
    }
    if (count < capacity) breaks[count++] = length;
    return count;
}

// Pango 1.50's own UAX #14 line breaking (pango_default_break in break.c),
// ported rule for rule: line break classes from ICU (the same Unicode data
// GLib's come from), grapheme boundaries as `tm_grapheme_breaks_pango` finds
// them. Classes are ICU's ULineBreak values.
enum { PLB_OTHER, PLB_NUMERIC, PLB_NUMERIC_CLOSE, PLB_RI_ODD, PLB_RI_EVEN };

static int is_hangul_class(int32_t t) {
    return t == U_LB_JL || t == U_LB_JV || t == U_LB_JT || t == U_LB_H2 || t == U_LB_H3;
}

// The line break class of the code point at `index` (a paragraph separator
// assumed after the text, none after that).
static int32_t next_line_break_class(const uint16_t *text, int32_t index, int32_t length) {
    if (index > length) return -1;
    if (index == length) return line_break_class(0x2029);
    UChar32 next;
    U16_NEXT(text, index, length, next);
    return line_break_class(next);
}

// What Pango's line breaking carries from one code point to the next.
typedef struct {
    int32_t prevBreak;      // G_UNICODE_BREAK_UNKNOWN stands as -1 (treated as AL)
    int32_t prevPrevBreak;
    int prevLB;
    UChar32 previousChar;
} PangoLineState;

static const PangoLineState pango_line_start = {-1, -1, PLB_OTHER, 0};

// Whether Pango's rules allow a line to start before `c` (at `start`, the
// next code point at `index` of `text`, whose `pango_properties` are
// `properties`; `cursor`: whether a grapheme boundary is before it);
// advances `state` past `c`.
static int pango_line_step(PangoLineState *state, UChar32 c, uint32_t properties, int cursor, int32_t start,
                           const uint16_t *text, int32_t index, int32_t length) {
    int32_t prevBreak = state->prevBreak;
    int32_t prevPrevBreak = state->prevPrevBreak;
    int prevLB = state->prevLB;
    UChar32 prevChar = state->previousChar;
    int8_t type = char_type_of(properties);
    int32_t breakType = line_break_of(properties);
    // Line break before c.
    int32_t rowBreak = prevBreak == U_LB_SPACE ? prevPrevBreak : prevBreak;
    switch (breakType) {  // LB1
    case U_LB_AMBIGUOUS: case U_LB_SURROGATE: case U_LB_UNKNOWN:
        breakType = U_LB_ALPHABETIC;
        break;
    case U_LB_COMPLEX_CONTEXT:
        breakType = (type == U_NON_SPACING_MARK || type == U_COMBINING_SPACING_MARK)
            ? U_LB_COMBINING_MARK : U_LB_ALPHABETIC;
        break;
    case U_LB_CONDITIONAL_JAPANESE_STARTER:
        breakType = U_LB_NONSTARTER;
        break;
    default:
        break;
    }
    int lineBreak = 0;
    int prevEndsLine = prevBreak == U_LB_MANDATORY_BREAK || prevBreak == U_LB_CARRIAGE_RETURN
        || prevBreak == U_LB_LINE_FEED || prevBreak == U_LB_NEXT_LINE;
    if (cursor && breakType == U_LB_ALPHABETIC && prevBreak == U_LB_ALPHABETIC) {
        // The common cases of prose, decided as the rules below decide
        // them. Between two letters: LB28 prohibits a break and no rule
        // applied after it (LB20 down to LB4) concerns two letters.
        prevLB = PLB_OTHER;
    } else if (cursor && breakType == U_LB_SPACE && !prevEndsLine) {
        // Before a space: LB7 prohibits, overridden only by LB4 and LB5.
        prevLB = PLB_OTHER;
    } else if (cursor && breakType == U_LB_ALPHABETIC && prevBreak == U_LB_SPACE && prevChar != 0x200D) {
        // A letter after a space: LB18 allows, overridden only by LB14
        // (an opening punctuation before the spaces) and LB8a.
        lineBreak = rowBreak != U_LB_OPEN_PUNCTUATION;
        prevLB = PLB_OTHER;
    } else if (cursor || breakType == U_LB_COMBINING_MARK || breakType == U_LB_ZWJ || is_hangul_class(breakType)
        || breakType == U_LB_E_MODIFIER || breakType == U_LB_REGIONAL_INDICATOR) {
        int lb = PLB_OTHER;
        if (breakType == U_LB_NUMERIC) lb = PLB_NUMERIC;
        if (breakType == U_LB_CLOSE_PUNCTUATION || breakType == U_LB_CLOSE_PARENTHESIS)
            lb = prevLB == PLB_NUMERIC ? PLB_NUMERIC_CLOSE : PLB_OTHER;
        if (breakType == U_LB_REGIONAL_INDICATOR) lb = prevLB == PLB_RI_ODD ? PLB_RI_EVEN : PLB_RI_ODD;
        if (rowBreak == -1) rowBreak = U_LB_ALPHABETIC;
        enum { ALREADY, PROHIBITED, ALLOWED } op = ALREADY;
        int prevLetter = prevBreak == U_LB_ALPHABETIC || prevBreak == U_LB_HEBREW_LETTER;
        int letter = breakType == U_LB_ALPHABETIC || breakType == U_LB_HEBREW_LETTER;
        // LB30
        if ((prevLetter || prevBreak == U_LB_NUMERIC) && breakType == U_LB_OPEN_PUNCTUATION
            && !is_east_asian_wide(c)) op = PROHIBITED;
        if (prevBreak == U_LB_CLOSE_PARENTHESIS && !is_east_asian_wide(prevChar)
            && (letter || breakType == U_LB_NUMERIC)) op = PROHIBITED;
        if (prevLB == PLB_RI_ODD && lb == PLB_RI_EVEN) op = PROHIBITED;  // LB30a
        if (prevBreak == U_LB_E_BASE && breakType == U_LB_E_MODIFIER) op = PROHIBITED;  // LB30b
        if (breakType == U_LB_E_MODIFIER && is_pictographic(prevChar) && char_type(prevChar) == U_UNASSIGNED)
            op = PROHIBITED;
        if (prevBreak == U_LB_INFIX_NUMERIC && letter) op = PROHIBITED;  // LB29
        if (prevLetter && letter) op = PROHIBITED;  // LB28
        // LB27
        if (is_hangul_class(prevBreak) && breakType == U_LB_POSTFIX_NUMERIC) op = PROHIBITED;
        if (prevBreak == U_LB_PREFIX_NUMERIC && is_hangul_class(breakType)) op = PROHIBITED;
        // LB26
        if (prevBreak == U_LB_JL && (breakType == U_LB_JL || breakType == U_LB_JV || breakType == U_LB_H2
                                     || breakType == U_LB_H3)) op = PROHIBITED;
        if ((prevBreak == U_LB_JV || prevBreak == U_LB_H2) && (breakType == U_LB_JV || breakType == U_LB_JT))
            op = PROHIBITED;
        if ((prevBreak == U_LB_JT || prevBreak == U_LB_H3) && breakType == U_LB_JT) op = PROHIBITED;
        // LB25, with Example 7 of the customization section
        int prevAffix = prevBreak == U_LB_PREFIX_NUMERIC || prevBreak == U_LB_POSTFIX_NUMERIC;
        if (prevAffix && breakType == U_LB_NUMERIC) op = PROHIBITED;
        if (prevAffix && (breakType == U_LB_OPEN_PUNCTUATION || breakType == U_LB_HYPHEN)
            && next_line_break_class(text, index, length) == U_LB_NUMERIC) op = PROHIBITED;
        if ((prevBreak == U_LB_OPEN_PUNCTUATION || prevBreak == U_LB_HYPHEN) && breakType == U_LB_NUMERIC)
            op = PROHIBITED;
        if (prevBreak == U_LB_NUMERIC && (breakType == U_LB_NUMERIC || breakType == U_LB_BREAK_SYMBOLS
                                          || breakType == U_LB_INFIX_NUMERIC)) op = PROHIBITED;
        if (prevLB == PLB_NUMERIC && (breakType == U_LB_NUMERIC || breakType == U_LB_BREAK_SYMBOLS
                                      || breakType == U_LB_INFIX_NUMERIC
                                      || breakType == U_LB_CLOSE_PUNCTUATION
                                      || breakType == U_LB_CLOSE_PARENTHESIS)) op = PROHIBITED;
        if ((prevLB == PLB_NUMERIC || prevLB == PLB_NUMERIC_CLOSE)
            && (breakType == U_LB_POSTFIX_NUMERIC || breakType == U_LB_PREFIX_NUMERIC)) op = PROHIBITED;
        // LB24
        if (prevAffix && letter) op = PROHIBITED;
        if (prevLetter && (breakType == U_LB_PREFIX_NUMERIC || breakType == U_LB_POSTFIX_NUMERIC))
            op = PROHIBITED;
        // LB23
        if (prevLetter && breakType == U_LB_NUMERIC) op = PROHIBITED;
        if (prevBreak == U_LB_NUMERIC && letter) op = PROHIBITED;
        // LB23a
        if (prevBreak == U_LB_PREFIX_NUMERIC && (breakType == U_LB_IDEOGRAPHIC || breakType == U_LB_E_BASE
                                                 || breakType == U_LB_E_MODIFIER)) op = PROHIBITED;
        if ((prevBreak == U_LB_IDEOGRAPHIC || prevBreak == U_LB_E_BASE || prevBreak == U_LB_E_MODIFIER)
            && breakType == U_LB_POSTFIX_NUMERIC) op = PROHIBITED;
        if (breakType == U_LB_INSEPARABLE) op = PROHIBITED;  // LB22
        if (breakType == U_LB_BREAK_AFTER || breakType == U_LB_HYPHEN || breakType == U_LB_NONSTARTER
            || prevBreak == U_LB_BREAK_BEFORE) op = PROHIBITED;  // LB21
        if (prevPrevBreak == U_LB_HEBREW_LETTER
            && (prevBreak == U_LB_HYPHEN || prevBreak == U_LB_BREAK_AFTER)) op = PROHIBITED;  // LB21a
        if (prevBreak == U_LB_BREAK_SYMBOLS && breakType == U_LB_HEBREW_LETTER) op = PROHIBITED;  // LB21b
        if (prevBreak == U_LB_CONTINGENT_BREAK || breakType == U_LB_CONTINGENT_BREAK) op = ALLOWED;  // LB20
        if (prevBreak == U_LB_QUOTATION || breakType == U_LB_QUOTATION) op = PROHIBITED;  // LB19
        if (prevBreak == U_LB_SPACE) op = ALLOWED;  // LB18
        if (rowBreak == U_LB_BREAK_BOTH && breakType == U_LB_BREAK_BOTH) op = PROHIBITED;  // LB17
        if ((rowBreak == U_LB_CLOSE_PUNCTUATION || rowBreak == U_LB_CLOSE_PARENTHESIS)
            && breakType == U_LB_NONSTARTER) op = PROHIBITED;  // LB16
        if (rowBreak == U_LB_QUOTATION && breakType == U_LB_OPEN_PUNCTUATION) op = PROHIBITED;  // LB15
        if (rowBreak == U_LB_OPEN_PUNCTUATION) op = PROHIBITED;  // LB14
        // LB13, with Example 7 of the customization section
        if (breakType == U_LB_EXCLAMATION) op = PROHIBITED;
        if (prevBreak != U_LB_NUMERIC && (breakType == U_LB_CLOSE_PUNCTUATION
                                          || breakType == U_LB_CLOSE_PARENTHESIS
                                          || breakType == U_LB_INFIX_NUMERIC
                                          || breakType == U_LB_BREAK_SYMBOLS)) op = PROHIBITED;
        if (prevBreak == U_LB_GLUE) op = PROHIBITED;  // LB12
        if (breakType == U_LB_GLUE && prevBreak != U_LB_SPACE && prevBreak != U_LB_BREAK_AFTER
            && prevBreak != U_LB_HYPHEN) op = PROHIBITED;  // LB12a
        if (prevBreak == U_LB_WORD_JOINER || breakType == U_LB_WORD_JOINER) op = PROHIBITED;  // LB11
        if ((breakType == U_LB_COMBINING_MARK || breakType == U_LB_ZWJ)
            && !(prevEndsLine || prevBreak == U_LB_SPACE || prevBreak == U_LB_ZWSPACE)) op = PROHIBITED;  // LB9
        if (rowBreak == U_LB_ZWSPACE) op = ALLOWED;  // LB8
        if (prevChar == 0x200D) op = PROHIBITED;  // LB8a
        if (breakType == U_LB_SPACE || breakType == U_LB_ZWSPACE) op = PROHIBITED;  // LB7
        if (breakType == U_LB_MANDATORY_BREAK || breakType == U_LB_CARRIAGE_RETURN
            || breakType == U_LB_LINE_FEED || breakType == U_LB_NEXT_LINE) op = PROHIBITED;  // LB6
        if (prevBreak == U_LB_MANDATORY_BREAK || (prevBreak == U_LB_CARRIAGE_RETURN && c != '\n')
            || prevBreak == U_LB_LINE_FEED || prevBreak == U_LB_NEXT_LINE) op = ALLOWED;  // LB4, LB5
        lineBreak = op == PROHIBITED ? 0 : 1;  // LB31 unless prohibited
        // LB9: marks keep the numeric state of what they follow.
        if (!(breakType == U_LB_COMBINING_MARK || breakType == U_LB_ZWJ)) {
            if (breakType == U_LB_NUMERIC || breakType == U_LB_BREAK_SYMBOLS || breakType == U_LB_INFIX_NUMERIC) {
                if (prevLB != PLB_NUMERIC) prevLB = lb;
            } else {
                prevLB = lb;
            }
        }
    }
    if (breakType != U_LB_SPACE) {
        if (breakType == U_LB_COMBINING_MARK || breakType == U_LB_ZWJ) {
            if (start == 0 || prevEndsLine || prevBreak == U_LB_SPACE || prevBreak == U_LB_ZWSPACE)
                prevBreak = U_LB_ALPHABETIC;  // LB10
        } else {
            prevPrevBreak = prevBreak;
            prevBreak = breakType;
        }
    } else if (prevBreak != U_LB_SPACE) {
        prevPrevBreak = prevBreak;
        prevBreak = breakType;
    }
    state->prevBreak = prevBreak;
    state->prevPrevBreak = prevPrevBreak;
    state->prevLB = prevLB;
    state->previousChar = c;
    return lineBreak;
}

// Pango's rules over printable ASCII (U+0020...U+007E) by table. There a
// grapheme boundary falls before every character, no character is wide,
// pictographic or a joiner, so what the rules carry reduces to the last two
// line break classes (spaces aside) and the numeric state, and what they
// decide before a character to its class and whether a digit follows it
// (LB25). Each transition is computed the first time it is met, by
// `pango_line_step` itself from that state, so the table agrees with the
// general path by construction. Entries are written once with the same
// value by whichever thread meets them first.
enum { ASCII_CLASS_LIMIT = 24, ASCII_STATE_LIMIT = (ASCII_CLASS_LIMIT + 1) * (ASCII_CLASS_LIMIT + 1) * 5 };
static int8_t ascii_classes[0x80];            // compact class of each printable character, -1 elsewhere
static int32_t ascii_class_breaks[ASCII_CLASS_LIMIT]; // its ICU line break class
static UChar32 ascii_class_character[ASCII_CLASS_LIMIT]; // one character of the class
static int ascii_class_count;
static pthread_once_t ascii_classes_once = PTHREAD_ONCE_INIT;
// Per state, a row of (class, digit follows) columns: 0 unknown, else
// 1 + (the next state's row offset << 1 | break).
enum { ASCII_COLUMNS = ASCII_CLASS_LIMIT * 2 };
static _Atomic(uint32_t) ascii_transitions[ASCII_STATE_LIMIT * ASCII_COLUMNS];

static void make_ascii_classes(void) {
    for (int c = 0; c < 0x80; c++) ascii_classes[c] = -1;
    for (UChar32 c = 0x20; c < 0x7F; c++) {
        int32_t lb = line_break_class(c);
        int found = -1;
        for (int k = 0; k < ascii_class_count; k++) {
            if (ascii_class_breaks[k] == lb) found = k;
        }
        if (found < 0) {
            if (ascii_class_count == ASCII_CLASS_LIMIT) return;  // never: leaves every class unknown
            found = ascii_class_count++;
            ascii_class_breaks[found] = lb;
            ascii_class_character[found] = c;
        }
        ascii_classes[c] = (int8_t)found;
    }
}

// A state's index: each previous class as its compact class plus one (0
// for none yet), and the numeric state.
static inline int ascii_compact(int32_t lineBreak) {
    if (lineBreak < 0) return 0;
    for (int k = 0; k < ascii_class_count; k++) {
        if (ascii_class_breaks[k] == lineBreak) return k + 1;
    }
    return -1;
}

static uint32_t ascii_transition(int stateIndex, int klass, int digitFollows) {
    PangoLineState state = pango_line_start;
    int prevPrev = stateIndex / ((ASCII_CLASS_LIMIT + 1) * 5);
    int prev = stateIndex / 5 % (ASCII_CLASS_LIMIT + 1);
    state.prevLB = stateIndex % 5;
    state.prevBreak = prev == 0 ? -1 : ascii_class_breaks[prev - 1];
    state.prevPrevBreak = prevPrev == 0 ? -1 : ascii_class_breaks[prevPrev - 1];
    state.previousChar = prev == 0 ? 0 : ascii_class_character[prev - 1];
    UChar32 c = ascii_class_character[klass];
    const uint16_t next[1] = {digitFollows ? '0' : 'a'};
    int lineBreak = pango_line_step(&state, c, pango_properties(c), 1, 1, next, 0, 1);
    int nextPrev = ascii_compact(state.prevBreak);
    int nextPrevPrev = ascii_compact(state.prevPrevBreak);
    if (nextPrev < 0 || nextPrevPrev < 0) return 0;
    int nextIndex = (nextPrevPrev * (ASCII_CLASS_LIMIT + 1) + nextPrev) * 5 + state.prevLB;
    return 1 + ((uint32_t)(nextIndex * ASCII_COLUMNS) << 1 | (uint32_t)(lineBreak != 0));
}

// `tm_line_breaks_pango` for text all of printable ASCII; -1 when the table
// cannot take it.
static int32_t ascii_line_breaks_pango(const uint16_t *text, int32_t length, int32_t *breaks, int32_t capacity) {
    pthread_once(&ascii_classes_once, make_ascii_classes);
    int32_t count = 0;
    uint32_t row = PLB_OTHER * ASCII_COLUMNS;  // no class before, numeric state other
    if (text[0] < 0x20 || text[0] > 0x7E) return -1;
    int klass = ascii_classes[text[0]];
    for (int32_t index = 0; index < length; index++) {
        if (klass < 0) return -1;
        int nextClass = -1;
        uint32_t digitFollows = 0;
        if (index + 1 < length) {
            uint16_t next = text[index + 1];
            if (next < 0x20 || next > 0x7E) return -1;
            nextClass = ascii_classes[next];
            digitFollows = (uint32_t)(next - '0') < 10;
        }
        _Atomic(uint32_t) *slot = &ascii_transitions[row + (uint32_t)klass * 2 + digitFollows];
        uint32_t entry = atomic_load_explicit(slot, memory_order_relaxed);
        if (entry == 0) {
            entry = ascii_transition((int)(row / ASCII_COLUMNS), klass, (int)digitFollows);
            if (entry == 0) return -1;
            atomic_store_explicit(slot, entry, memory_order_relaxed);
        }
        entry -= 1;
        if ((entry & 1) && index > 0) {
            if (count == capacity) return count;
            breaks[count++] = index;
        }
        row = entry >> 1;
        klass = nextClass;
    }
    if (count < capacity) breaks[count++] = length;
    return count;
}

int32_t tm_line_breaks_pango(const uint16_t *text, int32_t length, int32_t *breaks, int32_t capacity) {
    prepare_icu();
    if (length > 0) {
        // Text of printable ASCII only (the table gives up at anything else).
        int32_t found = ascii_line_breaks_pango(text, length, breaks, capacity);
        if (found >= 0) return found;
    }
    return tm_line_breaks_pango_rules(text, length, breaks, capacity);
}

int32_t tm_line_breaks_pango_rules(const uint16_t *text, int32_t length, int32_t *breaks, int32_t capacity) {
    prepare_icu();
    int32_t count = 0;
    PangoLineState line = pango_line_start;
    PangoGraphemeState graphemes = pango_grapheme_start;
    int32_t index = 0;
    while (index <= length) {
        int32_t start = index;
        UChar32 c;
        int atEnd = index == length;
        if (atEnd) {
            c = 0x2029;  // a paragraph separator assumed after the text
            index++;
        } else {
            U16_NEXT(text, index, length, c);
        }
        uint32_t properties = pango_properties(c);
        int cursor = pango_grapheme_step(&graphemes, c, properties, start);
        int lineBreak = pango_line_step(&line, c, properties, cursor, start, text, index, length);
        if (start > 0 && lineBreak && !atEnd) {
            if (count == capacity) return count;
            breaks[count++] = start;
        }
    }
    if (count < capacity) breaks[count++] = length;
    return count;
}

int32_t tm_bidi_levels(const uint16_t *text, int32_t length, uint8_t base, uint8_t *levels) {
    prepare_icu();
    UErrorCode status = U_ZERO_ERROR;
    if (length <= 0) return 0;
    if (bidi == NULL) {
        bidi = ubidi_open();
        if (bidi == NULL) return -1;
        close_at_thread_exit();
    }
    ubidi_setPara(bidi, (const UChar *)text, length, base & 1, NULL, &status);
    if (U_FAILURE(status)) return -1;
    const UBiDiLevel *resolved = ubidi_getLevels(bidi, &status);
    if (U_FAILURE(status)) return -1;
    for (int32_t i = 0; i < length; i++) levels[i] = resolved[i];
    return 0;
}

struct tm_bidi_paragraph {
    UBiDi *paragraph;
    UBiDi *line;
    UChar *text;
    int32_t length;
};

tm_bidi_paragraph *tm_bidi_paragraph_open(const uint16_t *text, int32_t length, uint8_t base) {
    prepare_icu();
    if (length < 0) return NULL;
    tm_bidi_paragraph *result = calloc(1, sizeof *result);
    if (result == NULL) return NULL;
    // ICU keeps a pointer to the text: keep a copy of it.
    result->text = malloc(sizeof(UChar) * (size_t)(length > 0 ? length : 1));
    UErrorCode status = U_ZERO_ERROR;
    result->paragraph = ubidi_openSized(length, 0, &status);
    result->line = ubidi_open();
    result->length = length;
    if (result->text == NULL || result->line == NULL || U_FAILURE(status)) {
        tm_bidi_paragraph_close(result);
        return NULL;
    }
    if (length > 0) memcpy(result->text, text, sizeof(UChar) * (size_t)length);
    ubidi_setPara(result->paragraph, result->text, length, base & 1, NULL, &status);
    if (U_FAILURE(status)) {
        tm_bidi_paragraph_close(result);
        return NULL;
    }
    return result;
}

int32_t tm_bidi_paragraph_line_levels(tm_bidi_paragraph *paragraph, int32_t lineStart, int32_t lineEnd,
                                      uint8_t *levels) {
    if (paragraph == NULL || lineStart < 0 || lineEnd > paragraph->length || lineStart > lineEnd) return -1;
    if (lineStart == lineEnd) return 0;
    UErrorCode status = U_ZERO_ERROR;
    ubidi_setLine(paragraph->paragraph, lineStart, lineEnd, paragraph->line, &status);
    const UBiDiLevel *resolved = U_SUCCESS(status) ? ubidi_getLevels(paragraph->line, &status) : NULL;
    if (U_FAILURE(status) || resolved == NULL) return -1;
    for (int32_t i = 0; i < lineEnd - lineStart; i++) levels[i] = resolved[i];
    return 0;
}

void tm_bidi_paragraph_close(tm_bidi_paragraph *paragraph) {
    if (paragraph == NULL) return;
    // A line refers to its paragraph: close it first.
    if (paragraph->line != NULL) ubidi_close(paragraph->line);
    if (paragraph->paragraph != NULL) ubidi_close(paragraph->paragraph);
    free(paragraph->text);
    free(paragraph);
}

int32_t tm_visual_order(const uint8_t *levels, int32_t count, int32_t *order) {
    prepare_icu();
    if (count <= 0) return 0;
    ubidi_reorderVisual((const UBiDiLevel *)levels, count, order);
    return 0;
}

int32_t tm_first_strong_level(const uint16_t *text, int32_t length) {
    prepare_icu();
    int32_t index = 0;
    while (index < length) {
        UChar32 c;
        U16_NEXT(text, index, length, c);
        switch (u_charDirection(c)) {
        case U_LEFT_TO_RIGHT: return 0;
        case U_RIGHT_TO_LEFT:
        case U_RIGHT_TO_LEFT_ARABIC: return 1;
        default: break;
        }
    }
    return -1;
}

int32_t tm_script_extensions_include(uint32_t scalar, uint32_t tag) {
    prepare_icu();
    char name[5] = {(char)(tag >> 24), (char)(tag >> 16), (char)(tag >> 8), (char)tag, 0};
    const char *changed = tm_changed_script_extensions(scalar);
    if (changed) return strstr(changed, name) ? 1 : 0;
    int32_t script = u_getPropertyValueEnum(UCHAR_SCRIPT, name);
    if (script < 0) return 0;
    return uscript_hasScript((UChar32)scalar, (UScriptCode)script) ? 1 : 0;
}

uint32_t tm_first_script_extension(uint32_t scalar) {
    prepare_icu();
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode codes[64];
    int32_t count = 0;
    const char *changed = tm_changed_script_extensions(scalar);
    if (changed) {
        for (const char *name = changed; *name && count < 64; name += name[4] ? 5 : 4) {
            char code[5] = {name[0], name[1], name[2], name[3], 0};
            int32_t script = u_getPropertyValueEnum(UCHAR_SCRIPT, code);
            if (script >= 0) codes[count++] = (UScriptCode)script;
        }
    } else {
        count = uscript_getScriptExtensions((UChar32)scalar, codes, 64, &status);
        if (U_FAILURE(status) || count < 1) return 0;
        UScriptCode own = uscript_getScript((UChar32)scalar, &status);
        if (U_FAILURE(status) || (count == 1 && codes[0] == own)) return 0;
    }
    if (count == 0) return 0;
    UScriptCode first = codes[0];
    for (int32_t index = 1; index < count; index++) {
        if (codes[index] < first) first = codes[index];
    }
    const char *short_name = uscript_getShortName(first);
    if (!short_name || strlen(short_name) != 4) return 0;
    return (uint32_t)(unsigned char)short_name[0] << 24 | (uint32_t)(unsigned char)short_name[1] << 16 |
           (uint32_t)(unsigned char)short_name[2] << 8 | (uint32_t)(unsigned char)short_name[3];
}

static uint32_t character_flags_from_icu(UChar32 c) {
    uint32_t flags = 0;
    if (u_hasBinaryProperty(c, UCHAR_EMOJI_PRESENTATION)) flags |= TM_CHAR_EMOJI_PRESENTATION;
    if (u_hasBinaryProperty(c, UCHAR_EMOJI)) flags |= TM_CHAR_EMOJI;
    if (u_hasBinaryProperty(c, UCHAR_EMOJI_MODIFIER)) flags |= TM_CHAR_EMOJI_MODIFIER;
    if (u_hasBinaryProperty(c, UCHAR_REGIONAL_INDICATOR)) flags |= TM_CHAR_REGIONAL_INDICATOR;
    if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) flags |= TM_CHAR_DEFAULT_IGNORABLE;
    if (u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC)) flags |= TM_CHAR_EXTENDED_PICTOGRAPHIC;
    int8_t category = u_charType(c);
    if (category == U_NON_SPACING_MARK || category == U_ENCLOSING_MARK ||
        category == U_COMBINING_SPACING_MARK) flags |= TM_CHAR_MARK;
    if (category == U_SPACE_SEPARATOR) flags |= TM_CHAR_SPACE_SEPARATOR;
    if (category == U_CONTROL_CHAR) flags |= TM_CHAR_CONTROL;
    UCharDirection direction = u_charDirection(c);
    if (direction == U_LEFT_TO_RIGHT || direction == U_RIGHT_TO_LEFT || direction == U_RIGHT_TO_LEFT_ARABIC)
        flags |= TM_CHAR_BIDI_STRONG;
    int32_t line_break = u_getIntPropertyValue(c, UCHAR_LINE_BREAK);
    if (line_break == U_LB_ALPHABETIC) flags |= TM_CHAR_LINE_BREAK_ALPHABETIC;
    if (line_break == U_LB_QUOTATION) flags |= TM_CHAR_LINE_BREAK_QUOTATION;
    int32_t width = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
    if (width == U_EA_WIDE || width == U_EA_FULLWIDTH) flags |= TM_CHAR_EAST_ASIAN_WIDE;
    if (tm_first_script_extension((uint32_t)c) != 0) flags |= TM_CHAR_SCRIPT_EXTENSIONS;
    return flags;
}

static PropertyBlocks flag_blocks;

uint32_t tm_character_flags(uint32_t scalar) {
    if (scalar >= 0x110000) return 0;
    return cached_property(flag_blocks, (UChar32)scalar, character_flags_from_icu);
}

int32_t tm_bidi_paired_bracket(uint32_t scalar, uint32_t *pair) {
    if (scalar >= 0x110000) return 0;
    int32_t type = u_getIntPropertyValue((UChar32)scalar, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
    if (type != U_BPT_OPEN && type != U_BPT_CLOSE) return 0;
    *pair = (uint32_t)u_getBidiPairedBracket((UChar32)scalar);
    return type == U_BPT_OPEN ? 1 : 2;
}

int32_t tm_likely_script(const char *locale, char script[5]) {
    prepare_icu();
    char maximized[ULOC_FULLNAME_CAPACITY];
    UErrorCode status = U_ZERO_ERROR;
    uloc_addLikelySubtags(locale, maximized, (int32_t)sizeof maximized, &status);
    if (U_FAILURE(status)) return 0;
    status = U_ZERO_ERROR;
    int32_t length = uloc_getScript(maximized, script, 5, &status);
    return U_SUCCESS(status) && length == 4 ? 1 : 0;
}
