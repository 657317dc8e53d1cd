/* The canonical view line of CONTRACT §6: fixed key order, no spaces,
 * minimal string escapes, decimal int64. */
#include "rd_internal.h"

#include <stdio.h>
#include <string.h>

/* Length of the valid UTF-8 sequence at s (RFC 3629), or 0. */
static size_t utf8_seq(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    if (c < 0x80)
        return 1;
    size_t len;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;     /* no UTF-16 surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;     /* nothing above U+10FFFF */
    } else {
        return 0;
    }
    if (n < len || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t k = 2; k < len; k++)
        if (s[k] < 0x80 || s[k] > 0xBF)
            return 0;
    return len;
}

void rd_json_string(rd_buf *b, const char *str, size_t len, int org_json)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *s = (const unsigned char *)str;
    rd_buf_putc(b, '"');
    size_t i = 0;
    while (i < len) {
        unsigned char c = s[i];
        if (c >= 0x20 && c != '"' && c != '\\' && !(org_json && c == '/')) {
            size_t n = org_json ? 1 : utf8_seq(s + i, len - i);
            if (n == 0) {
                rd_buf_put(b, "\xEF\xBF\xBD", 3);   /* U+FFFD */
                i++;
            } else {
                rd_buf_put(b, s + i, n);
                i += n;
            }
            continue;
        }
        switch (c) {
        case '"': rd_buf_puts(b, "\\\""); break;
        case '\\': rd_buf_puts(b, "\\\\"); break;
        case '/': rd_buf_puts(b, "\\/"); break;
        case '\b': rd_buf_puts(b, "\\b"); break;
        case '\t': rd_buf_puts(b, "\\t"); break;
        case '\n': rd_buf_puts(b, "\\n"); break;
        case '\f': rd_buf_puts(b, "\\f"); break;
        case '\r': rd_buf_puts(b, "\\r"); break;
        default: {
            char u[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            rd_buf_put(b, u, 6);
        }
        }
        i++;
    }
    rd_buf_putc(b, '"');
}

static void put_i64(rd_buf *b, int64_t v)
{
    char buf[24];
    int n = snprintf(buf, sizeof buf, "%lld", (long long)v);
    rd_buf_put(b, buf, (size_t)n);
}

static void put_opt_string(rd_buf *b, const char *s, size_t len)
{
    if (s)
        rd_json_string(b, s, len, 0);
    else
        rd_buf_puts(b, "null");
}

char *rd_view_to_json(const rd_view *v, const char *id, size_t id_len, size_t *out_len)
{
    rd_buf b = {0};
    rd_buf_puts(&b, "{\"id\":");
    rd_json_string(&b, id ? id : "", id ? id_len : 0, 0);
    rd_buf_puts(&b, ",\"parse\":");
    if (v->parse_ok) {
        rd_buf_puts(&b, "{\"tasks\":[");
        for (size_t i = 0; i < v->row_count; i++) {
            const rd_row *r = &v->rows[i];
            rd_buf_puts(&b, i ? ",{\"id\":" : "{\"id\":");
            rd_json_string(&b, r->id, r->id_len, 0);
            rd_buf_puts(&b, ",\"title\":");
            rd_json_string(&b, r->title, r->title_len, 0);
            rd_buf_puts(&b, r->is_done ? ",\"isDone\":true" : ",\"isDone\":false");
            rd_buf_puts(&b, ",\"projectColor\":");
            put_opt_string(&b, r->project_color, r->project_color_len);
            rd_buf_putc(&b, '}');
        }
        rd_buf_puts(&b, "]}");
    } else {
        const char *e = v->error ? v->error : "error";
        rd_buf_puts(&b, "{\"error\":");
        rd_json_string(&b, e, strlen(e), 0);
        rd_buf_putc(&b, '}');
    }
    rd_buf_puts(&b, ",\"meta\":{\"dayStr\":");
    put_opt_string(&b, v->day_str, v->day_str_len);
    rd_buf_puts(&b, ",\"validUntil\":");
    if (v->has_valid_until)
        put_i64(&b, v->valid_until);
    else
        rd_buf_puts(&b, "null");
    rd_buf_puts(&b, v->stale ? "},\"stale\":true" : "},\"stale\":false");
    if (!v->header_outdated) {
        rd_buf_puts(&b, ",\"header\":{\"kind\":\"today\"}}");
    } else {
        rd_buf_puts(&b, ",\"header\":{\"kind\":\"outdated\",\"dayMs\":");
        if (v->has_day_ms)
            put_i64(&b, v->day_ms);
        else
            rd_buf_puts(&b, "null");
        rd_buf_puts(&b, "}}");
    }
    return rd_buf_take(&b, out_len);
}
