/*
 * Intrinsic widths from Pango (PangoCairo, FT), the settings of
 * pango_reference.c.  Built and driven by intrinsic_reference.py.
 *
 * stdin, one record per case (as pango_reference.c):
 *   "<id>\t<abs font path or ->\t<size>\t<width>\t<limit or 0>\t<language>\t<style records>\t<byte length>\n"
 *   followed by <byte length> bytes of UTF-8 text and "\n", then the style
 *   records (pango_common.h; none for an unstyled case).
 * stdout, one line per case, all widths in Pango units:
 *   "OK\t<id>\t<min>\t<max>\t<widest>\t<w1>,<w2>,...\t<minW>\t<maxW>\t<widestW>\t<lines at width>\t<lines at 0>\n"
 *   or "ERR\t<id>\t<message>\n".
 * Three layouts of the same text, face, size, language and attributes as
 * pango_reference.c (insert-hyphens false); the line limit counts only at the
 * case's width, where it is Pango's own clamp (ellipsized, as in
 * pango_reference.c):
 *   max:    width -1 (no wrapping), PANGO_WRAP_WORD_CHAR;
 *   widest: the case's width, PANGO_WRAP_WORD_CHAR;
 *   min:    width 0, PANGO_WRAP_WORD (a line per word; a word wider than 0 stays whole).
 * <min>, <max>, <widest> are the largest logical width of a line
 * (pango_layout_line_get_extents); <minW>, <maxW>, <widestW> the width of the
 * layout's logical rectangle (pango_layout_get_extents), which can be wider
 * when lines of both directions are aligned to different sides.  <w1>,... are
 * the logical widths of every line at the case's width.
 */
#include <limits.h>
#include "pango_common.h"



static int widest_line(PangoLayout *layout, GString *widths, int *nlines, int limit) {
    int widest = 0, n = 0;
    PangoLayoutIter *it = pango_layout_get_iter(layout);
    do {
        if (limit > 0 && n >= limit) break;
        PangoLayoutLine *line = pango_layout_iter_get_line_readonly(it);
        PangoRectangle logical;
        pango_layout_line_get_extents(line, NULL, &logical);
        if (logical.width > widest) widest = logical.width;
        if (widths) {
            if (n) g_string_append_c(widths, ',');
            g_string_append_printf(widths, "%d", logical.width);
        }
        n++;
    } while (pango_layout_iter_next_line(it));
    pango_layout_iter_free(it);
    if (nlines) *nlines = n;
    return widest;
}

static int layout_width(PangoLayout *layout) {
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    return logical.width;
}

int main(void) {
    PangoContext *ctx = reference_context();
    if (!ctx) return 2;

    char *header = NULL;
    size_t hcap = 0;
    char *text = NULL;
    size_t tcap = 0;
    while (getline(&header, &hcap, stdin) > 0) {
        char id[256], path[PATH_MAX], lang[64];
        double size, width;
        int limit, nstyle;
        long blen;
        if (sscanf(header, "%255[^\t]\t%4095[^\t]\t%lf\t%lf\t%d\t%63[^\t]\t%d\t%ld", id, path, &size,
                   &width, &limit, lang, &nstyle, &blen) != 8) {
            fprintf(stderr, "bad header: %s\n", header);
            return 2;
        }
        if ((size_t)blen + 1 > tcap) { tcap = blen + 1; text = realloc(text, tcap); }
        if (blen && fread(text, 1, blen, stdin) != (size_t)blen) { fprintf(stderr, "short read\n"); return 2; }
        text[blen] = 0;
        getc(stdin);
        static StyleRec style[4096];
        if (nstyle < 0 || !read_style(style, nstyle, 4096)) {
            fprintf(stderr, "bad style records for %s\n", id);
            return 2;
        }
        pango_context_set_language(ctx, pango_language_from_string(lang));

        /* The primary face must be the case's file, not a namesake. */
        PangoFontDescription *desc = case_description(ctx, id, path, size, style, nstyle);
        if (!desc) continue;
        if (!g_utf8_validate(text, blen, NULL)) {
            json_escape_err(id, "text is not valid UTF-8");
            pango_font_description_free(desc);
            continue;
        }

        PangoLayout *layout = pango_layout_new(ctx);
        pango_layout_set_font_description(layout, desc);
        PangoAttrList *attrs = pango_attr_list_new();
        pango_attr_list_insert(attrs, pango_attr_insert_hyphens_new(FALSE));
        style_attributes(attrs, style, nstyle);
        pango_layout_set_attributes(layout, attrs);
        pango_attr_list_unref(attrs);
        pango_layout_set_text(layout, text, (int)blen);

        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
        pango_layout_set_width(layout, -1);
        int maxw = widest_line(layout, NULL, NULL, 0), maxW = layout_width(layout);

        /* At the case's width the line limit is Pango's own clamp, as in
         * pango_reference.c: the last line kept of a paragraph cut short is
         * ellipsized, and Pango widens its ellipsis to fill the width. */
        pango_layout_set_width(layout, (int)(width * PANGO_SCALE + 0.5));
        if (limit > 0) {
            pango_layout_set_height(layout, -limit);
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
        }
        GString *widths = g_string_new(NULL);
        int nw = 0;
        int widest = widest_line(layout, widths, &nw, limit), widestW = layout_width(layout);
        pango_layout_set_height(layout, -1);
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE);

        pango_layout_set_wrap(layout, PANGO_WRAP_WORD);
        pango_layout_set_width(layout, 0);
        int n0 = 0;
        int minw = widest_line(layout, NULL, &n0, 0), minW = layout_width(layout);

        printf("OK\t%s\t%d\t%d\t%d\t%s\t%d\t%d\t%d\t%d\t%d\n", id, minw, maxw, widest, widths->str,
               minW, maxW, widestW, nw, n0);
        g_string_free(widths, TRUE);
        g_object_unref(layout);
        pango_font_description_free(desc);
    }
    fflush(stdout);
    return 0;
}
