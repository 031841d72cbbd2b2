#include <stdlib.h>
#include <string.h>
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-subset.h>
#include "WebFontFiles.h"

/* WOFF2 compression of an OpenType file (WebFontCompression.cpp). */
unsigned char *tm_woff2_compress(const unsigned char *font, size_t length, size_t *compressed_length);

unsigned char *tm_web_font(const char *path, unsigned index, const uint32_t *codepoints, size_t count,
                           size_t *length) {
    hb_blob_t *blob = hb_blob_create_from_file_or_fail(path);
    if (!blob) return NULL;
    if (index >= hb_face_count(blob)) {
        hb_blob_destroy(blob);
        return NULL;
    }
    hb_face_t *face = hb_face_create(blob, index);
    hb_blob_destroy(blob);
    hb_subset_input_t *input = hb_subset_input_create_or_fail();
    if (!input) {
        hb_face_destroy(face);
        return NULL;
    }
    hb_set_t *unicodes = hb_subset_input_unicode_set(input);
    for (size_t i = 0; i < count; i++) hb_set_add(unicodes, codepoints[i]);
    /* Every layout feature and script (by default the subsetter keeps a
       list that leaves out, among others, `halt`, which Chromium's
       fullwidth punctuation trimming looks for). */
    hb_set_t *features = hb_subset_input_set(input, HB_SUBSET_SETS_LAYOUT_FEATURE_TAG);
    hb_set_clear(features);
    hb_set_invert(features);
    hb_set_t *scripts = hb_subset_input_set(input, HB_SUBSET_SETS_LAYOUT_SCRIPT_TAG);
    hb_set_clear(scripts);
    hb_set_invert(scripts);
    hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_NO_HINTING);
    hb_face_t *subset = hb_subset_or_fail(face, input);
    hb_subset_input_destroy(input);
    hb_face_destroy(face);
    if (!subset) return NULL;
    hb_blob_t *file = hb_face_reference_blob(subset);
    hb_face_destroy(subset);
    unsigned int file_length = 0;
    const char *data = hb_blob_get_data(file, &file_length);
    unsigned char *compressed = file_length ? tm_woff2_compress((const unsigned char *)data, file_length, length) : NULL;
    hb_blob_destroy(file);
    return compressed;
}
