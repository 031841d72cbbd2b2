#ifndef TYPOMETER_KHMER_WORD_BREAKS_H
#define TYPOMETER_KHMER_WORD_BREAKS_H

// Internal to the ICU shim: Khmer word boundaries as Chromium's ICU finds them.

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Replaces the breaks that ICU 72's Khmer engine placed inside each run of
/// Khmer word characters in `breaks` (`count` offsets into `text`, increasing)
/// with the ones Chromium's engine places. Returns the new count, at most
/// `capacity`; `breaks` is left as it was when the dictionary cannot be read.
int32_t tm_rebreak_khmer_runs(const uint16_t *text, int32_t length, int32_t *breaks, int32_t count,
                              int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif
