/* org.json's lenient accessors, as CONTRACT §2 and §3 state them:
 * toInt, toLong, toBoolean, javaText (Java's String.valueOf of an org.json
 * value: Double.toString, org.json's compact toString), and Java's
 * Double.parseDouble grammar. */
#include "rd_internal.h"

#include <locale.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- numeric conversions in the "C" locale, whatever the host set ---- */

static pthread_once_t c_locale_once = PTHREAD_ONCE_INIT;
static locale_t c_locale = (locale_t)0;

static void c_locale_init(void)
{
    c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0);
}

static locale_t enter_c_locale(void)
{
    pthread_once(&c_locale_once, c_locale_init);
    return c_locale ? uselocale(c_locale) : (locale_t)0;
}

static void leave_c_locale(locale_t previous)
{
    if (previous)
        uselocale(previous);
}

static double c_strtod(const char *s)
{
    locale_t old = enter_c_locale();
    double d = strtod(s, NULL);
    leave_c_locale(old);
    return d;
}

/* ---- Java's primitive narrowing ---- */

static int32_t java_d2i(double d)
{
    if (isnan(d))
        return 0;
    if (d >= 2147483647.0)
        return INT32_MAX;
    if (d <= -2147483648.0)
        return INT32_MIN;
    return (int32_t)d;            /* truncates toward zero */
}

static int64_t java_d2l(double d)
{
    if (isnan(d))
        return 0;
    if (d >= 9223372036854775807.0)   /* 2^63 */
        return INT64_MAX;
    if (d <= -9223372036854775808.0)
        return INT64_MIN;
    return (int64_t)d;
}

/* Long.intValue(): the low 32 bits, as two's complement. */
static int32_t java_l2i(int64_t l)
{
    uint32_t u = (uint32_t)(uint64_t)l;
    return u <= INT32_MAX ? (int32_t)u : (int32_t)(u - 2147483648u) + INT32_MIN;
}

/* ---- Double.parseDouble (CONTRACT §3) ---- */

static int is_digit(char c) { return c >= '0' && c <= '9'; }

static int is_hex(char c)
{
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static int is_suffix(char c)
{
    return c == 'f' || c == 'F' || c == 'd' || c == 'D';
}

/* Java's Double.parseDouble grammar (CONTRACT §3): 1 and *out set when the
 * NUL-terminated text s (len bytes) is a number, 0 when Java would throw
 * NumberFormatException. Allocates nothing, so it cannot fail otherwise. */
static int rd_java_parse_double(const char *s, size_t len, double *out)
{
    size_t a = 0, b = len;
    while (a < b && (unsigned char)s[a] <= 0x20)    /* String.trim() */
        a++;
    while (b > a && (unsigned char)s[b - 1] <= 0x20)
        b--;
    if (a == b)
        return 0;

    size_t i = a;
    int neg = 0;
    if (s[i] == '-' || s[i] == '+') {
        neg = s[i] == '-';
        i++;
    }
    if (b - i == 3 && memcmp(s + i, "NaN", 3) == 0) {
        *out = NAN;
        return 1;
    }
    if (b - i == 8 && memcmp(s + i, "Infinity", 8) == 0) {
        *out = neg ? -INFINITY : INFINITY;
        return 1;
    }

    int hex = b - i >= 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X');
    size_t start = i;
    if (hex)
        i += 2;
    size_t digits = 0;
    while (i < b && (hex ? is_hex(s[i]) : is_digit(s[i]))) {
        i++;
        digits++;
    }
    if (i < b && s[i] == '.') {
        i++;
        while (i < b && (hex ? is_hex(s[i]) : is_digit(s[i]))) {
            i++;
            digits++;
        }
    }
    if (digits == 0)
        return 0;
    int has_exp = i < b && (hex ? (s[i] == 'p' || s[i] == 'P') : (s[i] == 'e' || s[i] == 'E'));
    if (hex && !has_exp)
        return 0;                  /* a hex float needs its binary exponent */
    if (has_exp) {
        i++;
        if (i < b && (s[i] == '+' || s[i] == '-'))
            i++;
        size_t exp_digits = 0;
        while (i < b && is_digit(s[i])) {
            i++;
            exp_digits++;
        }
        if (exp_digits == 0)
            return 0;
    }
    if (i < b && is_suffix(s[i]))
        i++;
    if (i != b)
        return 0;

    /* The number's text, from `start` up to an optional type suffix, is now
     * within what strtod reads the same way (decimal, or C99 hex float), and
     * what follows it (the suffix, whitespace, the terminating NUL) cannot
     * continue a number, so strtod stops exactly there: no copy, no allocation. */
    double d = c_strtod(s + start);
    *out = neg ? -d : d;
    return 1;
}

/* ---- Double.toString (JDK 19+, CONTRACT §2) ---- */

/* x > 0 rounded to n significant digits: digits into dig, decimal exponent
 * (value = d.ddd × 10^e) into *e. */
static void round_to_digits(double x, int n, char dig[24], int *e)
{
    char buf[48];
    snprintf(buf, sizeof buf, "%.*e", n - 1, x);
    int k = 0;
    for (const char *p = buf; *p && *p != 'e'; p++)
        if (is_digit(*p))
            dig[k++] = *p;
    const char *ep = strchr(buf, 'e');
    *e = ep ? atoi(ep + 1) : 0;
}

static double digits_value(const char *dig, int n, int e)
{
    char buf[48];
    int k = 0;
    buf[k++] = dig[0];
    buf[k++] = '.';
    for (int i = 1; i < n; i++)
        buf[k++] = dig[i];
    snprintf(buf + k, sizeof buf - (size_t)k, "e%d", e);
    return c_strtod(buf);
}

/* dig ± one unit in the last of n places. */
static void step_digits(char *dig, int n, int *e, int up)
{
    int k = n - 1;
    if (up) {
        while (k >= 0 && dig[k] == '9')
            dig[k--] = '0';
        if (k < 0) {               /* 9.99 -> 1.00 × 10^(e+1) */
            dig[0] = '1';
            (*e)++;
        } else {
            dig[k]++;
        }
    } else {
        while (k >= 0 && dig[k] == '0')
            dig[k--] = '9';
        dig[k]--;                  /* dig[0] is never '0', so k >= 0 */
        if (dig[0] == '0') {       /* 1.00 -> 9.99 × 10^(e-1) */
            memset(dig, '9', (size_t)n);
            (*e)--;
        }
    }
}

/* The decimal of length n closest to x among those that read back as x;
 * 0 when there is none of that length. */
static int best_of_length(double x, int n, char dig[24], int *e)
{
    round_to_digits(x, n, dig, e);
    double y = digits_value(dig, n, *e);
    if (y == x)
        return 1;                  /* the nearest one reads back */
    step_digits(dig, n, e, y < x); /* else only its neighbour on x's other side can */
    return digits_value(dig, n, *e) == x;
}

/* Shortest digits that read back as x (> 0, finite); when that is one digit,
 * the closest among one- and two-digit ones (Java's rule). */
static int shortest_digits(double x, char dig[24], int *e)
{
    locale_t old = enter_c_locale();
    int n = 1;
    while (n < 17 && !best_of_length(x, n, dig, e))
        n++;
    if (n == 17)
        best_of_length(x, 17, dig, e);
    if (n == 1) {
        char dig2[24];
        int e2;
        if (best_of_length(x, 2, dig2, &e2)) {
            memcpy(dig, dig2, 2);
            *e = e2;
            n = 2;
        }
    }
    leave_c_locale(old);
    while (n > 1 && dig[n - 1] == '0')
        n--;
    return n;
}

/* Java's Double.toString(d) (JDK 19+ shortest form, CONTRACT §2) into buf;
 * returns the length (at most 31; buf needs 32 bytes). */
static size_t rd_java_double_to_string(double d, char buf[32])
{
    if (isnan(d)) {
        strcpy(buf, "NaN");
        return 3;
    }
    if (isinf(d)) {
        strcpy(buf, d < 0 ? "-Infinity" : "Infinity");
        return strlen(buf);
    }
    if (d == 0) {
        strcpy(buf, signbit(d) ? "-0.0" : "0.0");
        return strlen(buf);
    }
    size_t k = 0;
    if (d < 0)
        buf[k++] = '-';
    double x = fabs(d);
    char dig[24];
    int e;
    int n = shortest_digits(x, dig, &e);
    if (x >= 1e-3 && x < 1e7) {
        if (e >= 0) {
            for (int i = 0; i <= e; i++)
                buf[k++] = i < n ? dig[i] : '0';
            buf[k++] = '.';
            if (e + 1 < n)
                for (int i = e + 1; i < n; i++)
                    buf[k++] = dig[i];
            else
                buf[k++] = '0';
        } else {
            buf[k++] = '0';
            buf[k++] = '.';
            for (int i = 0; i < -e - 1; i++)
                buf[k++] = '0';
            for (int i = 0; i < n; i++)
                buf[k++] = dig[i];
        }
        buf[k] = '\0';
    } else {
        buf[k++] = dig[0];
        buf[k++] = '.';
        if (n > 1)
            for (int i = 1; i < n; i++)
                buf[k++] = dig[i];
        else
            buf[k++] = '0';
        k += (size_t)snprintf(buf + k, 32 - k, "E%d", e);
    }
    return k;
}

/* ---- org.json's compact toString ---- */

static void put_int64(rd_buf *out, int64_t v)
{
    char buf[24];
    int n = snprintf(buf, sizeof buf, "%lld", (long long)v);
    rd_buf_put(out, buf, (size_t)n);
}

static void put_java_double(rd_buf *out, double d)
{
    char buf[32];
    size_t n = rd_java_double_to_string(d, buf);
    rd_buf_put(out, buf, n);
}

/* JSONObject.numberToString for a Double. */
static void number_to_string(rd_buf *out, double d)
{
    if (d == 0 && signbit(d)) {
        rd_buf_puts(out, "-0");
        return;
    }
    int64_t l = java_d2l(d);
    if ((double)l == d)
        put_int64(out, l);
    else
        put_java_double(out, d);
}

static void compact(const json_t *v, rd_buf *out)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: {
        rd_buf_putc(out, '{');
        int first = 1;
        for (void *it = json_object_iter((json_t *)v); it; it = json_object_iter_next((json_t *)v, it)) {
            if (!first)
                rd_buf_putc(out, ',');
            first = 0;
            rd_buf key = {0};
            rd_key_decode(json_object_iter_key(it), json_object_iter_key_len(it), &key);
            if (key.oom)
                out->oom = 1;
            rd_json_string(out, key.p ? key.p : "", key.len, 1);
            rd_buf_free(&key);
            rd_buf_putc(out, ':');
            compact(json_object_iter_value(it), out);
        }
        rd_buf_putc(out, '}');
        break;
    }
    case JSON_ARRAY: {
        rd_buf_putc(out, '[');
        for (size_t i = 0; i < json_array_size(v); i++) {
            if (i)
                rd_buf_putc(out, ',');
            compact(json_array_get(v, i), out);
        }
        rd_buf_putc(out, ']');
        break;
    }
    case JSON_STRING:
        rd_json_string(out, json_string_value(v), json_string_length(v), 1);
        break;
    case JSON_INTEGER:
        put_int64(out, json_integer_value(v));
        break;
    case JSON_REAL:
        number_to_string(out, json_real_value(v));
        break;
    case JSON_TRUE:
        rd_buf_puts(out, "true");
        break;
    case JSON_FALSE:
        rd_buf_puts(out, "false");
        break;
    case JSON_NULL:
        rd_buf_puts(out, "null");
        break;
    }
}

/* ---- the accessors ---- */

void rd_java_text(const json_t *v, rd_buf *out)
{
    switch (json_typeof(v)) {
    case JSON_STRING:
        rd_buf_put(out, json_string_value(v), json_string_length(v));
        break;
    case JSON_INTEGER:
        put_int64(out, json_integer_value(v));
        break;
    case JSON_REAL:
        put_java_double(out, json_real_value(v));
        break;
    default:                       /* objects, arrays, true, false, null */
        compact(v, out);
        break;
    }
}

int32_t rd_to_int(const json_t *v, int32_t fallback)
{
    double d;
    if (!v)
        return fallback;
    switch (json_typeof(v)) {
    case JSON_INTEGER:
        return java_l2i(json_integer_value(v));
    case JSON_REAL:
        return java_d2i(json_real_value(v));
    case JSON_STRING:
        if (rd_java_parse_double(json_string_value(v), json_string_length(v), &d))
            return java_d2i(d);
        return fallback;
    default:
        return fallback;
    }
}

int64_t rd_to_long(const json_t *v, int64_t fallback)
{
    double d;
    if (!v)
        return fallback;
    switch (json_typeof(v)) {
    case JSON_INTEGER:
        return json_integer_value(v);
    case JSON_REAL:
        return java_d2l(json_real_value(v));
    case JSON_STRING:
        if (rd_java_parse_double(json_string_value(v), json_string_length(v), &d))
            return java_d2l(d);
        return fallback;
    default:
        return fallback;
    }
}

static int ascii_case_equal(const char *s, size_t len, const char *word)
{
    size_t n = strlen(word);
    if (len != n)
        return 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != word[i])
            return 0;
    }
    return 1;
}

int rd_to_bool(const json_t *v, int fallback)
{
    if (!v)
        return fallback;
    switch (json_typeof(v)) {
    case JSON_TRUE:
        return 1;
    case JSON_FALSE:
        return 0;
    case JSON_STRING:
        if (ascii_case_equal(json_string_value(v), json_string_length(v), "true"))
            return 1;
        if (ascii_case_equal(json_string_value(v), json_string_length(v), "false"))
            return 0;
        return fallback;
    default:
        return fallback;
    }
}
