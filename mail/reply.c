/*
 * reply.c - the typed part of a reply, credential and absence lines (see
 * reply.h).
 */
#include "reply.h"
#include "../engine/sbuf.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* One line of the input: start and length without the line end. */
struct line {
	const char *s;
	size_t len;
};

/* A text split into lines. */
struct lines {
	struct line *v;
	size_t n;
};

/* Write one line of error text. */
static void
set_err(char *err, size_t errlen, const char *what)
{
	if (err != NULL && errlen > 0)
		snprintf(err, errlen, "%s", what);
}

/* Split text at LF (dropping a CR before it). Returns 0 or -1 (memory). */
static int
split_lines(const char *text, struct lines *out)
{
	size_t count = 1;
	const char *p;
	size_t i = 0;

	for (p = text; *p != '\0'; p++)
		if (*p == '\n')
			count++;
	out->v = calloc(count, sizeof *out->v);
	out->n = 0;
	if (out->v == NULL)
		return -1;
	p = text;
	while (*p != '\0') {
		size_t len = strcspn(p, "\n");

		out->v[i].s = p;
		out->v[i].len = len > 0 && p[len - 1] == '\r' ? len - 1 : len;
		i++;
		p += len;
		if (*p == '\n')
			p++;
	}
	out->n = i;
	return 0;
}

/* Narrow a line to its content without surrounding white space. */
static struct line
trimmed(struct line l)
{
	while (l.len > 0 && isspace((unsigned char)l.s[0])) {
		l.s++;
		l.len--;
	}
	while (l.len > 0 && isspace((unsigned char)l.s[l.len - 1]))
		l.len--;
	return l;
}

/* True when the line holds only white space. */
static int
is_blank(struct line l)
{
	return trimmed(l).len == 0;
}

/* True when the line starts with prefix, case-insensitively. */
static int
starts_with(struct line l, const char *prefix)
{
	size_t n = strlen(prefix);

	return l.len >= n && strncasecmp(l.s, prefix, n) == 0;
}

/* True when the line ends with suffix, case-insensitively. */
static int
ends_with(struct line l, const char *suffix)
{
	size_t n = strlen(suffix);

	return l.len >= n && strncasecmp(l.s + l.len - n, suffix, n) == 0;
}

/* True when the line contains needle, case-insensitively. */
static int
contains(struct line l, const char *needle)
{
	size_t n = strlen(needle);
	size_t i;

	for (i = 0; i + n <= l.len; i++)
		if (strncasecmp(l.s + i, needle, n) == 0)
			return 1;
	return 0;
}

/* True when the first non-blank character of the line is '>'. */
static int
is_quoted(struct line l)
{
	l = trimmed(l);
	return l.len > 0 && l.s[0] == '>';
}

/* True for a signature separator: "-- " or "--". */
static int
is_signature(struct line l)
{
	return (l.len == 3 && memcmp(l.s, "-- ", 3) == 0) ||
	    (l.len == 2 && memcmp(l.s, "--", 2) == 0);
}

/* True when a (trimmed) line opens an attribution in a known language. */
static int
opens_attribution(struct line l)
{
	return starts_with(l, "On ") || starts_with(l, "Dne ") ||
	    starts_with(l, "Am ");
}

/* True when a (trimmed) line closes an attribution. */
static int
closes_attribution(struct line l)
{
	return ends_with(l, "wrote:") || ends_with(l, "napsal(a):") ||
	    ends_with(l, "napsal:") || ends_with(l, "napsala:") ||
	    (contains(l, "schrieb") && ends_with(l, ":"));
}

/* Number of lines (1 or 2) of an attribution starting at line i, or 0. */
static size_t
attribution_at(const struct lines *ls, size_t i)
{
	struct line a = trimmed(ls->v[i]);
	struct line b;

	if (!opens_attribution(a))
		return 0;
	if (closes_attribution(a))
		return 1;
	if (i + 1 >= ls->n || is_quoted(ls->v[i + 1]))
		return 0;
	b = trimmed(ls->v[i + 1]);
	if (b.len > 0 && closes_attribution(b))
		return 2;
	return 0;
}

/* True when line i starts Outlook's quoted history. */
static int
outlook_history_at(const struct lines *ls, size_t i)
{
	struct line l = trimmed(ls->v[i]);
	size_t j;

	if (starts_with(l, "-----") && (contains(l, "original message") ||
	    contains(l, "p\xc5\xafvodn\xc3\xad zpr\xc3\xa1va")))
		return 1;
	if (l.len >= 10 && strspn(l.s, "_") >= 10) {
		for (j = i + 1; j < ls->n && is_blank(ls->v[j]); j++)
			continue;
		return j < ls->n && (starts_with(trimmed(ls->v[j]), "From:") ||
		    starts_with(trimmed(ls->v[j]), "Od:"));
	}
	if (!starts_with(l, "From:") && !starts_with(l, "Od:"))
		return 0;
	for (j = i + 1; j < ls->n && j <= i + 3; j++) {
		struct line t = trimmed(ls->v[j]);

		if (starts_with(t, "Sent:") ||
		    starts_with(t, "Odesl\xc3\xa1no:") ||
		    starts_with(t, "Date:"))
			return 1;
	}
	return 0;
}

/* Index of the first non-blank line at or after i, or ls->n. */
static size_t
next_nonblank(const struct lines *ls, size_t i)
{
	while (i < ls->n && is_blank(ls->v[i]))
		i++;
	return i;
}

/* Mark in keep[] the lines that are the player's own text. */
static void
mark_typed(const struct lines *ls, char *keep)
{
	size_t i = 0;

	while (i < ls->n) {
		size_t attr = attribution_at(ls, i);

		if (attr > 0) {
			size_t j = next_nonblank(ls, i + attr);

			if (j < ls->n && is_quoted(ls->v[j])) {
				i += attr;
				continue;
			}
			return;
		}
		if (is_signature(ls->v[i]) || outlook_history_at(ls, i))
			return;
		keep[i] = !is_quoted(ls->v[i]);
		i++;
	}
}

/* Keep only the typed part of a reply; see reply.h. */
char *
inbound_strip_reply(const char *text)
{
	struct lines ls;
	struct sbuf out = SBUF_INIT;
	char *keep;
	size_t first;
	size_t last;
	size_t i;
	int prev_blank = 0;
	int dropped = 0;

	if (split_lines(text, &ls) != 0)
		return NULL;
	keep = calloc(ls.n + 1, 1);
	if (keep == NULL) {
		free(ls.v);
		return NULL;
	}
	mark_typed(&ls, keep);
	first = 0;
	while (first < ls.n && (!keep[first] || is_blank(ls.v[first])))
		first++;
	last = ls.n;
	while (last > first && (!keep[last - 1] || is_blank(ls.v[last - 1])))
		last--;
	for (i = first; i < last; i++) {
		if (!keep[i]) {
			dropped = 1;
			continue;
		}
		/* Blank lines that met because quoted lines between them
		 * were dropped count as one. */
		if (is_blank(ls.v[i]) && prev_blank && dropped)
			continue;
		prev_blank = is_blank(ls.v[i]);
		dropped = 0;
		sb_putn(&out, ls.v[i].s, ls.v[i].len);
		sb_putc(&out, '\n');
	}
	free(keep);
	free(ls.v);
	if (out.oom) {
		sb_free(&out);
		return NULL;
	}
	return sb_take(&out);
}

/* Consume a keyword at *l (any case), then an optional ':' and at least
 * one blank or the ':' itself. Returns 1 and advances, 0 otherwise. */
static int
eat_key(struct line *l, const char *key, int colon_required)
{
	size_t n = strlen(key);
	int colon = 0;

	if (!starts_with(*l, key))
		return 0;
	if (l->len > n && l->s[n] == ':')
		colon = 1;
	else if (colon_required || l->len == n ||
	    !isblank((unsigned char)l->s[n]))
		return 0;
	l->s += n + (size_t)colon;
	l->len -= n + (size_t)colon;
	*l = trimmed(*l);
	return 1;
}

/* Read one word (up to white space) from *l. */
static struct line
eat_word(struct line *l)
{
	struct line w = *l;
	size_t n = 0;

	while (n < l->len && !isspace((unsigned char)l->s[n]))
		n++;
	w.len = n;
	l->s += n;
	l->len -= n;
	*l = trimmed(*l);
	return w;
}

/* Parse a game number word ("42" or "#42"). */
static int
game_number(struct line w, long *game)
{
	long v = 0;
	size_t i = 0;

	if (w.len > 0 && w.s[0] == '#')
		i++;
	if (i == w.len || w.len - i > 9)
		return -1;
	for (; i < w.len; i++) {
		if (!isdigit((unsigned char)w.s[i]))
			return -1;
		v = v * 10 + (w.s[i] - '0');
	}
	if (v < 1)
		return -1;
	*game = v;
	return 0;
}

/* Store a password word; rejects empty, too long or non-printable. */
static int
password_word(struct line w, struct reply_credentials *cred)
{
	size_t i;

	if (w.len == 0 || w.len > REPLY_PASSWORD_MAX)
		return -1;
	for (i = 0; i < w.len; i++)
		if (!isgraph((unsigned char)w.s[i]))
			return -1;
	memcpy(cred->password, w.s, w.len);
	cred->password[w.len] = '\0';
	cred->has_password = 1;
	return 0;
}

/* Classify one line: 1 credential line (stored in cred), 0 not one, -1
 * credential form with a bad value. */
static int
credential_line(struct line l, struct reply_credentials *cred)
{
	struct line rest = trimmed(l);
	struct line w;

	if (eat_key(&rest, "password", 1))
		return password_word(eat_word(&rest), cred) == 0 &&
		    rest.len == 0 ? 1 : -1;
	if (!eat_key(&rest, "game", 0))
		return 0;
	w = eat_word(&rest);
	if (game_number(w, &cred->game) != 0) {
		/* "game" followed by words is not ours unless it had a colon */
		return trimmed(l).s[4] == ':' ? -1 : 0;
	}
	cred->has_game = 1;
	if (rest.len == 0)
		return 1;
	if (!eat_key(&rest, "password", 0))
		return -1;
	return password_word(eat_word(&rest), cred) == 0 && rest.len == 0 ?
	    1 : -1;
}

/* Rewrite text without the lines flagged in drop[]. */
static void
remove_lines(char *text, const struct lines *ls, const char *drop)
{
	struct sbuf out = SBUF_INIT;
	size_t textlen = strlen(text);
	int ends_nl = textlen > 0 && text[textlen - 1] == '\n';
	size_t i;

	for (i = 0; i < ls->n; i++) {
		if (drop[i])
			continue;
		sb_putn(&out, ls->v[i].s, ls->v[i].len);
		if (i + 1 < ls->n || ends_nl)
			sb_putc(&out, '\n');
	}
	if (!out.oom && out.len <= textlen)
		memcpy(text, sb_str(&out), out.len + 1);
	sb_free(&out);
}

/* Find and remove credential lines; see reply.h. */
int
reply_take_credentials(char *text, struct reply_credentials *cred,
    char *err, size_t errlen)
{
	struct reply_credentials found;
	struct lines ls;
	char *drop;
	size_t i;
	int rc = 0;

	memset(cred, 0, sizeof *cred);
	memset(&found, 0, sizeof found);
	if (split_lines(text, &ls) != 0)
		return -1;
	drop = calloc(ls.n + 1, 1);
	if (drop == NULL) {
		free(ls.v);
		set_err(err, errlen, "credentials: out of memory");
		return -1;
	}
	for (i = 0; i < ls.n && rc == 0; i++) {
		int c = credential_line(ls.v[i], &found);

		if (c < 0) {
			set_err(err, errlen, "credentials: write \"game: "
			    "NUMBER\" and \"password: WORD\" each on a line of "
			    "its own (a password is one word without spaces)");
			rc = -1;
		}
		drop[i] = c > 0;
	}
	if (rc == 0) {
		remove_lines(text, &ls, drop);
		*cred = found;
	}
	free(drop);
	free(ls.v);
	return rc;
}

/* True for a Gregorian leap year. */
static int
is_leap(int y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

/* Read exactly n digits from s into *v. */
static int
read_digits(const char *s, size_t n, int *v)
{
	size_t i;

	*v = 0;
	for (i = 0; i < n; i++) {
		if (!isdigit((unsigned char)s[i]))
			return -1;
		*v = *v * 10 + (s[i] - '0');
	}
	return 0;
}

/* Parse an away line; see reply.h. */
int
reply_parse_away(const char *line, size_t len, int *year, int *month,
    int *day)
{
	static const int mdays[12] = {
		31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31
	};
	struct line l = { line, len };
	int y, m, d;

	l = trimmed(l);
	if (l.len == 4 && strncasecmp(l.s, "back", 4) == 0)
		return 2;
	if (!eat_key(&l, "away", 0) || !eat_key(&l, "until", 0))
		return 0;
	if (l.len != 10 || l.s[4] != '-' || l.s[7] != '-' ||
	    read_digits(l.s, 4, &y) != 0 || read_digits(l.s + 5, 2, &m) != 0 ||
	    read_digits(l.s + 8, 2, &d) != 0)
		return -1;
	if (y < 1970 || m < 1 || m > 12 || d < 1 ||
	    d > mdays[m - 1] + (m == 2 && is_leap(y)))
		return -1;
	*year = y;
	*month = m;
	*day = d;
	return 1;
}

/* Find and remove one away line; see reply.h. */
int
reply_take_away(char *text, int *year, int *month, int *day, char *err,
    size_t errlen)
{
	struct lines ls;
	char *drop;
	size_t i;
	int rc = 0;

	if (split_lines(text, &ls) != 0)
		return -1;
	drop = calloc(ls.n + 1, 1);
	if (drop == NULL) {
		free(ls.v);
		set_err(err, errlen, "away: out of memory");
		return -1;
	}
	for (i = 0; i < ls.n && rc == 0; i++) {
		rc = reply_parse_away(ls.v[i].s, ls.v[i].len, year, month, day);
		if (rc < 0)
			set_err(err, errlen, "away: write \"away until "
			    "YYYY-MM-DD\" with a real date, e.g. away until "
			    "2026-12-24");
		drop[i] = rc > 0;
	}
	if (rc == 2)
		*year = *month = *day = 0;
	if (rc > 0)
		remove_lines(text, &ls, drop);
	free(drop);
	free(ls.v);
	return rc;
}

/* Find and remove the "say TEXT" lines; see reply.h. */
int
reply_take_say(char *text, char *said, size_t len, char *err, size_t errlen)
{
	struct lines ls;
	char *drop;
	size_t i, n = 0;
	int count = 0, rc = 0;

	said[0] = '\0';
	if (split_lines(text, &ls) != 0)
		return -1;
	drop = calloc(ls.n + 1, 1);
	if (drop == NULL) {
		free(ls.v);
		set_err(err, errlen, "say: out of memory");
		return -1;
	}
	for (i = 0; i < ls.n && rc == 0; i++) {
		struct line l = trimmed(ls.v[i]);

		if (!eat_key(&l, "say", 0) || l.len == 0)
			continue;
		if (l.len > REPLY_SAY_LINE || ++count > REPLY_SAY_LINES ||
		    n + l.len + 2 > len) {
			set_err(err, errlen, "say: at most 5 lines of 300 characters each");
			rc = -1;
			break;
		}
		n += (size_t)snprintf(said + n, len - n, "%s%.*s", n ? "\n" : "",
		    (int)l.len, l.s);
		drop[i] = 1;
	}
	if (rc == 0 && count > 0)
		remove_lines(text, &ls, drop);
	if (rc != 0)
		said[0] = '\0';
	free(drop);
	free(ls.v);
	return rc != 0 ? rc : count;
}

/* Find and remove the consent lines; see reply.h. */
int
reply_take_consent(char *text)
{
	static const char *const words[] = { "undo", "agree", "refuse" };
	struct lines ls;
	char *drop;
	size_t i, k;
	int found = 0, rc = 0;

	if (split_lines(text, &ls) != 0)
		return -1;
	if ((drop = calloc(ls.n + 1, 1)) == NULL) {
		free(ls.v);
		return -1;
	}
	for (i = 0; i < ls.n; i++) {
		struct line l = trimmed(ls.v[i]);

		while (l.len > 0 && (l.s[l.len - 1] == '.' || l.s[l.len - 1] == '!'))
			l.len--;
		for (k = 0; k < sizeof(words) / sizeof(words[0]); k++)
			if (l.len == strlen(words[k]) && strncasecmp(l.s, words[k], l.len) == 0)
				break;
		if (k == sizeof(words) / sizeof(words[0]))
			continue;
		drop[i] = 1;
		if (found == 0)
			found = (int)k + 1;
		else if (found != (int)k + 1)
			rc = -2;
	}
	if (found > 0 && rc == 0)
		remove_lines(text, &ls, drop);
	free(drop);
	free(ls.v);
	return rc != 0 ? rc : found;
}
