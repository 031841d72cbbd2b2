#include "BenchGlue.h"

#include <fontconfig/fontconfig.h>
#include <hb.h>
#include <limits.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-font.h>
#include <pango/pangofc-fontmap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define BENCH_HAVE_VALGRIND 1
#endif

struct BenchPango {
    PangoFontMap *fontmap;
    PangoContext *context;
    PangoFontDescription *description;
    PangoAttrList *attributes;
};

static char *font_file_of(PangoFont *font) {
    if (!font || !PANGO_IS_FC_FONT(font)) return NULL;
    FcPattern *pattern = pango_fc_font_get_pattern(PANGO_FC_FONT(font));
    FcChar8 *file = NULL;
    if (!pattern || FcPatternGetString(pattern, FC_FILE, 0, &file) != FcResultMatch) return NULL;
    return (char *)file;
}

BenchPango *bench_pango_new(const char *fontconfig_file, const char *family, double size,
                            const char *expected_file, char *error, size_t error_size) {
    FcConfig *config = FcConfigCreate();
    if (!FcConfigParseAndLoad(config, (const FcChar8 *)fontconfig_file, FcTrue) ||
        !FcConfigBuildFonts(config)) {
        snprintf(error, error_size, "cannot load Fontconfig file %s", fontconfig_file);
        FcConfigDestroy(config);
        return NULL;
    }
    PangoFontMap *fontmap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    if (!fontmap) {
        snprintf(error, error_size, "no FreeType PangoCairo font map");
        FcConfigDestroy(config);
        return NULL;
    }
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(fontmap), config);
    FcConfigDestroy(config); /* the font map holds its own reference */
    pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(fontmap), 72.0);
    PangoContext *context = pango_font_map_create_context(fontmap);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    pango_cairo_context_set_font_options(context, options);
    cairo_font_options_destroy(options);
    pango_context_set_round_glyph_positions(context, FALSE);
    pango_context_set_language(context, pango_language_from_string("en"));
    pango_context_set_base_dir(context, PANGO_DIRECTION_LTR);

    PangoFontDescription *description = pango_font_description_new();
    pango_font_description_set_family(description, family);
    pango_font_description_set_absolute_size(description, size * PANGO_SCALE);

    /* The primary face must be the bundled file, not a namesake. */
    PangoFont *font = pango_font_map_load_font(fontmap, context, description);
    char *file = font_file_of(font);
    char want[PATH_MAX], got[PATH_MAX];
    int ok = file && realpath(expected_file, want) && realpath(file, got) && strcmp(want, got) == 0;
    if (!ok) {
        snprintf(error, error_size, "%s resolved to %s, not %s", family, file ? file : "(no file)",
                 expected_file);
    }
    if (font) g_object_unref(font);
    if (!ok) {
        pango_font_description_free(description);
        g_object_unref(context);
        g_object_unref(fontmap);
        return NULL;
    }

    BenchPango *pango = calloc(1, sizeof *pango);
    pango->fontmap = fontmap;
    pango->context = context;
    pango->description = description;
    pango->attributes = pango_attr_list_new();
    pango_attr_list_insert(pango->attributes, pango_attr_insert_hyphens_new(FALSE));
    return pango;
}

void bench_pango_free(BenchPango *pango) {
    if (!pango) return;
    pango_attr_list_unref(pango->attributes);
    pango_font_description_free(pango->description);
    g_object_unref(pango->context);
    g_object_unref(pango->fontmap);
    free(pango);
}

double bench_pango_height(BenchPango *pango, const char *text, int length, double width,
                          int line_limit, int *line_count) {
    PangoLayout *layout = pango_layout_new(pango->context);
    pango_layout_set_font_description(layout, pango->description);
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_width(layout, (int)(width * PANGO_SCALE + 0.5));
    pango_layout_set_attributes(layout, pango->attributes);
    if (line_limit > 0) {
        pango_layout_set_height(layout, -line_limit);
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
    }
    pango_layout_set_text(layout, text, length);
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    if (line_count) *line_count = pango_layout_get_line_count(layout);
    g_object_unref(layout);
    return (double)logical.height / PANGO_SCALE;
}

BenchPangoLayout *bench_pango_layout_new(BenchPango *pango, const char *text, int length) {
    PangoLayout *layout = pango_layout_new(pango->context);
    pango_layout_set_font_description(layout, pango->description);
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
    pango_layout_set_attributes(layout, pango->attributes);
    pango_layout_set_text(layout, text, length);
    return (BenchPangoLayout *)layout;
}

double bench_pango_layout_height(BenchPangoLayout *layout, double width) {
    PangoLayout *pango_layout = (PangoLayout *)layout;
    pango_layout_set_width(pango_layout, (int)(width * PANGO_SCALE + 0.5));
    PangoRectangle logical;
    pango_layout_get_extents(pango_layout, NULL, &logical);
    return (double)logical.height / PANGO_SCALE;
}

void bench_pango_layout_free(BenchPangoLayout *layout) { g_object_unref((PangoLayout *)layout); }

struct BenchShaper {
    hb_font_t *font;
    hb_buffer_t *buffer;
    double scale;
};

BenchShaper *bench_shaper_new(const char *font_file, double size) {
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(font_file);
    if (!blob) return NULL;
    hb_face_t *face = hb_face_create(blob, 0);
    hb_blob_destroy(blob);
    unsigned upem = hb_face_get_upem(face);
    hb_font_t *font = hb_font_create(face);
    hb_face_destroy(face);
    hb_font_set_scale(font, (int)upem, (int)upem);
    hb_font_make_immutable(font);
    BenchShaper *shaper = calloc(1, sizeof *shaper);
    shaper->font = font;
    shaper->buffer = hb_buffer_create();
    shaper->scale = size / upem;
    return shaper;
}

void bench_shaper_free(BenchShaper *shaper) {
    if (!shaper) return;
    hb_buffer_destroy(shaper->buffer);
    hb_font_destroy(shaper->font);
    free(shaper);
}

double bench_shaper_shape(BenchShaper *shaper, const char *text, int length) {
    hb_buffer_t *buffer = shaper->buffer;
    hb_buffer_clear_contents(buffer);
    hb_buffer_add_utf8(buffer, text, length, 0, length);
    hb_buffer_set_direction(buffer, HB_DIRECTION_LTR);
    hb_buffer_set_script(buffer, HB_SCRIPT_LATIN);
    hb_buffer_set_language(buffer, hb_language_from_string("en", -1));
    hb_shape(shaper->font, buffer, NULL, 0);
    unsigned count = 0;
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &count);
    long total = 0;
    for (unsigned i = 0; i < count; i++) total += positions[i].x_advance;
    return total * shaper->scale;
}

const char *bench_pango_version(void) { return pango_version_string(); }
const char *bench_harfbuzz_version(void) { return hb_version_string(); }

void bench_callgrind_toggle(void) {
#ifdef BENCH_HAVE_VALGRIND
    CALLGRIND_TOGGLE_COLLECT;
#endif
}

void bench_callgrind_dump(const char *reason) {
#ifdef BENCH_HAVE_VALGRIND
    CALLGRIND_DUMP_STATS_AT(reason);
#else
    (void)reason;
#endif
}

int bench_running_on_valgrind(void) {
#ifdef BENCH_HAVE_VALGRIND
    return RUNNING_ON_VALGRIND ? 1 : 0;
#else
    return 0;
#endif
}
