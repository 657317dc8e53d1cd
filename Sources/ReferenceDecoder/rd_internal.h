/* Internal declarations shared by ReferenceDecoder's files. Include first. */
#ifndef RD_INTERNAL_H
#define RD_INTERNAL_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stddef.h>
#include <stdint.h>
#include <jansson.h>

#include "reference_decoder.h"

/* ---- strbuf.c: a growable byte buffer with a sticky out-of-memory flag ---- */
typedef struct rd_buf {
    char *p;
    size_t len;
    size_t cap;
    int oom;      /* set once an allocation failed; later writes do nothing */
} rd_buf;

void rd_buf_put(rd_buf *b, const void *data, size_t n);
void rd_buf_putc(rd_buf *b, char c);
void rd_buf_puts(rd_buf *b, const char *s);
/* Hands the NUL-terminated bytes to the caller (NULL on OOM) and empties b. */
char *rd_buf_take(rd_buf *b, size_t *len);
void rd_buf_free(rd_buf *b);
/* A malloc'd NUL-terminated copy of n bytes; NULL on OOM. */
char *rd_memdup(const void *data, size_t n);
/* malloc/realloc as the decoder uses them: they honour rd_test_fail_allocations_after. */
void *rd_malloc(size_t n);
void *rd_realloc(void *p, size_t n);

/* ---- prepass.c: the string-aware rewrite before jansson (see the header);
 * rd_json_load (public) runs it and jansson ---- */
/* Keys as the pre-pass stored them in jansson (NUL -> 01 01, 01 -> 01 02). */
void rd_key_encode(const char *s, size_t len, rd_buf *out);
void rd_key_decode(const char *k, size_t len, rd_buf *out);
/* json_object_getn with the key encoded; NULL when absent or on OOM (*oom set). */
json_t *rd_object_get(json_t *obj, const char *key, size_t len, int *oom);

/* ---- coerce.c: org.json's lenient accessors (CONTRACT §2, §3) ---- */
int32_t rd_to_int(const json_t *v, int32_t fallback);
int64_t rd_to_long(const json_t *v, int64_t fallback);
int rd_to_bool(const json_t *v, int fallback);
/* Java's String.valueOf of the org.json value v (v present). */
void rd_java_text(const json_t *v, rd_buf *out);

/* ---- tzif.c: zone data, immutable once loaded, cached per process ---- */
typedef struct rd_zone rd_zone;
/* 1 and *out set: a known zone; 0: an unknown zone (no such TZif file, or not
 * one this reader supports); -1: could not tell (out of memory, too many open
 * files, an I/O error), not cached. */
int rd_zone_find(const char *name, const rd_zone **out);
int32_t rd_zone_offset(const rd_zone *z, int64_t t);
int rd_zone_is_dst(const rd_zone *z, int64_t t);
int rd_zone_next_transition(const rd_zone *z, int64_t t, int64_t *next);
int32_t rd_zone_max_abs_offset(const rd_zone *z);

/* ---- reader.c: what rd_decode and the revision questions (revisions.c) share ---- */
typedef struct rd_ctx {
    rd_view *v;     /* rows and error land here */
    int oom;
} rd_ctx;

typedef struct rd_pending_index {
    const rd_pending *items;
    size_t count;
    const rd_pending **order;  /* sorted by (id, position); NULL for short lists */
} rd_pending_index;

/* Revision 2's inputs to a row read (NULL: revision 1, no doneOn, every row kept). */
typedef struct rd_rev2 {
    const rd_pending_time *times;
    size_t time_count;
    int64_t now_ms;
    int project_rows;   /* the rows are a selected project's: the grace applies */
} rd_rev2;

/* The blob parsed once (rd_document_load): what every question reads. Not changed after
 * the load, so any number of questions may read it at once. */
struct rd_document {
    int status;     /* 1: an object with v == 1; 0: an object of another version (an empty
                     * answer to every question); -1: not JSON or not an object */
    json_t *root;   /* status 1: the top-level object (owned); else NULL */
    char *error;    /* status -1: why (the reason rd_decode gives), NUL-terminated; else NULL */
};

int rd_pending_index_init(rd_pending_index *pi, const rd_pending *items, size_t count);
/* 0: not queued, 1: target false, 2: target true. */
int rd_pending_lookup(const rd_pending_index *pi, const char *id, size_t len);
void rd_set_error(rd_ctx *cx, const char *text);
void rd_free_rows(rd_view *v);
/* The blob parsed (raw NUL refused, pre-pass, jansson): its root of any kind, or NULL with
 * cx->v's error set (or cx->oom). The caller owns the root. */
json_t *rd_load_blob(rd_ctx *cx, const unsigned char *blob, size_t blob_len);
/* The rows of `tasks` (no rows unless an array) into cx->v; colours from root's
 * projectColors. 0 when the parse failed (error set) or on OOM. */
int rd_read_rows(rd_ctx *cx, json_t *root, json_t *tasks, const rd_pending_index *pi, const rd_rev2 *r2);
/* The document's verdict on the blob into cx->v as every question starts from it: a failed
 * load's reason (parse_ok 0), else parse_ok 1. The document's status. */
int rd_document_begin(rd_ctx *cx, const rd_document *d);
/* The stamp as rd_decode reads it into v (day_str, valid_until, stale, the header with
 * dayMs in time_zone): 1; 0 on OOM; -1 when the zone could not be read. */
int rd_document_stamp(const rd_document *d, int64_t now_ms, const char *time_zone, rd_view *v);

/* ---- view_json.c ---- */
/* A JSON string per CONTRACT §6; invalid UTF-8 is written as U+FFFD. */
/* The one JSON string escaper. org_json == 0: the canonical view line (minimal escapes,
 * invalid UTF-8 as U+FFFD); org_json != 0: org.json's JSONStringer (also \/, bytes as given). */
void rd_json_string(rd_buf *b, const char *s, size_t len, int org_json);

#endif
