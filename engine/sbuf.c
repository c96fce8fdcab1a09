/* sbuf.c - growing text buffer; see sbuf.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sbuf.h"

void
sb_init(struct sbuf *b)
{
	b->s = NULL;
	b->len = b->cap = 0;
	b->oom = 0;
}

void
sb_free(struct sbuf *b)
{
	free(b->s);
	sb_init(b);
}

void
sb_reset(struct sbuf *b)
{
	b->len = 0;
	if (b->s != NULL)
		b->s[0] = '\0';
}

/* Make room for n more bytes plus the terminating NUL. */
static int
sb_grow(struct sbuf *b, size_t n)
{
	size_t want, cap;
	char *p;

	if (b->oom)
		return -1;
	if (n > (size_t)-1 / 2 - b->len) {
		b->oom = 1;
		return -1;
	}
	want = b->len + n + 1;
	if (want <= b->cap)
		return 0;
	cap = b->cap ? b->cap : 64;
	while (cap < want)
		cap *= 2;
	p = realloc(b->s, cap);
	if (p == NULL) {
		b->oom = 1;
		return -1;
	}
	b->s = p;
	b->cap = cap;
	return 0;
}

void
sb_putn(struct sbuf *b, const char *s, size_t n)
{
	if (sb_grow(b, n) != 0)
		return;
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void
sb_puts(struct sbuf *b, const char *s)
{
	sb_putn(b, s, strlen(s));
}

void
sb_putc(struct sbuf *b, char c)
{
	sb_putn(b, &c, 1);
}

void
sb_repeat(struct sbuf *b, char c, size_t n)
{
	if (sb_grow(b, n) != 0)
		return;
	memset(b->s + b->len, c, n);
	b->len += n;
	b->s[b->len] = '\0';
}

/*
 * Formatted straight into the room left when it fits, as most appends do
 * (formatting is the costly part, so it is done once, not measured first);
 * else again into room made for it.
 */
void
sb_vprintf(struct sbuf *b, const char *fmt, va_list ap)
{
	va_list aq;
	size_t room;
	int n;

	if (b->oom || (b->cap - b->len < 64 && sb_grow(b, 64) != 0))
		return;
	room = b->cap - b->len;
	va_copy(aq, ap);
	n = vsnprintf(b->s + b->len, room, fmt, aq);
	va_end(aq);
	if (n >= 0 && (size_t)n < room) {
		b->len += (size_t)n;
		return;
	}
	b->s[b->len] = '\0';
	if (n < 0 || sb_grow(b, (size_t)n) != 0)
		return;
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void
sb_printf(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sb_vprintf(b, fmt, ap);
	va_end(ap);
}

const char *
sb_str(const struct sbuf *b)
{
	return b->s != NULL ? b->s : "";
}

char *
sb_take(struct sbuf *b)
{
	char *s = b->s;

	if (s == NULL)
		s = calloc(1, 1);
	sb_init(b);
	return s;
}

void
str_addf(char *buf, size_t len, const char *fmt, ...)
{
	size_t k = strlen(buf);
	va_list ap;

	if (k + 1 >= len)
		return;
	va_start(ap, fmt);
	(void)vsnprintf(buf + k, len - k, fmt, ap);
	va_end(ap);
}
