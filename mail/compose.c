/*
 * compose.c - outbound RFC 5322 message building (see compose.h).
 */
#include "compose.h"
#include "../engine/notation.h"
#include "../engine/sbuf.h"

#include <nettle/base64.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HARD_LINE 998
#define FOLD_LINE 78
#define QP_LINE 76
/* Bytes of UTF-8 per encoded word: base64 of 45 bytes is 60 characters,
 * and "=?utf-8?B?" + 60 + "?=" is 72, under the 75 of RFC 2047. */
#define EW_BYTES 45

static const char *const day_names[7] = {
	"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"
};
static const char *const month_names[12] = {
	"Jan", "Feb", "Mar", "Apr", "May", "Jun",
	"Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
};

/* Write one line of error text (if the caller gave a buffer). */
static void
set_err(char *err, size_t errlen, const char *what)
{
	if (err != NULL && errlen > 0)
		snprintf(err, errlen, "%s", what);
}

/* Format an RFC 5322 date in UTC; see compose.h. */
int
compose_date(time_t t, char *out, size_t outlen)
{
	struct tm tm;
	int n;

	if (gmtime_r(&t, &tm) == NULL || tm.tm_wday < 0 || tm.tm_wday > 6 ||
	    tm.tm_mon < 0 || tm.tm_mon > 11)
		return -1;
	n = snprintf(out, outlen, "%s, %d %s %04d %02d:%02d:%02d +0000",
	    day_names[tm.tm_wday], tm.tm_mday, month_names[tm.tm_mon],
	    tm.tm_year + 1900, tm.tm_hour, tm.tm_min, tm.tm_sec);
	if (n < 0 || (size_t)n >= outlen)
		return -1;
	return 0;
}

/* True when c may not appear in an address or message id we emit. */
static int
unsafe_addr_char(unsigned char c)
{
	return c <= ' ' || c >= 0x7f || strchr("<>()[]\",;\\", c) != NULL;
}

/* Check a token "left@right" of safe characters (an address or an id
 * without its brackets). */
static int
at_token_ok(const char *s, size_t len)
{
	const char *at;
	size_t i;

	if (s == NULL || len == 0 || len > 254)
		return 0;
	for (i = 0; i < len; i++)
		if (unsafe_addr_char((unsigned char)s[i]))
			return 0;
	at = memchr(s, '@', len);
	if (at == NULL || at == s || at == s + len - 1 ||
	    memchr(at + 1, '@', len - (size_t)(at - s) - 1) != NULL)
		return 0;
	return 1;
}

/* Check a bare address; see compose.h. */
int
compose_addr_ok(const char *s)
{
	return s != NULL && at_token_ok(s, strlen(s));
}

/* Append a message id as "<id>", accepting it with or without brackets. */
static int
put_msgid(struct sbuf *b, const char *id)
{
	size_t len = strlen(id);

	if (len >= 2 && id[0] == '<' && id[len - 1] == '>') {
		id++;
		len -= 2;
	}
	if (!at_token_ok(id, len))
		return -1;
	sb_putc(b, '<');
	sb_putn(b, id, len);
	sb_putc(b, '>');
	return 0;
}

/* Append a space-separated list of message ids, one per folded line. */
static int
put_msgid_list(struct sbuf *b, const char *ids)
{
	char *copy;
	char *word;
	char *save = NULL;
	int first = 1;
	int rc = 0;

	copy = strdup(ids);
	if (copy == NULL)
		return -1;
	for (word = strtok_r(copy, " \t\r\n", &save); word != NULL;
	    word = strtok_r(NULL, " \t\r\n", &save)) {
		if (!first)
			sb_puts(b, "\r\n ");
		if (put_msgid(b, word) != 0) {
			rc = -1;
			break;
		}
		first = 0;
	}
	free(copy);
	return first ? -1 : rc;
}

/* Return a malloc'ed copy of s with every control character replaced by a
 * space and surrounding white space trimmed, or NULL when s is not valid
 * UTF-8 or memory ran out. */
static char *
clean_text(const char *s)
{
	char *copy;
	size_t i;
	size_t len;
	size_t start = 0;

	if (!utf8_valid(s, strlen(s)))
		return NULL;
	copy = strdup(s);
	if (copy == NULL)
		return NULL;
	for (i = 0; copy[i] != '\0'; i++)
		if ((unsigned char)copy[i] < 0x20 || copy[i] == 0x7f)
			copy[i] = ' ';
	len = i;
	while (len > 0 && copy[len - 1] == ' ')
		copy[--len] = '\0';
	while (copy[start] == ' ')
		start++;
	memmove(copy, copy + start, len - start + 1);
	return copy;
}

/* True when s holds only 7-bit characters. */
static int
is_ascii(const char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s >= 0x80)
			return 0;
	return 1;
}

/* Append s (valid UTF-8) as RFC 2047 base64 encoded words, one per folded
 * line, never splitting a character. Each word is at most 72 characters,
 * so a line stays under 80 even after "Subject: ". */
static int
put_encoded_words(struct sbuf *b, const char *s)
{
	size_t len = strlen(s);
	size_t pos = 0;
	int first = 1;

	while (pos < len) {
		size_t chunk = 0;
		char enc[BASE64_ENCODE_RAW_LENGTH(EW_BYTES) + 1];

		while (pos + chunk < len) {
			size_t clen = utf8_seq((const unsigned char *)s + pos + chunk,
			    len - pos - chunk);

			if (clen == 0)
				return -1;
			if (chunk + clen > EW_BYTES)
				break;
			chunk += clen;
		}
		if (chunk == 0)
			return -1;
		base64_encode_raw(enc, chunk, (const uint8_t *)s + pos);
		enc[BASE64_ENCODE_RAW_LENGTH(chunk)] = '\0';
		if (!first)
			sb_puts(b, "\r\n ");
		sb_printf(b, "=?utf-8?B?%s?=", enc);
		pos += chunk;
		first = 0;
	}
	return 0;
}

/* Append ASCII text folded at spaces so lines stay near FOLD_LINE; col is
 * the column where the text starts. Returns -1 when a single word would
 * make a line longer than HARD_LINE. */
static int
put_folded_ascii(struct sbuf *b, const char *s, size_t col)
{
	const char *p = s;

	while (*p != '\0') {
		size_t word = strcspn(p + 1, " ") + 1;

		if (p != s && *p == ' ' && col + word > FOLD_LINE) {
			sb_puts(b, "\r\n");
			col = 0;
		}
		if (col + word > HARD_LINE)
			return -1;
		sb_putn(b, p, word);
		col += word;
		p += word;
	}
	return 0;
}

/* Append the unstructured value s (cleaned) after "Name: ". */
static int
put_text_value(struct sbuf *b, const char *name, const char *s)
{
	size_t mark;

	sb_printf(b, "%s: ", name);
	mark = b->len;
	if (is_ascii(s) && strstr(s, "=?") == NULL &&
	    put_folded_ascii(b, s, strlen(name) + 2) == 0) {
		sb_puts(b, "\r\n");
		return 0;
	}
	b->len = mark;
	if (b->s != NULL)
		b->s[mark] = '\0';
	if (put_encoded_words(b, s) != 0)
		return -1;
	sb_puts(b, "\r\n");
	return 0;
}

/* Append a display name: a quoted string when ASCII, encoded words when
 * not. */
static int
put_display_name(struct sbuf *b, const char *name)
{
	const char *p;

	if (!is_ascii(name) || strstr(name, "=?") != NULL ||
	    strlen(name) > 200)
		return put_encoded_words(b, name);
	sb_putc(b, '"');
	for (p = name; *p != '\0'; p++) {
		if (*p == '"' || *p == '\\')
			sb_putc(b, '\\');
		sb_putc(b, *p);
	}
	sb_putc(b, '"');
	return 0;
}

/* Append "Name: [display] <addr>" with validation. */
static int
put_address_header(struct sbuf *b, const char *hname, const char *dname,
    const char *addr, char *err, size_t errlen)
{
	char *clean = NULL;

	if (!compose_addr_ok(addr)) {
		char msg[128];

		snprintf(msg, sizeof msg, "compose: the %s address is missing "
		    "or not a plain local@domain address", hname);
		set_err(err, errlen, msg);
		return -1;
	}
	sb_printf(b, "%s: ", hname);
	if (dname != NULL) {
		clean = clean_text(dname);
		if (clean == NULL) {
			set_err(err, errlen, "compose: a display name is not "
			    "valid UTF-8");
			return -1;
		}
		if (clean[0] != '\0') {
			if (put_display_name(b, clean) != 0) {
				free(clean);
				set_err(err, errlen, "compose: cannot encode a "
				    "display name");
				return -1;
			}
			sb_putc(b, ' ');
		}
		free(clean);
	}
	sb_printf(b, "<%s>\r\n", addr);
	return 0;
}

/* Append an unstructured header after cleaning its value. */
static int
put_text_header(struct sbuf *b, const char *hname, const char *value,
    char *err, size_t errlen)
{
	char *clean;
	int rc;

	clean = clean_text(value != NULL ? value : "");
	if (clean == NULL) {
		set_err(err, errlen,
		    "compose: a header text is not valid UTF-8");
		return -1;
	}
	rc = put_text_value(b, hname, clean);
	free(clean);
	if (rc != 0)
		set_err(err, errlen, "compose: cannot encode a header text");
	return rc;
}

/*
 * What one pass over a body finds: whether it is valid UTF-8, whether
 * it can go as it is (no line longer than COMPOSE_SAFE_LINE, none ending
 * in white space or starting "From ", no control byte but a tab and a
 * line's closing CR), and whether it is ASCII.
 */
struct body_facts {
	int utf8, plain, ascii;
};

static void
body_scan(const char *body, struct body_facts *f)
{
	const unsigned char *p = (const unsigned char *)body, *line = p;
	const unsigned char *end = p + strlen(body);
	size_t k, n;

	f->utf8 = f->plain = f->ascii = 1;
	for (;;) {
		unsigned char c = *p;

		if (c >= 0x20 && c < 0x7f) {	/* most of any body */
			p++;
			continue;
		}
		if (c == '\n' || p == end) {
			n = (size_t)(p - line);
			if (n > 0 && line[n - 1] == '\r')
				n--;
			if (n > COMPOSE_SAFE_LINE || (n > 0 && (line[n - 1] == ' ' ||
			    line[n - 1] == '\t')) || strncmp((const char *)line, "From ", 5) == 0)
				f->plain = 0;
			if (p == end)
				return;
			line = ++p;
			continue;
		}
		if (c >= 0x80) {
			f->ascii = 0;
			if ((k = utf8_seq(p, (size_t)(end - p))) == 0) {
				f->utf8 = 0;
				return;
			}
			p += k;
			continue;
		}
		/* a control byte: a tab, or a CR that closes its line, is plain */
		if (c != '\t' && !(c == '\r' && (p[1] == '\n' || p + 1 == end)))
			f->plain = 0;
		p++;
	}
}

/* Append one body line (without its end) unencoded, ending in CRLF. */
static void
put_plain_line(struct sbuf *b, const char *line, size_t len)
{
	sb_putn(b, line, len);
	sb_puts(b, "\r\n");
}

/* True when byte c at index i of a line of length len must be written as
 * =XX in quoted-printable. */
static inline int
qp_must_encode(const char *line, size_t i, size_t len)
{
	unsigned char c = (unsigned char)line[i];

	if (c == '=' || c >= 0x7f || (c < 0x20 && c != '\t'))
		return 1;
	if ((c == ' ' || c == '\t') && i + 1 == len)
		return 1;
	if (i == 0 && c == 'F' && strncmp(line, "From ", 5) == 0)
		return 1;
	if (i == 0 && c == '.')
		return 1;
	return 0;
}

/* May byte c stay as it is inside a quoted-printable line (not its first
 * or last byte)? */
static inline int
qp_stays(unsigned char c)
{
	return (c >= 0x20 && c < 0x7f && c != '=') || c == '\t';
}

/* Append one body line quoted-printable, with soft breaks so no output line
 * exceeds QP_LINE characters, ending in CRLF.  Bytes that stay as they are
 * go in runs (a report is mostly such runs); every piece but the line's
 * last leaves room for the '=' of a soft break. */
static void
put_qp_line(struct sbuf *b, const char *line, size_t len)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t col = 0, i = 0, n, j, stop;

	while (i < len) {
		unsigned char c = (unsigned char)line[i];

		if (qp_must_encode(line, i, len)) {
			char piece[3] = { '=', hex[c >> 4], hex[c & 15] };

			if (col + 3 > QP_LINE - (i + 1 < len ? 1u : 0u)) {
				sb_puts(b, "=\r\n");
				col = 0;
			}
			sb_putn(b, piece, 3);
			col += 3;
			i++;
			continue;
		}
		/*
		 * A run of bytes that stay as they are (line[i] does): those
		 * before the line's last byte while the '=' of a soft break
		 * still fits after them (inside the line only a tab or a
		 * printable byte other than '=' stays), then the last byte if
		 * it fits without one.
		 */
		stop = col < QP_LINE - 1 ? i + (QP_LINE - 1 - col) : i;
		if (stop > len - 1)
			stop = len - 1;
		j = i;
		while (j < stop && (j == i || qp_stays((unsigned char)line[j])))
			j++;
		if (j == len - 1 && col + (j - i) + 1 <= QP_LINE && !qp_must_encode(line, j, len))
			j++;
		n = j - i;
		col += n;
		if (n == 0) {
			sb_puts(b, "=\r\n");
			col = 0;
			continue;
		}
		sb_putn(b, line + i, n);
		i += n;
	}
	sb_puts(b, "\r\n");
}

/*
 * Append the transfer-encoding header, a blank line and the body.  With
 * mark non-NULL, mark[0] and mark[1] (offsets of line starts in body, or
 * its end) become the offsets in b where those lines start in the output.
 */
static int
put_body(struct sbuf *b, const char *body, size_t *mark, char *err, size_t errlen)
{
	const char *line = body;
	struct body_facts f;
	int plain, k;

	body_scan(body, &f);
	if (!f.utf8) {
		set_err(err, errlen, "compose: the body is not valid UTF-8");
		return -1;
	}
	plain = f.plain;
	sb_printf(b, "Content-Transfer-Encoding: %s\r\n\r\n",
	    !plain ? "quoted-printable" : f.ascii ? "7bit" : "8bit");
	while (*line != '\0') {
		size_t len = strcspn(line, "\n");
		size_t end = len;

		for (k = 0; mark != NULL && k < 2; k++)
			if (mark[k] == (size_t)(line - body))
				mark[k] = b->len;
		if (end > 0 && line[end - 1] == '\r')
			end--;
		if (plain)
			put_plain_line(b, line, end);
		else
			put_qp_line(b, line, end);
		line += len;
		if (*line == '\n')
			line++;
	}
	for (k = 0; mark != NULL && k < 2; k++)
		if (mark[k] == (size_t)(line - body))
			mark[k] = b->len;
	return 0;
}

/* Append the identification headers: Date, Message-ID, In-Reply-To and
 * References. */
static int
put_ids(struct sbuf *b, const struct mail_out *m, char *err, size_t errlen)
{
	char date[64];

	if (compose_date(m->date, date, sizeof date) != 0) {
		set_err(err, errlen, "compose: the date cannot be formatted");
		return -1;
	}
	sb_printf(b, "Date: %s\r\nMessage-ID: ", date);
	if (m->message_id == NULL || put_msgid(b, m->message_id) != 0) {
		set_err(err, errlen, "compose: the Message-ID is missing or "
		    "not of the form left@right");
		return -1;
	}
	sb_puts(b, "\r\n");
	if (m->in_reply_to != NULL && m->in_reply_to[0] != '\0') {
		sb_puts(b, "In-Reply-To: ");
		if (put_msgid(b, m->in_reply_to) != 0) {
			set_err(err, errlen, "compose: In-Reply-To is not a "
			    "message id of the form left@right");
			return -1;
		}
		sb_puts(b, "\r\n");
	}
	if (m->references != NULL && m->references[0] != '\0') {
		sb_puts(b, "References: ");
		if (put_msgid_list(b, m->references) != 0) {
			set_err(err, errlen, "compose: References holds "
			    "something that is not a message id");
			return -1;
		}
		sb_puts(b, "\r\n");
	}
	return 0;
}

/*
 * The HTML alternative of a text body: the same text in <pre>, so webmail
 * shows the board in a fixed-width font.  Only &, < and > need escaping.
 */
static char *
html_of(const char *body, const struct mail_picture *pic, size_t img[2])
{
	struct sbuf h = SBUF_INIT;
	const char *a;

	sb_puts(&h, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"></head>\n");
	if (pic != NULL) {
		/* The picture above the text, on lines of their own (img[]). */
		sb_puts(&h, "<body>\n");
		img[0] = h.len;
		sb_printf(&h, "<p><img src=\"cid:%s\"\n width=\"%d\" height=\"%d\"\n"
		    " style=\"max-width: 100%%; height: auto\"\n alt=\"", pic->cid, pic->width,
		    pic->height);
		for (a = pic->alt != NULL ? pic->alt : ""; *a != '\0'; a++)
			if (strchr("\"&<>", *a) != NULL || (unsigned char)*a < ' ' ||
			    (unsigned char)*a > '~')
				sb_putc(&h, ' ');
			else
				sb_putc(&h, *a);
		sb_puts(&h, "\"></p>\n");
		img[1] = h.len;
		sb_puts(&h, "<pre style=\"font-family: monospace\">\n");
	} else
		sb_puts(&h, "<body><pre style=\"font-family: monospace\">\n");
	/* (a newline right after <pre> is not part of its text) */
	while (*body != '\0') {
		size_t n = strcspn(body, "&<>");

		sb_putn(&h, body, n);	/* a run with nothing to escape */
		body += n;
		if (*body == '&')
			sb_puts(&h, "&amp;");
		else if (*body == '<')
			sb_puts(&h, "&lt;");
		else if (*body == '>')
			sb_puts(&h, "&gt;");
		else
			break;
		body++;
	}
	sb_puts(&h, "</pre></body></html>\n");
	if (h.oom) {
		sb_free(&h);
		return NULL;
	}
	return sb_take(&h);
}

/* A boundary "=_STEM_..." that appears in neither part: "=_" never occurs
 * in quoted-printable text, and the counter steps past plain text that has it. */
static void
pick_boundary(const char *stem, const char *text, const char *html, const char *seed,
    char *out, size_t len)
{
	unsigned long h = 5381;
	unsigned n;

	for (; seed != NULL && *seed != '\0'; seed++)
		h = h * 33u + (unsigned char)*seed;
	for (n = 0;; n++) {
		snprintf(out, len, "=_%s_%08lx_%u", stem, h & 0xffffffffUL, n);
		if (strstr(text, out) == NULL && strstr(html, out) == NULL)
			return;
	}
}

/*
 * The alternatives with a picture: the text, then a multipart/related of
 * the HTML (its <img> lines at img[] of html) and the picture's part,
 * whose base64 data compose_picture puts in at m->picture->at[3].  The
 * two boundaries are the one picked with a suffix each, so neither is the
 * start of the other.
 */
static int
put_related(struct sbuf *b, const struct mail_out *m, const char *text, const char *html,
    const char *boundary, size_t img[2], char *err, size_t errlen)
{
	struct mail_picture *pic = m->picture;

	sb_printf(b, "Content-Type: multipart/alternative; boundary=\"%s.alt\"\r\n\r\n"
	    "--%s.alt\r\nContent-Type: text/plain; charset=utf-8\r\n", boundary, boundary);
	if (put_body(b, text, NULL, err, errlen) != 0)
		return -1;
	sb_printf(b, "\r\n--%s.alt\r\nContent-Type: multipart/related; boundary=\"%s.rel\"; "
	    "type=\"text/html\"\r\n\r\n--%s.rel\r\nContent-Type: text/html; charset=utf-8\r\n",
	    boundary, boundary, boundary);
	if (put_body(b, html, img, err, errlen) != 0)
		return -1;
	pic->at[0] = img[0];
	pic->at[1] = img[1];
	pic->at[2] = b->len;
	sb_printf(b, "\r\n--%s.rel\r\nContent-Type: image/png\r\n"
	    "Content-Transfer-Encoding: base64\r\nContent-ID: <%s>\r\n"
	    "Content-Disposition: inline; filename=\"board.png\"\r\n\r\n", boundary, pic->cid);
	pic->at[3] = b->len;
	sb_printf(b, "\r\n--%s.rel--\r\n\r\n--%s.alt--\r\n", boundary, boundary);
	return 0;
}

/*
 * The <img> lines img (n bytes) to b, the numbers of their width and height
 * attributes (width="N", or quoted-printable width=3D"N") made w and h.
 */
static void
put_img_size(struct sbuf *b, const char *img, size_t n, int w, int h)
{
	static const char *const names[2] = { "width", "height" };
	const char *p = img, *end = img + n;

	while (p < end) {
		int i, done = 0;

		for (i = 0; i < 2 && !done; i++) {
			size_t k = strlen(names[i]);
			const char *q = p + k, *d;

			if ((p > img && p[-1] != ' ' && p[-1] != '\n') || (size_t)(end - p) <= k ||
			    memcmp(p, names[i], k) != 0)
				continue;
			if (end - q >= 4 && memcmp(q, "=3D\"", 4) == 0)
				q += 4;
			else if (end - q >= 2 && memcmp(q, "=\"", 2) == 0)
				q += 2;
			else
				continue;
			for (d = q; d < end && *d >= '0' && *d <= '9'; d++)
				;
			if (d == q || d == end || *d != '"')
				continue;
			sb_putn(b, p, (size_t)(q - p));
			sb_printf(b, "%d", i == 0 ? w : h);
			p = d;
			done = 1;
		}
		if (!done)
			sb_putc(b, *p++);
	}
}

int
compose_picture(const char *msg, size_t len, const size_t at[4], const void *png,
    size_t pnglen, int width, int height, size_t max, char **out, size_t *outlen)
{
	struct sbuf b = SBUF_INIT;
	const uint8_t *p = png;
	char line[80];
	int over = 0;

	*out = NULL;
	*outlen = 0;
	if (!(at[0] <= at[1] && at[1] <= at[2] && at[2] <= at[3] && at[3] <= len))
		return -1;
	/* The whole: base64 lines of 76 characters and CRLF, and sizes of up to
	 * 11 digits each written into the <img> (a bound, not the exact length). */
	if (png != NULL && max > 0 &&
	    len + (pnglen + 2) / 3 * 4 + (pnglen / 57) * 2 + 22 > max) {
		png = NULL;
		over = 1;
	}
	if (png == NULL) {
		/* Without the picture: the HTML alone in its multipart/related. */
		sb_putn(&b, msg, at[0]);
		sb_putn(&b, msg + at[1], at[2] - at[1]);
		sb_putn(&b, msg + at[3], len - at[3]);
	} else {
		sb_putn(&b, msg, at[0]);
		if (width > 0 && height > 0)
			put_img_size(&b, msg + at[0], at[1] - at[0], width, height);
		else
			sb_putn(&b, msg + at[0], at[1] - at[0]);
		sb_putn(&b, msg + at[1], at[3] - at[1]);
		/* 57 bytes make a line of 76 characters; no line end after the last. */
		while (pnglen > 0) {
			size_t n = pnglen < 57 ? pnglen : 57;

			base64_encode_raw(line, n, p);
			line[BASE64_ENCODE_RAW_LENGTH(n)] = '\0';
			sb_puts(&b, line);
			p += n;
			pnglen -= n;
			if (pnglen > 0)
				sb_puts(&b, "\r\n");
		}
		sb_putn(&b, msg + at[3], len - at[3]);
	}
	if (b.oom) {
		sb_free(&b);
		return -1;
	}
	*outlen = b.len;
	*out = sb_take(&b);
	return over;
}

/* Append the two alternatives (the text, and it as HTML, with the picture
 * in a multipart/related when there is one) after headers that end in the
 * Content-Type line's end; the text alone with text_only. */
static int
put_alternatives(struct sbuf *b, const struct mail_out *m, const char *text, char *err,
    size_t errlen)
{
	char boundary[64], *html;
	size_t img[2] = { 0, 0 };
	int rc;

	if (m->text_only) {
		sb_puts(b, "Content-Type: text/plain; charset=utf-8\r\n");
		return put_body(b, text, NULL, err, errlen);
	}
	if (m->picture != NULL && (m->picture->cid == NULL ||
	    !at_token_ok(m->picture->cid, strlen(m->picture->cid)))) {
		set_err(err, errlen, "compose: the picture's Content-ID is not of the form "
		    "left@right");
		return -1;
	}
	if ((html = html_of(text, m->picture, img)) == NULL) {
		set_err(err, errlen, "compose: out of memory");
		return -1;
	}
	pick_boundary("arbiter", text, html, m->message_id, boundary, sizeof boundary);
	if (m->picture != NULL) {
		rc = put_related(b, m, text, html, boundary, img, err, errlen);
		free(html);
		return rc;
	}
	sb_printf(b, "Content-Type: multipart/alternative; boundary=\"%s\"\r\n\r\n"
	    "--%s\r\nContent-Type: text/plain; charset=utf-8\r\n", boundary, boundary);
	rc = put_body(b, text, NULL, err, errlen);
	if (rc == 0) {
		/* The CRLF before a delimiter belongs to it, not to the part. */
		sb_printf(b, "\r\n--%s\r\nContent-Type: text/html; charset=utf-8\r\n",
		    boundary);
		rc = put_body(b, html, NULL, err, errlen);
	}
	if (rc == 0)
		sb_printf(b, "\r\n--%s--\r\n", boundary);
	free(html);
	return rc;
}

/* A file name safe in a header without quoting rules: [A-Za-z0-9._-]. */
static int
name_ok(const char *s)
{
	if (s == NULL || *s == '\0' || strlen(s) > 64)
		return 0;
	for (; *s != '\0'; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		    (*s >= '0' && *s <= '9') || *s == '.' || *s == '-' || *s == '_'))
			return 0;
	return 1;
}

/* Append MIME-Version and the parts: the text (and it as HTML), then the
 * attachment. */
static int
put_parts(struct sbuf *b, const struct mail_out *m, char *err, size_t errlen)
{
	const char *text = m->body != NULL ? m->body : "";
	char boundary[64];
	int rc;

	if (!utf8_valid(text, strlen(text))) {
		set_err(err, errlen, "compose: the body is not valid UTF-8");
		return -1;
	}
	sb_puts(b, "MIME-Version: 1.0\r\n");
	if (m->attach == NULL)
		return put_alternatives(b, m, text, err, errlen);
	if (!name_ok(m->attach_name) || m->attach_type == NULL ||
	    strspn(m->attach_type, "abcdefghijklmnopqrstuvwxyz0123456789/.+-") !=
	    strlen(m->attach_type) || strchr(m->attach_type, '/') == NULL) {
		set_err(err, errlen, "compose: the attachment's name or type is not plain");
		return -1;
	}
	if (!utf8_valid(m->attach, strlen(m->attach))) {
		set_err(err, errlen, "compose: the attachment is not valid UTF-8");
		return -1;
	}
	/* A stem of its own: neither boundary begins the other. */
	pick_boundary("mixed", text, m->attach, m->message_id, boundary, sizeof boundary);
	sb_printf(b, "Content-Type: multipart/mixed; boundary=\"%s\"\r\n\r\n--%s\r\n",
	    boundary, boundary);
	if ((rc = put_alternatives(b, m, text, err, errlen)) != 0)
		return rc;
	sb_printf(b, "\r\n--%s\r\nContent-Type: %s; charset=utf-8; name=\"%s\"\r\n"
	    "Content-Disposition: attachment; filename=\"%s\"\r\n", boundary,
	    m->attach_type, m->attach_name, m->attach_name);
	if ((rc = put_body(b, m->attach, NULL, err, errlen)) != 0)
		return rc;
	sb_printf(b, "\r\n--%s--\r\n", boundary);
	return 0;
}

/* Append every header and the body of m to b. */
static int
put_message(struct sbuf *b, const struct mail_out *m, char *err,
    size_t errlen)
{
	if (put_address_header(b, "From", m->from_name, m->from_addr, err,
	    errlen) != 0 ||
	    put_address_header(b, "To", m->to_name, m->to_addr, err,
	    errlen) != 0)
		return -1;
	if (m->reply_to != NULL && put_address_header(b, "Reply-To", NULL,
	    m->reply_to, err, errlen) != 0)
		return -1;
	if (put_text_header(b, "Subject", m->subject, err, errlen) != 0 ||
	    put_ids(b, m, err, errlen) != 0)
		return -1;
	if (m->auto_submitted != NULL && put_text_header(b, "Auto-Submitted",
	    m->auto_submitted, err, errlen) != 0)
		return -1;
	if (put_text_header(b, "X-Arbiter",
	    m->x_arbiter != NULL ? m->x_arbiter : "1", err, errlen) != 0)
		return -1;
	return put_parts(b, m, err, errlen);
}

/* Build the whole message; see compose.h. */
int
compose_message(const struct mail_out *m, char **out, size_t *outlen,
    char *err, size_t errlen)
{
	struct sbuf b = SBUF_INIT;

	*out = NULL;
	*outlen = 0;
	if (put_message(&b, m, err, errlen) != 0) {
		sb_free(&b);
		return -1;
	}
	if (b.oom) {
		sb_free(&b);
		set_err(err, errlen, "compose: out of memory");
		return -1;
	}
	*outlen = b.len;
	*out = sb_take(&b);
	return 0;
}
