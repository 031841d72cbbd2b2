#include "ICUShim.h"

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utext.h>

// One iterator of each kind per thread: opening one costs microseconds and
// they are not safe to share between threads.
static _Thread_local UBreakIterator *line_iterator;
static _Thread_local UBreakIterator *normal_line_iterator;
static _Thread_local UBreakIterator *grapheme_iterator;
static _Thread_local UBiDi *bidi;

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

int32_t tm_line_breaks(const uint16_t *text, int32_t length, int32_t normal,
                       int32_t *breaks, int32_t capacity) {
    if (normal) {
        return collect_breaks(&normal_line_iterator, UBRK_LINE, "en@lb=normal", text, length,
                              breaks, capacity);
    }
    return collect_breaks(&line_iterator, UBRK_LINE, "en", text, length, breaks, capacity);
}

int32_t tm_grapheme_breaks(const uint16_t *text, int32_t length,
                           int32_t *breaks, int32_t capacity) {
    return collect_breaks(&grapheme_iterator, UBRK_CHARACTER, "", text, length, breaks, capacity);
}

int32_t tm_grapheme_breaks_without_conjuncts(const uint16_t *text, int32_t length,
                                             int32_t *breaks, int32_t capacity) {
    int32_t count = 0;
    int32_t index = 0;
    int32_t previous = -1;        // Grapheme_Cluster_Break of the last code point
    int32_t regionalCount = 0;    // regional indicators in a row before here
    int pictographicZWJ = 0;      // ExtPict Extend* ZWJ just seen (GB11)
    int pictographicRun = 0;      // ExtPict Extend* seen
    while (index < length) {
        UChar32 c;
        U16_NEXT(text, index, length, c);
        int32_t kind = u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK);
        int pictographic = u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC);
        int boundary = 1;
        if (previous < 0) {
            boundary = 0;  // GB1: no break recorded at the start
        } else if (previous == U_GCB_CR && kind == U_GCB_LF) {
            boundary = 0;  // GB3
        } else if (previous == U_GCB_CONTROL || previous == U_GCB_CR || previous == U_GCB_LF
                   || kind == U_GCB_CONTROL || kind == U_GCB_CR || kind == U_GCB_LF) {
            boundary = 1;  // GB4, GB5
        } else if (previous == U_GCB_L && (kind == U_GCB_L || kind == U_GCB_V || kind == U_GCB_LV
                                           || kind == U_GCB_LVT)) {
            boundary = 0;  // GB6
        } else if ((previous == U_GCB_LV || previous == U_GCB_V) && (kind == U_GCB_V || kind == U_GCB_T)) {
            boundary = 0;  // GB7
        } else if ((previous == U_GCB_LVT || previous == U_GCB_T) && kind == U_GCB_T) {
            boundary = 0;  // GB8
        } else if (kind == U_GCB_EXTEND || kind == U_GCB_ZWJ || kind == U_GCB_SPACING_MARK) {
            boundary = 0;  // GB9, GB9a
        } else if (previous == U_GCB_PREPEND) {
            boundary = 0;  // GB9b
        } else if (pictographicZWJ && pictographic) {
            boundary = 0;  // GB11
        } else if (previous == U_GCB_REGIONAL_INDICATOR && kind == U_GCB_REGIONAL_INDICATOR
                   && regionalCount % 2 == 1) {
            boundary = 0;  // GB12, GB13
        }
        if (boundary) {
            int32_t start = index - U16_LENGTH(c);
            if (count == capacity) return count;
            breaks[count++] = start;
        }
        pictographicZWJ = pictographicRun && kind == U_GCB_ZWJ;
        if (pictographic) pictographicRun = 1;
        else if (kind != U_GCB_EXTEND) pictographicRun = 0;
        regionalCount = kind == U_GCB_REGIONAL_INDICATOR ? regionalCount + 1 : 0;
        previous = kind;
    }
    if (count < capacity) breaks[count++] = length;
    return count;
}

int32_t tm_bidi_levels(const uint16_t *text, int32_t length, uint8_t base, uint8_t *levels) {
    UErrorCode status = U_ZERO_ERROR;
    if (length <= 0) return 0;
    if (bidi == NULL) {
        bidi = ubidi_open();
        if (bidi == NULL) return -1;
    }
    ubidi_setPara(bidi, (const UChar *)text, length, base & 1, NULL, &status);
    if (U_FAILURE(status)) return -1;
    const UBiDiLevel *resolved = ubidi_getLevels(bidi, &status);
    if (U_FAILURE(status)) return -1;
    for (int32_t i = 0; i < length; i++) levels[i] = resolved[i];
    return 0;
}

int32_t tm_first_strong_level(const uint16_t *text, int32_t length) {
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

uint32_t tm_character_flags(uint32_t scalar) {
    UChar32 c = (UChar32)scalar;
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
    if (u_getIntPropertyValue(c, UCHAR_LINE_BREAK) == U_LB_COMPLEX_CONTEXT) flags |= TM_CHAR_COMPLEX_CONTEXT;
    return flags;
}
