/*
 * What pango_reference.c and pango_intrinsic.c share: the Pango context both
 * lay text out in (PangoCairo FreeType font map at 72 dpi with its own
 * FcConfig from $FONTCONFIG_FILE, hint metrics off, hint style none, glyph
 * positions unrounded, language "en", left-to-right), each font file's
 * family name, an error record, and the file a PangoFont was loaded from.
 * Included by each program; not meant to be compiled on its own.
 */
#ifndef TM_PANGO_COMMON_H
#define TM_PANGO_COMMON_H

#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <pango/pangofc-font.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>

typedef struct { char *path; char *family; int index; } FaceInfo;
static FaceInfo faces[64];
static int nfaces = 0;

static FaceInfo *face_for(const char *path) {
    for (int i = 0; i < nfaces; i++)
        if (strcmp(faces[i].path, path) == 0) return &faces[i];
    if (nfaces == 64) return NULL;
    FaceInfo *f = &faces[nfaces];
    f->path = strdup(path);
    f->family = NULL;
    f->index = 0;
    int count = 0;
    FcPattern *p = FcFreeTypeQuery((const FcChar8 *)path, 0, NULL, &count);
    if (p) {
        FcChar8 *fam = NULL;
        if (FcPatternGetString(p, FC_FAMILY, 0, &fam) == FcResultMatch)
            f->family = strdup((const char *)fam);
        FcPatternDestroy(p);
    }
    nfaces++;
    return f;
}

static void json_escape_err(const char *id, const char *msg) {
    printf("ERR\t%s\t", id);
    for (const char *c = msg; *c; c++) putchar((*c == '\t' || *c == '\n') ? ' ' : *c);
    putchar('\n');
}

static char *font_file_of(PangoFont *font, int *index) {
    if (!font || !PANGO_IS_FC_FONT(font)) return NULL;
    FcPattern *pat = pango_fc_font_get_pattern(PANGO_FC_FONT(font));
    FcChar8 *file = NULL;
    if (!pat || FcPatternGetString(pat, FC_FILE, 0, &file) != FcResultMatch) return NULL;
    if (index) {
        *index = 0;
        FcPatternGetInteger(pat, FC_INDEX, 0, index);
    }
    return (char *)file;
}

/* The reference context, or NULL after a message on stderr. */
static PangoContext *reference_context(void) {
    const char *cfgfile = getenv("FONTCONFIG_FILE");
    if (!cfgfile) { fprintf(stderr, "FONTCONFIG_FILE is not set\n"); return NULL; }
    FcConfig *cfg = FcConfigCreate();
    if (!FcConfigParseAndLoad(cfg, (const FcChar8 *)cfgfile, FcTrue) || !FcConfigBuildFonts(cfg)) {
        fprintf(stderr, "cannot load %s\n", cfgfile);
        return NULL;
    }
    PangoFontMap *fontmap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    if (!fontmap) { fprintf(stderr, "no FreeType PangoCairo font map\n"); return NULL; }
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(fontmap), cfg);
    pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(fontmap), 72.0);
    PangoContext *ctx = pango_font_map_create_context(fontmap);
    cairo_font_options_t *fo = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    pango_cairo_context_set_font_options(ctx, fo);
    pango_context_set_round_glyph_positions(ctx, FALSE);
    pango_context_set_language(ctx, pango_language_from_string("en"));
    pango_context_set_base_dir(ctx, PANGO_DIRECTION_LTR);
    return ctx;
}

/* The font description of the case's primary face at `size` points: the
 * family read from the font file, which Fontconfig must resolve to that very
 * file and index (no installed namesake). NULL after an error record. */
static PangoFontDescription *primary_description(PangoContext *ctx, const char *id, const char *path,
                                                 double size) {
    FaceInfo *fi = face_for(path);
    if (!fi || !fi->family) { json_escape_err(id, "cannot read family name from font file"); return NULL; }
    PangoFontDescription *desc = pango_font_description_new();
    pango_font_description_set_family(desc, fi->family);
    pango_font_description_set_absolute_size(desc, size * PANGO_SCALE);
    PangoFont *pf = pango_font_map_load_font(pango_context_get_font_map(ctx), ctx, desc);
    int idx = -1;
    char *file = font_file_of(pf, &idx);
    char real_want[PATH_MAX], real_got[PATH_MAX];
    int ok = file && realpath(path, real_want) && realpath(file, real_got) &&
             strcmp(real_want, real_got) == 0 && idx == fi->index;
    if (!ok) {
        char msg[PATH_MAX * 2 + 64];
        snprintf(msg, sizeof msg, "primary face resolved to %s (index %d), not %s",
                 file ? file : "(none)", idx, path);
        json_escape_err(id, msg);
        pango_font_description_free(desc);
        desc = NULL;
    }
    if (pf) g_object_unref(pf);
    return desc;
}

#endif
