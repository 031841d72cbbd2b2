#ifndef BENCH_GLUE_H
#define BENCH_GLUE_H
/*
 * The C side of the benchmark: Pango laying out one post, and HarfBuzz
 * shaping one post. Only plain C types cross this header.
 */
#include <stddef.h>

/* A PangoCairo font map and context set up as in Scripts/reference:
 * 72 dpi, hint metrics off, hint style none, unrounded glyph positions,
 * language "en", with its own FcConfig parsed from a Fontconfig file.
 * One per thread: Pango objects are not shared between threads. */
typedef struct BenchPango BenchPango;

/* NULL on failure, with a message in `error`. `family` at `size` points must
 * resolve to the font file `expected_file`, or creation fails. */
BenchPango *bench_pango_new(const char *fontconfig_file, const char *family, double size,
                            const char *expected_file, char *error, size_t error_size);
void bench_pango_free(BenchPango *pango);

/* The height in points of `text` (UTF-8, `length` bytes) laid out by a fresh
 * PangoLayout at `width` points, WRAP_WORD_CHAR, insert-hyphens off. With
 * `line_limit` > 0 the layout is limited to that many lines (height -N,
 * ellipsize END), Pango's own way of stopping early. The line count goes to
 * `line_count` when it is not NULL. */
double bench_pango_height(BenchPango *pango, const char *text, int length, double width,
                          int line_limit, int *line_count);

/* A PangoLayout kept across calls, for re-measuring one text at new widths
 * (pango_layout_set_width, then the extents). */
typedef struct BenchPangoLayout BenchPangoLayout;

BenchPangoLayout *bench_pango_layout_new(BenchPango *pango, const char *text, int length);
double bench_pango_layout_height(BenchPangoLayout *layout, double width);
void bench_pango_layout_free(BenchPangoLayout *layout);

/* A HarfBuzz font on one face file (OpenType font functions, the ones
 * Typometer uses) and a reusable buffer. One per thread. */
typedef struct BenchShaper BenchShaper;

BenchShaper *bench_shaper_new(const char *font_file, double size);
void bench_shaper_free(BenchShaper *shaper);

/* One hb_shape of `text` (UTF-8) as a single left-to-right Latin run in
 * English; returns the total advance in points. */
double bench_shaper_shape(BenchShaper *shaper, const char *text, int length);

/* Library versions, for the report. */
const char *bench_pango_version(void);
const char *bench_harfbuzz_version(void);

/* Under `valgrind --tool=callgrind --collect-atstart=no`, switches
 * instruction counting on or off; elsewhere does nothing. */
void bench_callgrind_toggle(void);
/* Under callgrind, writes what was counted since the last dump to a file
 * of its own (`--callgrind-out-file` with `.1`, `.2`, … appended), named
 * `reason` in its header, and starts counting from zero; elsewhere does
 * nothing. */
void bench_callgrind_dump(const char *reason);
int bench_running_on_valgrind(void);

#endif
