/*
 * The report benchmark's floor: draws the text items of a per-reading log (the same pages, the
 * same strings at the same places and sizes, as read back from HealthLog's own PDF by bench.py)
 * into an A4 PDF with Cairo alone. Pango shapes each distinct string once, into glyph runs;
 * every item is then one cairo_show_glyphs per run. No database, no statistics, no pagination,
 * no rules or shading: what drawing the glyphs costs. Prints the seconds from the first shaping
 * to the finished file (font set-up and reading the item file are not counted).
 *
 * usage: report_floor ITEMS.txt OUTPUT.pdf
 * ITEMS.txt: a line "P" starts a page; "X<TAB>Y<TAB>SIZE<TAB>TEXT" is one item, its box's top-left
 * corner in points.
 */
#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    cairo_scaled_font_t *font;
    int count;
    cairo_glyph_t *glyphs;
} Run;

typedef struct {
    int count;
    Run *runs;
} Shaped;

typedef struct {
    double x, y;
    char *key; /* "SIZE<TAB>TEXT" */
} Item;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static PangoContext *context;

/* `key`'s text at its size, as glyph runs positioned from the box's top-left corner. */
static Shaped *shape(const char *key) {
    double size = atof(key);
    const char *text = strchr(key, '\t') + 1;
    PangoFontDescription *description = pango_font_description_from_string("Noto Sans, Droid Sans Fallback, DejaVu Sans");
    pango_font_description_set_absolute_size(description, size * PANGO_SCALE);
    PangoLayout *layout = pango_layout_new(context);
    pango_layout_set_font_description(layout, description);
    pango_layout_set_text(layout, text, -1);
    Shaped *shaped = calloc(1, sizeof(Shaped));
    PangoLayoutIter *iter = pango_layout_get_iter(layout);
    do {
        PangoLayoutRun *run = pango_layout_iter_get_run_readonly(iter);
        if (!run) continue;
        PangoRectangle logical;
        pango_layout_iter_get_run_extents(iter, NULL, &logical);
        int baseline = pango_layout_iter_get_baseline(iter);
        shaped->runs = realloc(shaped->runs, (shaped->count + 1) * sizeof(Run));
        Run *out = &shaped->runs[shaped->count++];
        out->font = cairo_scaled_font_reference(pango_cairo_font_get_scaled_font(PANGO_CAIRO_FONT(run->item->analysis.font)));
        out->glyphs = malloc(run->glyphs->num_glyphs * sizeof(cairo_glyph_t));
        out->count = 0;
        int x = logical.x;
        for (int i = 0; i < run->glyphs->num_glyphs; i++) {
            PangoGlyphInfo *glyph = &run->glyphs->glyphs[i];
            if (!(glyph->glyph & PANGO_GLYPH_UNKNOWN_FLAG) && glyph->glyph != PANGO_GLYPH_EMPTY) {
                out->glyphs[out->count++] = (cairo_glyph_t){
                    glyph->glyph, (double)(x + glyph->geometry.x_offset) / PANGO_SCALE,
                    (double)(baseline + glyph->geometry.y_offset) / PANGO_SCALE};
            }
            x += glyph->geometry.width;
        }
    } while (pango_layout_iter_next_run(iter));
    pango_layout_iter_free(iter);
    g_object_unref(layout);
    pango_font_description_free(description);
    return shaped;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s ITEMS.txt OUTPUT.pdf\n", argv[0]);
        return 64;
    }
    FILE *input = fopen(argv[1], "r");
    if (!input) return 66;
    size_t count = 0, capacity = 1 << 16, pages = 0, page_capacity = 1024;
    Item *items = malloc(capacity * sizeof(Item));
    size_t *page_ends = malloc(page_capacity * sizeof(size_t));
    char *line = NULL;
    size_t length = 0;
    ssize_t read;
    while ((read = getline(&line, &length, input)) > 0) {
        if (line[read - 1] == '\n') line[--read] = 0;
        if (strcmp(line, "P") == 0) {
            if (pages == page_capacity) page_ends = realloc(page_ends, (page_capacity *= 2) * sizeof(size_t));
            if (pages > 0) page_ends[pages - 1] = count;
            pages++;
            continue;
        }
        char *x = strtok(line, "\t"), *y = strtok(NULL, "\t"), *rest = strtok(NULL, "");
        if (!x || !y || !rest || pages == 0) return 65;
        if (count == capacity) items = realloc(items, (capacity *= 2) * sizeof(Item));
        items[count++] = (Item){atof(x), atof(y), strdup(rest)};
    }
    if (pages > 0) page_ends[pages - 1] = count;
    fclose(input);

    /* The fonts, set up as HealthLog sets its own up: unhinted, unrounded positions. */
    PangoFontMap *map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    context = pango_font_map_create_context(map);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    pango_cairo_context_set_font_options(context, options);
    cairo_font_options_destroy(options);
    pango_context_set_round_glyph_positions(context, 0);
    shape("8.4\t0 中"); /* fontconfig loaded, the faces opened: set-up, not drawing */

    double start = now();
    GHashTable *cache = g_hash_table_new(g_str_hash, g_str_equal);
    cairo_surface_t *surface = cairo_pdf_surface_create(argv[2], 595.276, 841.89);
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    size_t scratch_capacity = 256;
    cairo_glyph_t *scratch = malloc(scratch_capacity * sizeof(cairo_glyph_t));
    size_t index = 0;
    for (size_t page = 0; page < pages; page++) {
        for (; index < page_ends[page]; index++) {
            Item *item = &items[index];
            Shaped *shaped = g_hash_table_lookup(cache, item->key);
            if (!shaped) {
                shaped = shape(item->key);
                g_hash_table_insert(cache, item->key, shaped);
            }
            for (int r = 0; r < shaped->count; r++) {
                Run *run = &shaped->runs[r];
                if ((size_t)run->count > scratch_capacity) {
                    scratch_capacity = run->count;
                    scratch = realloc(scratch, scratch_capacity * sizeof(cairo_glyph_t));
                }
                for (int g = 0; g < run->count; g++) {
                    scratch[g] = (cairo_glyph_t){run->glyphs[g].index, run->glyphs[g].x + item->x, run->glyphs[g].y + item->y};
                }
                cairo_set_scaled_font(cr, run->font);
                cairo_show_glyphs(cr, scratch, run->count);
            }
        }
        cairo_show_page(cr);
    }
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) return 74;
    cairo_surface_destroy(surface);
    printf("%.4f %zu %zu %u\n", now() - start, pages, count, g_hash_table_size(cache));
    return 0;
}
