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
    /* TM_PANGO_DEVICE_SCALE=R: the context as a GTK application at scale R
     * sets it up to draw on its window: updated (pango_cairo_update_context)
     * from a cairo context on a surface of device scale R, as GTK's widgets
     * draw on HiDPI screens. Layout stays in logical units. */
    const char *device_scale = getenv("TM_PANGO_DEVICE_SCALE");
    if (device_scale && atof(device_scale) > 0) {
        cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1);
        cairo_surface_set_device_scale(surface, atof(device_scale), atof(device_scale));
        cairo_t *cr = cairo_create(surface);
        pango_cairo_update_context(cr, ctx);
        cairo_destroy(cr);
        cairo_surface_destroy(surface);
    }
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

/* A style record of a case (pango_reference.py / intrinsic_reference.py,
 * styles.py): "<start>\t<end>\t<kind>\t<value>\n", byte offsets into the
 * text; start -1 for the block's own style (the layout's font description,
 * or an attribute over the whole text). Kinds: F family, P font file (its
 * family), S size in pt (absolute size), W weight (PangoWeight = CSS
 * number), I italic (0/1), L letter spacing in pt, X OpenType features in CSS
 * font-feature-settings syntax. */
typedef struct { int start, end; char kind; char value[512]; } StyleRec;

/* Reads n style records from stdin into recs (up to max); 0 on a bad record. */
static int read_style(StyleRec *recs, int n, int max) {
    char *line = NULL;
    size_t cap = 0;
    for (int i = 0; i < n; i++) {
        if (getline(&line, &cap, stdin) <= 0 || i >= max) { free(line); return 0; }
        StyleRec *r = &recs[i];
        r->value[0] = 0;
        if (sscanf(line, "%d\t%d\t%c\t%511[^\n]", &r->start, &r->end, &r->kind, r->value) < 3) {
            free(line);
            return 0;
        }
    }
    free(line);
    return 1;
}

/* The block's family, weight and style from the records (defaults: none, -1, -1). */
static void block_style(const StyleRec *recs, int n, const char **family, int *weight, int *italic) {
    *family = NULL; *weight = -1; *italic = -1;
    for (int i = 0; i < n; i++) {
        if (recs[i].start >= 0) continue;
        if (recs[i].kind == 'F') *family = recs[i].value;
        else if (recs[i].kind == 'W') *weight = atoi(recs[i].value);
        else if (recs[i].kind == 'I') *italic = atoi(recs[i].value);
    }
}

/* The attributes of the records: the block's letter spacing and features over
 * the whole text, each run's family, size, weight, style, letter spacing and
 * features over its byte range. */
static void style_attributes(PangoAttrList *attrs, const StyleRec *recs, int n) {
    for (int i = 0; i < n; i++) {
        const StyleRec *r = &recs[i];
        PangoAttribute *a = NULL;
        int block = r->start < 0;
        switch (r->kind) {
        case 'F': if (!block) a = pango_attr_family_new(r->value); break;
        case 'P':
            if (!block) {
                FaceInfo *fi = face_for(r->value);
                if (fi && fi->family) a = pango_attr_family_new(fi->family);
            }
            break;
        case 'S': if (!block) a = pango_attr_size_new_absolute((int)(strtod(r->value, NULL) * PANGO_SCALE + 0.5)); break;
        case 'W': if (!block) a = pango_attr_weight_new((PangoWeight)atoi(r->value)); break;
        case 'I': if (!block) a = pango_attr_style_new(atoi(r->value) ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL); break;
        case 'L': {
            double v = strtod(r->value, NULL) * PANGO_SCALE;
            a = pango_attr_letter_spacing_new((int)(v < 0 ? v - 0.5 : v + 0.5));
            break;
        }
        case 'X': a = pango_attr_font_features_new(r->value); break;
        }
        if (!a) continue;
        if (!block) { a->start_index = r->start; a->end_index = r->end; }
        pango_attr_list_insert(attrs, a);
    }
}

/* The font description of a styled case's block: the family read from the
 * font file `path` (which Fontconfig must resolve to that very file, under the
 * weight and style asked for) or the named `family` (which must resolve to a
 * face of that family), at `size` points, with the weight and style when set
 * (>= 0). NULL after an error record. */
static PangoFontDescription *styled_description(PangoContext *ctx, const char *id, const char *path,
                                                const char *family, double size, int weight,
                                                int italic) {
    PangoFontDescription *desc = pango_font_description_new();
    FaceInfo *fi = NULL;
    if (family) {
        pango_font_description_set_family(desc, family);
    } else {
        fi = face_for(path);
        if (!fi || !fi->family) {
            json_escape_err(id, "cannot read family name from font file");
            pango_font_description_free(desc);
            return NULL;
        }
        pango_font_description_set_family(desc, fi->family);
    }
    pango_font_description_set_absolute_size(desc, size * PANGO_SCALE);
    if (weight >= 0) pango_font_description_set_weight(desc, (PangoWeight)weight);
    if (italic >= 0) pango_font_description_set_style(desc, italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
    PangoFont *pf = pango_font_map_load_font(pango_context_get_font_map(ctx), ctx, desc);
    int idx = -1, ok = 0;
    char *file = font_file_of(pf, &idx);
    char msg[PATH_MAX * 2 + 600];
    if (family) {
        FcPattern *pat = pf && PANGO_IS_FC_FONT(pf) ? pango_fc_font_get_pattern(PANGO_FC_FONT(pf)) : NULL;
        FcChar8 *fam = NULL;
        for (int k = 0; pat && FcPatternGetString(pat, FC_FAMILY, k, &fam) == FcResultMatch; k++)
            if (FcStrCmpIgnoreCase(fam, (const FcChar8 *)family) == 0) ok = 1;
        snprintf(msg, sizeof msg, "family %s resolved to %s (index %d), a face of another family",
                 family, file ? file : "(none)", idx);
    } else {
        char real_want[PATH_MAX], real_got[PATH_MAX];
        ok = file && realpath(path, real_want) && realpath(file, real_got) &&
             strcmp(real_want, real_got) == 0 && idx == fi->index;
        snprintf(msg, sizeof msg, "primary face resolved to %s (index %d), not %s",
                 file ? file : "(none)", idx, path);
    }
    if (!ok) {
        json_escape_err(id, msg);
        pango_font_description_free(desc);
        desc = NULL;
    }
    if (pf) g_object_unref(pf);
    return desc;
}

/* The case's font description: the primary face of the file `path` for an
 * unstyled case (no style records), else the block's family (or file),
 * weight and style from its records. NULL after an error record. */
static PangoFontDescription *case_description(PangoContext *ctx, const char *id, const char *path,
                                              double size, const StyleRec *style, int nstyle) {
    if (nstyle == 0) return primary_description(ctx, id, path, size);
    const char *family;
    int weight, italic;
    block_style(style, nstyle, &family, &weight, &italic);
    return styled_description(ctx, id, path, family, size, weight, italic);
}

#endif
