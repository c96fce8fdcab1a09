/* notation.c - submission splitting shared by the engines; see notation.h. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "notation.h"

void
cmd_free(struct cmdlist *l)
{
	int i;

	for (i = 0; i < l->n; i++)
		free(l->cmd[i]);
	free(l->cmd);
	l->cmd = NULL;
	l->n = 0;
}

/* Normalize buf[0..len) and append it to the list unless it is empty. */
static int
cmd_push(struct cmdlist *l, const char *buf, size_t len)
{
	char tmp[CMD_MAX_LEN + 1], **cmds;
	size_t i, o = 0;
	int space = 0;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)buf[i];

		if (isspace(c)) {
			space = o > 0;
			continue;
		}
		if (space) {
			if (o >= CMD_MAX_LEN)
				return -1;
			tmp[o++] = ' ';
			space = 0;
		}
		if (o >= CMD_MAX_LEN)
			return -1;
		tmp[o++] = (char)c;
	}
	if (o == 0)
		return 0;
	tmp[o] = '\0';
	/* Capacity doubles at each power of two: appends stay linear in all. */
	if ((l->n & (l->n - 1)) == 0) {
		cmds = realloc(l->cmd, sizeof(*cmds) * (size_t)(l->n > 0 ? 2 * l->n : 1));
		if (cmds == NULL)
			return -1;
		l->cmd = cmds;
	}
	if ((l->cmd[l->n] = strdup(tmp)) == NULL)
		return -1;
	l->n++;
	return 0;
}

int
cmd_split(const char *text, const char *seps, struct cmdlist *out)
{
	const char *p = text, *start = text;
	int comment = 0;

	out->n = 0;
	out->cmd = NULL;
	for (;; p++) {
		int end = *p == '\0' || *p == '\n' || *p == '\r' ||
		    (!comment && *p != '\0' && strchr(seps, *p) != NULL);

		if (!comment && *p == '#') {
			if (cmd_push(out, start, (size_t)(p - start)) != 0)
				goto fail;
			comment = 1;
			continue;
		}
		if (end) {
			if (!comment && cmd_push(out, start, (size_t)(p - start)) != 0)
				goto fail;
			if (*p == '\n' || *p == '\r')
				comment = 0;
			if (*p == '\0')
				break;
			start = p + 1;
		}
	}
	return 0;
fail:
	cmd_free(out);
	return -1;
}

int
cmd_words(char *cmd, char *words[], int max)
{
	int n = 0;
	char *p = cmd;

	while (*p != '\0') {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		if (n == max)
			return max + 1;	/* too many words */
		words[n++] = p;
		while (*p != '\0' && *p != ' ') {
			*p = (char)tolower((unsigned char)*p);
			p++;
		}
		if (*p == ' ')
			*p++ = '\0';
	}
	return n;
}

int
word_eq(const char *a, const char *b)
{
	while (*a != '\0' && *b != '\0') {
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return 0;
		a++;
		b++;
	}
	return *a == *b;
}

int
line_starts_with_verb(const char *line, const char *const *verbs)
{
	const char *w, *e;
	size_t n;

	for (w = line; *w == ' ' || *w == '\t'; w++)
		;
	for (e = w; *e != '\0' && *e != ' ' && *e != '\t' && *e != ';' && *e != '\r' &&
	    *e != '\n'; e++)
		;
	n = (size_t)(e - w);
	for (; n > 0 && *verbs != NULL; verbs++)
		if (strlen(*verbs) == n && strncasecmp(w, *verbs, n) == 0)
			return 1;
	return 0;
}

void
utf8_trim_partial(char *s)
{
	size_t n = strlen(s), start = n, need;
	unsigned char c;

	/* Back to the lead byte of the last sequence (at most 3 continuation bytes). */
	while (start > 0 && n - start < 4 && ((unsigned char)s[start - 1] & 0xc0) == 0x80)
		start--;
	if (start == 0)
		return;
	c = (unsigned char)s[start - 1];
	if (c < 0x80)
		return;
	need = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
	if (n - (start - 1) < need)
		s[start - 1] = '\0';
}

size_t
utf8_seq(const unsigned char *p, size_t n)
{
	size_t len, i;
	unsigned cp;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		len = 2;
		cp = p[0] & 0x1f;
	} else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		len = 3;
		cp = p[0] & 0x0f;
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		len = 4;
		cp = p[0] & 0x07;
	} else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (p[i] & 0x3f);
	}
	/* Overlong forms, surrogates and code points past U+10FFFF. */
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) || cp > 0x10ffff ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

int
utf8_valid(const char *s, size_t n)
{
	size_t i = 0, k;

	while (i < n) {
		/* ASCII, most of any text, a byte at a time without the call */
		if ((unsigned char)s[i] < 0x80) {
			i++;
			continue;
		}
		if ((k = utf8_seq((const unsigned char *)s + i, n - i)) == 0)
			return 0;
		i += k;
	}
	return 1;
}

int
utf8_encode(unsigned long cp, char out[4])
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xc0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp >= 0xd800 && cp <= 0xdfff)
		return 0;
	if (cp < 0x10000) {
		out[0] = (char)(0xe0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		out[2] = (char)(0x80 | (cp & 0x3f));
		return 3;
	}
	if (cp > 0x10ffff)
		return 0;
	out[0] = (char)(0xf0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
	out[3] = (char)(0x80 | (cp & 0x3f));
	return 4;
}
