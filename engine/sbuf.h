/*
 * sbuf.h - a growing, always NUL-terminated text buffer.
 *
 * Allocation failure is sticky: the buffer records it in `oom` and further
 * appends do nothing, so callers check once at the end.
 */
#ifndef ARBITER_SBUF_H
#define ARBITER_SBUF_H

#include <stdarg.h>
#include <stddef.h>

struct sbuf {
	char *s;	/* NULL until the first append; sb_str() never returns NULL */
	size_t len;
	size_t cap;
	int oom;
};

#define SBUF_INIT { NULL, 0, 0, 0 }

void sb_init(struct sbuf *b);
void sb_free(struct sbuf *b);
void sb_reset(struct sbuf *b);
void sb_putc(struct sbuf *b, char c);
void sb_puts(struct sbuf *b, const char *s);
void sb_putn(struct sbuf *b, const char *s, size_t n);
void sb_printf(struct sbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void sb_vprintf(struct sbuf *b, const char *fmt, va_list ap);
void sb_repeat(struct sbuf *b, char c, size_t n);
const char *sb_str(const struct sbuf *b);
/* Hand the string to the caller (who frees it); the buffer is reset. */
char *sb_take(struct sbuf *b);

/* Append formatted text to a fixed buffer of len bytes (NUL-terminated),
   cutting quietly where it is full. */
void str_addf(char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
