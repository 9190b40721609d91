/*
 * The import benchmark's floor: copies every reading of a HealthLog database into a fresh
 * database of the same schema with one prepared INSERT per row, bound values and one
 * transaction, the way `healthlog import` writes, but with no parsing, checking or
 * duplicate finding. Prints the seconds the inserts and the commit took.
 *
 * usage: import_floor SOURCE.sqlite TARGET.sqlite   (TARGET has the schema and the profiles)
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    char *profile, *note, *tags, *id;
    sqlite3_int64 taken, offset, values[4];
    int present[4];
} Row;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s SOURCE TARGET\n", argv[0]);
        return 64;
    }
    sqlite3 *source, *target;
    sqlite3_stmt *select, *insert;
    if (sqlite3_open(argv[1], &source) != SQLITE_OK || sqlite3_open(argv[2], &target) != SQLITE_OK) return 74;
    sqlite3_prepare_v2(source,
        "SELECT profile_id, taken_at, utc_offset_min, systolic, diastolic, pulse, weight_g, note, tags, id"
        " FROM readings ORDER BY seq", -1, &select, NULL);
    size_t count = 0, capacity = 1024;
    Row *rows = malloc(capacity * sizeof(Row));
    while (sqlite3_step(select) == SQLITE_ROW) {
        if (count == capacity) rows = realloc(rows, (capacity *= 2) * sizeof(Row));
        Row *row = &rows[count++];
        row->profile = strdup((const char *)sqlite3_column_text(select, 0));
        row->taken = sqlite3_column_int64(select, 1);
        row->offset = sqlite3_column_int64(select, 2);
        for (int i = 0; i < 4; i++) {
            row->present[i] = sqlite3_column_type(select, 3 + i) != SQLITE_NULL;
            row->values[i] = sqlite3_column_int64(select, 3 + i);
        }
        row->note = strdup((const char *)sqlite3_column_text(select, 7));
        row->tags = strdup((const char *)sqlite3_column_text(select, 8));
        row->id = strdup((const char *)sqlite3_column_text(select, 9));
    }
    sqlite3_exec(target, "PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA cache_size = -32768;", NULL, NULL, NULL);
    double start = now();
    sqlite3_exec(target, "BEGIN IMMEDIATE", NULL, NULL, NULL);
    sqlite3_prepare_v3(target,
        "INSERT INTO readings (profile_id, taken_at, utc_offset_min, systolic, diastolic, pulse, weight_g, note,"
        " tags, created_at, updated_at, id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?) ON CONFLICT (id) DO NOTHING",
        -1, SQLITE_PREPARE_PERSISTENT, &insert, NULL);
    for (size_t r = 0; r < count; r++) {
        Row *row = &rows[r];
        sqlite3_reset(insert);
        sqlite3_bind_text(insert, 1, row->profile, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(insert, 2, row->taken);
        sqlite3_bind_int64(insert, 3, row->offset);
        for (int i = 0; i < 4; i++) {
            if (row->present[i]) sqlite3_bind_int64(insert, 4 + i, row->values[i]);
            else sqlite3_bind_null(insert, 4 + i);
        }
        sqlite3_bind_text(insert, 8, row->note, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(insert, 9, row->tags, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(insert, 10, row->id, -1, SQLITE_TRANSIENT);
        if (sqlite3_step(insert) != SQLITE_DONE) {
            fprintf(stderr, "insert failed: %s\n", sqlite3_errmsg(target));
            return 74;
        }
    }
    if (sqlite3_exec(target, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) return 74;
    sqlite3_finalize(insert);
    sqlite3_close(target);
    printf("%.6f %zu\n", now() - start, count);
    return 0;
}
