#ifndef TYPOMETER_WEB_FONT_FILES_H
#define TYPOMETER_WEB_FONT_FILES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Face `index` of the font file at `path`, subset with HarfBuzz's subsetter
/// to the characters `codepoints` (`count` of them) and every glyph their
/// layout reaches (every OpenType layout feature and script kept, hinting
/// dropped, metrics and color bitmaps kept), as a standalone OpenType file
/// compressed to WOFF2. Returns a buffer from malloc (free it with free())
/// and its length in `*length`, or NULL when the file cannot be read, the
/// face does not exist or subsetting or compressing fails.
unsigned char *tm_web_font(const char *path, unsigned index, const uint32_t *codepoints, size_t count,
                           size_t *length);

#ifdef __cplusplus
}
#endif

#endif
