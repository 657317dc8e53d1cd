/* A growable byte buffer with a sticky out-of-memory flag, and the decoder's
 * allocation functions (with the fault-injection test hook). */
#include "rd_internal.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* Allocations left before they fail; negative: never (the normal case). */
static _Atomic long allocations_left = -1;

void rd_test_fail_allocations_after(long n)
{
    atomic_store(&allocations_left, n < 0 ? -1 : n);
}

static int allocation_fails(void)
{
    long left = atomic_load(&allocations_left);
    while (left >= 0) {
        if (left == 0)
            return 1;
        if (atomic_compare_exchange_weak(&allocations_left, &left, left - 1))
            return 0;
    }
    return 0;
}

void *rd_malloc(size_t n)
{
    return allocation_fails() ? NULL : malloc(n);
}

void *rd_realloc(void *p, size_t n)
{
    return allocation_fails() ? NULL : realloc(p, n);
}

static int reserve(rd_buf *b, size_t extra)
{
    if (b->oom)
        return 0;
    if (b->cap - b->len > extra)        /* cap >= len always */
        return 1;
    if (extra > SIZE_MAX / 2 - b->len) {
        b->oom = 1;
        return 0;
    }
    size_t need = b->len + extra + 1;   /* room for a terminator */
    size_t cap = b->cap ? b->cap : 64;
    while (cap < need)
        cap *= 2;
    char *p = rd_realloc(b->p, cap);
    if (!p) {
        b->oom = 1;
        return 0;
    }
    b->p = p;
    b->cap = cap;
    return 1;
}

void rd_buf_put(rd_buf *b, const void *data, size_t n)
{
    if (n == 0 || !reserve(b, n))
        return;
    memcpy(b->p + b->len, data, n);
    b->len += n;
}

void rd_buf_putc(rd_buf *b, char c)
{
    if (!reserve(b, 1))
        return;
    b->p[b->len++] = c;
}

void rd_buf_puts(rd_buf *b, const char *s)
{
    rd_buf_put(b, s, strlen(s));
}

char *rd_buf_take(rd_buf *b, size_t *len)
{
    if (!b->oom && !b->p)
        reserve(b, 0);
    if (b->oom) {
        rd_buf_free(b);
        if (len)
            *len = 0;
        return NULL;
    }
    b->p[b->len] = '\0';
    char *p = b->p;
    if (len)
        *len = b->len;
    b->p = NULL;
    b->len = b->cap = 0;
    return p;
}

void rd_buf_free(rd_buf *b)
{
    free(b->p);
    b->p = NULL;
    b->len = b->cap = 0;
    b->oom = 0;
}

char *rd_memdup(const void *data, size_t n)
{
    if (n == SIZE_MAX)
        return NULL;
    char *p = rd_malloc(n + 1);
    if (!p)
        return NULL;
    if (n)
        memcpy(p, data, n);
    p[n] = '\0';
    return p;
}
