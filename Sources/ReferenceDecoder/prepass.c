/* The pre-pass: one string-aware scan of the blob that rewrites, in a copy
 * made only when needed, the three places where jansson alone would differ
 * from CONTRACT §1 (reference_decoder.h explains each):
 *   (a) integer literal outside int64  -> the same digits + ".0"
 *   (b) lone escaped surrogate         -> \uFFFD
 *   (c) \u0000 / \u0001 inside a key   -> \u0001\u0001 / \u0001\u0002
 * Plus the key codec that undoes (c), and rd_json_load: the pre-pass, then jansson,
 * its error mapped back to the original text. */
#include "rd_internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct rd_edit {
    size_t out_end;   /* offset in the rewritten text just after the edit */
    size_t grown;     /* bytes the edit added */
} rd_edit;

typedef struct rd_prepared {
    const char *text; /* the input itself, or `owned` */
    size_t len;
    char *owned;
    rd_edit *edits;   /* only the edits that changed the length */
    size_t edit_count;
} rd_prepared;

typedef struct scan {
    const unsigned char *in;
    size_t len;
    size_t copied;        /* input bytes [0, copied) are already in out */
    rd_buf out;
    int rewrote;
    rd_edit *edits;
    size_t edit_count, edit_cap;
    int oom;
} scan;

/* Replaces input bytes [from, to) with rep[0..rep_len). */
static void rewrite(scan *s, size_t from, size_t to, const char *rep, size_t rep_len)
{
    rd_buf_put(&s->out, s->in + s->copied, from - s->copied);
    rd_buf_put(&s->out, rep, rep_len);
    s->copied = to;
    s->rewrote = 1;
    if (rep_len > to - from && !s->out.oom) {
        if (s->edit_count == s->edit_cap) {
            size_t cap = s->edit_cap ? s->edit_cap * 2 : 16;
            rd_edit *e = rd_realloc(s->edits, cap * sizeof *e);
            if (!e) {
                s->oom = 1;
                return;
            }
            s->edits = e;
            s->edit_cap = cap;
        }
        s->edits[s->edit_count].out_end = s->out.len;
        s->edits[s->edit_count].grown = rep_len - (to - from);
        s->edit_count++;
    }
}

static int hexval(unsigned char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* The code unit of a "\uXXXX" escape at i, or -1 when there is none. */
static long escape_at(const unsigned char *in, size_t len, size_t i)
{
    if (i + 6 > len || in[i] != '\\' || in[i + 1] != 'u')
        return -1;
    long v = 0;
    for (size_t k = 2; k < 6; k++) {
        int h = hexval(in[i + k]);
        if (h < 0)
            return -1;
        v = v * 16 + h;
    }
    return v;
}

static int is_ws(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* A string starts at `open` (the quote). Returns the index just after its
 * closing quote (or len when unterminated); *escaped says whether a backslash
 * came before it. A backslash steps over the byte after it. The quote and the
 * backslashes are found with memchr: a 100 KB title is then a few thousand
 * instructions, not a few per byte. */
static size_t string_end(const unsigned char *in, size_t len, size_t open, int *escaped)
{
    size_t i = open + 1;
    const unsigned char *quote = NULL;   /* the first '"' at or after i, once known */
    *escaped = 0;
    while (i < len) {
        if (!quote || (size_t)(quote - in) < i) {
            quote = memchr(in + i, '"', len - i);
            if (!quote)
                quote = in + len;
        }
        size_t q = (size_t)(quote - in);
        const unsigned char *bs = memchr(in + i, '\\', q - i);
        if (!bs)
            return q < len ? q + 1 : len;
        *escaped = 1;
        i = (size_t)(bs - in) + 2;
    }
    return len;
}

static void scan_string(scan *s, size_t open, size_t end, int is_key)
{
    const unsigned char *in = s->in;
    size_t i = open + 1;
    while (i < end) {
        if (in[i] != '\\') {
            const unsigned char *bs = memchr(in + i, '\\', end - i);
            if (!bs)
                return;
            i = (size_t)(bs - in);
        }
        long v = escape_at(in, end, i);
        if (v < 0) {          /* another escape, or a bad one jansson rejects */
            i += 2;
            continue;
        }
        if (v >= 0xD800 && v <= 0xDBFF) {
            long lo = escape_at(in, end, i + 6);
            if (lo >= 0xDC00 && lo <= 0xDFFF) {
                i += 12;      /* a proper pair */
                continue;
            }
            rewrite(s, i, i + 6, "\\uFFFD", 6);
        } else if (v >= 0xDC00 && v <= 0xDFFF) {
            rewrite(s, i, i + 6, "\\uFFFD", 6);
        } else if (is_key && v == 0) {
            rewrite(s, i, i + 6, "\\u0001\\u0001", 12);
        } else if (is_key && v == 1) {
            rewrite(s, i, i + 6, "\\u0001\\u0002", 12);
        }
        i += 6;
    }
}

/* -?(0|[1-9][0-9]*) outside [INT64_MIN, INT64_MAX]? */
static int integer_outside_int64(const unsigned char *t, size_t n)
{
    size_t i = 0;
    int neg = 0;
    if (i < n && t[i] == '-') {
        neg = 1;
        i++;
    }
    if (i >= n)
        return 0;
    if (t[i] == '0')
        return 0;     /* "0" and "-0" fit; "01" is invalid, left to jansson */
    for (size_t k = i; k < n; k++)
        if (t[k] < '0' || t[k] > '9')
            return 0; /* has '.', 'e', a sign... not an integer literal */
    const char *lim = neg ? "9223372036854775808" : "9223372036854775807";
    size_t digits = n - i;
    if (digits != 19)
        return digits > 19;
    return memcmp(t + i, lim, 19) > 0;
}

static int number_byte(unsigned char c)
{
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

/* 0 on out-of-memory. */
static int rd_prepass(const unsigned char *in, size_t len, rd_prepared *out)
{
    memset(out, 0, sizeof *out);
    scan s;
    memset(&s, 0, sizeof s);
    s.in = in;
    s.len = len;

    size_t i = 0;
    while (i < len) {
        unsigned char c = in[i];
        if (c == '"') {
            int escaped;
            size_t end = string_end(in, len, i, &escaped);
            if (escaped) {             /* only an escape is ever rewritten in a string */
                size_t j = end;
                while (j < len && is_ws(in[j]))
                    j++;
                scan_string(&s, i, end, j < len && in[j] == ':');
            }
            i = end;
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            size_t j = i;
            while (j < len && number_byte(in[j]))
                j++;
            if (integer_outside_int64(in + i, j - i))
                rewrite(&s, j, j, ".0", 2);
            i = j;
        } else {
            i++;
        }
    }

    if (s.rewrote) {
        rd_buf_put(&s.out, in + s.copied, len - s.copied);
        size_t n;
        char *text = rd_buf_take(&s.out, &n);
        if (!text || s.oom) {
            free(text);
            free(s.edits);
            return 0;
        }
        out->owned = text;
        out->text = text;
        out->len = n;
        out->edits = s.edits;
        out->edit_count = s.edit_count;
    } else {
        out->text = (const char *)in;
        out->len = len;
    }
    return 1;
}

static void rd_prepared_free(rd_prepared *p)
{
    free(p->owned);
    free(p->edits);
    memset(p, 0, sizeof *p);
}

/* jansson's error position, line and column, mapped back to the original. */
static void rd_prepared_map_error(const rd_prepared *p, const json_error_t *e,
                                  int *line, int *column, size_t *position)
{
    size_t pos = e->position > 0 ? (size_t)e->position : 0;
    if (pos > p->len)
        pos = p->len;
    *line = e->line;
    *column = e->column;
    *position = pos;
    if (p->edit_count == 0)
        return;
    /* Edits never add or remove a newline and add only ASCII, so the line
     * stays and the column shrinks by the bytes added on the same line. */
    size_t line_start = pos;
    while (line_start > 0 && p->text[line_start - 1] != '\n')
        line_start--;
    size_t before = 0, same_line = 0;
    for (size_t k = 0; k < p->edit_count && p->edits[k].out_end <= pos; k++) {
        before += p->edits[k].grown;
        if (p->edits[k].out_end > line_start)   /* edits hold no newline */
            same_line += p->edits[k].grown;
    }
    *position = pos - before;
    if (*column >= 0 && (size_t)*column >= same_line)
        *column -= (int)same_line;
}

int rd_json_load(const char *text, size_t len, size_t flags, json_t **out, json_error_t *error)
{
    rd_prepared prep;
    if (!rd_prepass((const unsigned char *)text, text ? len : 0, &prep))
        return -1;
    *out = json_loadb(prep.text ? prep.text : "", prep.len, flags | JSON_ALLOW_NUL, error);
    int loaded = 1;
    if (!*out) {
        loaded = json_error_code(error) == json_error_out_of_memory ? -1 : 0;
        int line, column;
        size_t pos;
        rd_prepared_map_error(&prep, error, &line, &column, &pos);
        error->line = line;
        error->column = column;
        error->position = (int)pos;
    }
    rd_prepared_free(&prep);
    return loaded;
}

void rd_key_encode(const char *s, size_t len, rd_buf *out)
{
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '\0')
            rd_buf_put(out, "\x01\x01", 2);
        else if (s[i] == '\x01')
            rd_buf_put(out, "\x01\x02", 2);
        else
            rd_buf_putc(out, s[i]);
    }
}

void rd_key_decode(const char *k, size_t len, rd_buf *out)
{
    for (size_t i = 0; i < len; i++) {
        if (k[i] == '\x01' && i + 1 < len) {
            rd_buf_putc(out, k[i + 1] == '\x01' ? '\0' : '\x01');
            i++;
        } else {
            rd_buf_putc(out, k[i]);
        }
    }
}

json_t *rd_object_get(json_t *obj, const char *key, size_t len, int *oom)
{
    if (!memchr(key, '\0', len) && !memchr(key, '\x01', len))
        return json_object_getn(obj, key, len);
    rd_buf b = {0};
    rd_key_encode(key, len, &b);
    if (b.oom) {
        *oom = 1;
        rd_buf_free(&b);
        return NULL;
    }
    json_t *v = json_object_getn(obj, b.p, b.len);
    rd_buf_free(&b);
    return v;
}
