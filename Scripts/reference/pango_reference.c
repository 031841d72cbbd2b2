/*
 * Reference line counts, line starts and heights from Pango (PangoCairo, FT).
 * Built and driven by pango_reference.py; not meant to be run by hand.
 *
 * stdin, one record per case:
 *   "<id>\t<abs font path or ->\t<size>\t<width>\t<limit or 0>\t<language>\t<line height>\t<style records>\t<byte length>\n"
 *   (<line height>: "-" for normal, "f<factor>" or "a<Pango units>")
 *   followed by <byte length> bytes of UTF-8 text and "\n", then <style
 *   records> lines "<start byte or -1>\t<end byte>\t<kind>\t<value>" (see
 *   pango_common.h: the block's family, weight, style, letter spacing and
 *   features, and each run's). A case without style records is laid out as
 *   before (primary face from the file, no style attributes).
 * stdout, one line per case:
 *   "OK\t<id>\t<lines>\t<height in Pango units>\t<start byte>,<start byte>,...\n"
 *   or "ERR\t<id>\t<message>\n".
 *
 * Settings (see /work/shared/REFERENCES.md): PangoCairo font map at 72 dpi
 * (1 pt = 1 px), cairo font options hint metrics OFF and hint style NONE,
 * round glyph positions FALSE, wrap PANGO_WRAP_WORD_CHAR, insert-hyphens
 * false, a line-height attribute over the whole text when the case sets one
 * (pango_attr_line_height_new(factor) or _new_absolute(units)), context
 * language "en" or the case's <language> (a BCP 47 tag, set with
 * pango_context_set_language before the case's layout is made).  The font map
 * gets its own FcConfig parsed from $FONTCONFIG_FILE (only the bundled Fonts/
 * dir), and the primary face is chosen by the family name read from the case's
 * font file; every case checks that Fontconfig resolves that family to that
 * very file, or fails.
 * A line limit N is Pango's own clamp, as a GTK label with `lines` sets it:
 * pango_layout_set_height(-N) with PANGO_ELLIPSIZE_END, which limits each
 * paragraph to N lines and ellipsizes the last kept line of a longer one;
 * the whole text then keeps the first N lines of that layout (a text with
 * hard breaks would otherwise show more), and height is the bottom of the
 * last kept line.  With TM_PANGO_DEBUG=1 each line's y range and baseline
 * (with the line height applied) and the face of every run, its baseline
 * offset (y_offset) and its logical rectangle (without it) are printed to
 * stderr.
 */
#include <limits.h>
#include "pango_common.h"


int main(void) {
    PangoContext *ctx = reference_context();
    if (!ctx) return 2;
    int debug = getenv("TM_PANGO_DEBUG") != NULL;

    char *header = NULL;
    size_t hcap = 0;
    char *text = NULL;
    size_t tcap = 0;
    while (getline(&header, &hcap, stdin) > 0) {
        char id[256], path[PATH_MAX], lang[64], lh[64];
        double size, width;
        int limit, nstyle;
        long blen;
        if (sscanf(header, "%255[^\t]\t%4095[^\t]\t%lf\t%lf\t%d\t%63[^\t]\t%63[^\t]\t%d\t%ld", id, path,
                   &size, &width, &limit, lang, lh, &nstyle, &blen) != 9) {
            fprintf(stderr, "bad header: %s\n", header);
            return 2;
        }
        if ((size_t)blen + 1 > tcap) { tcap = blen + 1; text = realloc(text, tcap); }
        if (blen && fread(text, 1, blen, stdin) != (size_t)blen) { fprintf(stderr, "short read\n"); return 2; }
        text[blen] = 0;
        getc(stdin); /* the "\n" after the text */
        static StyleRec style[4096];
        if (nstyle < 0 || !read_style(style, nstyle, 4096)) {
            fprintf(stderr, "bad style records for %s\n", id);
            return 2;
        }

        /* The case's language: Pango gives it to the runs of scripts it uses
           (fallback sort order, HarfBuzz language); the font map caches
           fontsets per language. */
        pango_context_set_language(ctx, pango_language_from_string(lang));

        /* The primary face must be the case's file, not a namesake. */
        PangoFontDescription *desc = case_description(ctx, id, path, size, style, nstyle);
        if (!desc) continue;

        PangoLayout *layout = pango_layout_new(ctx);
        pango_layout_set_font_description(layout, desc);
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
        pango_layout_set_width(layout, (int)(width * PANGO_SCALE + 0.5));
        PangoAttrList *attrs = pango_attr_list_new();
        pango_attr_list_insert(attrs, pango_attr_insert_hyphens_new(FALSE));
        /* The case's line height over the whole text (attributes default to
           start 0, end G_MAXUINT). */
        if (lh[0] == 'f')
            pango_attr_list_insert(attrs, pango_attr_line_height_new(strtod(lh + 1, NULL)));
        else if (lh[0] == 'a')
            pango_attr_list_insert(attrs, pango_attr_line_height_new_absolute(atoi(lh + 1)));
        else if (strcmp(lh, "-") != 0) {
            fprintf(stderr, "bad line height: %s\n", lh);
            return 2;
        }
        style_attributes(attrs, style, nstyle);
        pango_layout_set_attributes(layout, attrs);
        pango_attr_list_unref(attrs);
        if (limit > 0) {
            pango_layout_set_height(layout, -limit);
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
        }
        pango_layout_set_text(layout, text, (int)blen);

        if (!g_utf8_validate(text, blen, NULL)) {
            json_escape_err(id, "text is not valid UTF-8");
            g_object_unref(layout);
            pango_font_description_free(desc);
            continue;
        }

        PangoLayoutIter *it = pango_layout_get_iter(layout);
        GString *starts = g_string_new(NULL);
        int nlines = 0, bottom = 0;
        do {
            if (limit > 0 && nlines >= limit) break;
            PangoLayoutLine *line = pango_layout_iter_get_line_readonly(it);
            int y0, y1;
            pango_layout_iter_get_line_yrange(it, &y0, &y1);
            if (nlines) g_string_append_c(starts, ',');
            g_string_append_printf(starts, "%d", line->start_index);
            bottom = y1;
            nlines++;
            if (debug) {
                fprintf(stderr, "%s line %d yrange %d..%d (height %d) baseline %d\n", id, nlines,
                        y0, y1, y1 - y0, pango_layout_iter_get_baseline(it));
                for (GSList *r = line->runs; r; r = r->next) {
                    PangoGlyphItem *gi = r->data;
                    PangoFont *f = gi->item->analysis.font;
                    PangoFontDescription *d = pango_font_describe(f);
                    char *s = pango_font_description_to_string(d);
                    PangoRectangle logical;
                    pango_glyph_string_extents(gi->glyphs, f, NULL, &logical);
                    fprintf(stderr, "%s line %d run @%d+%d: %s [%s] y_offset %d logical %d+%d\n",
                            id, nlines, gi->item->offset, gi->item->length, s, font_file_of(f, NULL),
                            gi->y_offset, logical.y, logical.height);
                    g_free(s);
                    pango_font_description_free(d);
                }
            }
        } while (pango_layout_iter_next_line(it));
        pango_layout_iter_free(it);
        printf("OK\t%s\t%d\t%d\t%s\n", id, nlines, bottom, starts->str);
        g_string_free(starts, TRUE);
        g_object_unref(layout);
        pango_font_description_free(desc);
    }
    fflush(stdout);
    return 0;
}
