/*
 * html.c - reduce an HTML mail body to the text a person would read
 * (inbound_html_to_text, declared in inbound.h).
 *
 * This is deliberately small: it is not a browser. It walks the markup
 * once, keeps text, turns block elements into line breaks, decodes
 * character references and drops what is not the sender's own words
 * (quoted history, scripts, styles).
 */
#include "inbound.h"
#include "../engine/notation.h"
#include "../engine/sbuf.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define TAG_NAME_MAX 16

/* The walker's state. */
struct html_walk {
	struct sbuf out;
	const char *p;		/* read position */
	int pre;		/* inside <pre> */
	char skip_tag[TAG_NAME_MAX];	/* element being dropped, or "" */
	int skip_depth;		/* nesting of skip_tag inside itself */
	int stop;		/* reached a reply history marker */
};

/* One parsed tag. */
struct html_tag {
	char name[TAG_NAME_MAX];
	int closing;
	const char *attrs;	/* start of the attribute text */
	size_t attrs_len;
};

static const struct {
	const char *name;
	const char *text;
} named_entities[] = {
	{ "amp", "&" }, { "lt", "<" }, { "gt", ">" }, { "quot", "\"" },
	{ "apos", "'" }, { "nbsp", " " }, { "copy", "\xc2\xa9" },
	{ "ndash", "\xe2\x80\x93" }, { "mdash", "\xe2\x80\x94" },
	{ "hellip", "\xe2\x80\xa6" }, { "lsquo", "\xe2\x80\x98" },
	{ "rsquo", "\xe2\x80\x99" }, { "ldquo", "\xe2\x80\x9c" },
	{ "rdquo", "\xe2\x80\x9d" }, { "euro", "\xe2\x82\xac" },
	{ "shy", "" }, { "zwnj", "" }, { "zwj", "" },
};

static const char *const block_tags[] = {
	"p", "div", "tr", "li", "ul", "ol", "table", "h1", "h2", "h3", "h4",
	"h5", "h6", "hr", "pre", "dl", "dt", "dd", "section", "article",
	"header", "footer", "center",
};

/* Last byte written, or '\n' at the start. */
static char
last_char(const struct html_walk *w)
{
	return w->out.len > 0 ? w->out.s[w->out.len - 1] : '\n';
}

/* Write a line break unless the output already ends with one. */
static void
ensure_newline(struct html_walk *w)
{
	if (last_char(w) != '\n')
		sb_putc(&w->out, '\n');
}

/* Append one text byte, collapsing white space outside <pre>. */
static void
put_text_char(struct html_walk *w, char c)
{
	if (w->pre) {
		sb_putc(&w->out, c == '\r' ? '\n' : c);
		return;
	}
	if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f') {
		char last = last_char(w);

		if (last != ' ' && last != '\n')
			sb_putc(&w->out, ' ');
		return;
	}
	sb_putc(&w->out, c);
}

/* Decode a numeric reference body ("#65" or "#x41") into UTF-8. */
static int
put_numeric_entity(struct html_walk *w, const char *s, size_t len)
{
	char buf[8];
	char digits[16];
	unsigned long cp;
	int n;

	if (len < 2 || len - 1 >= sizeof digits)
		return -1;
	memcpy(digits, s + 1, len - 1);
	digits[len - 1] = '\0';
	if (digits[0] == 'x' || digits[0] == 'X')
		cp = strtoul(digits + 1, NULL, 16);
	else
		cp = strtoul(digits, NULL, 10);
	if (cp == 0xa0)
		cp = ' ';
	if (cp == 0 || (n = utf8_encode(cp, buf)) == 0)
		return -1;
	if (cp < 0x80)
		put_text_char(w, (char)cp);
	else
		sb_putn(&w->out, buf, (size_t)n);
	return 0;
}

/* At '&': decode a character reference, or copy the '&' literally when it
 * is not one. Advances w->p. */
static void
read_entity(struct html_walk *w)
{
	const char *s = w->p + 1;
	size_t len = 0;
	size_t i;

	while (len < 10 && (isalnum((unsigned char)s[len]) || s[len] == '#'))
		len++;
	if (s[len] != ';' || len == 0) {
		put_text_char(w, '&');
		w->p++;
		return;
	}
	w->p = s + len + 1;
	if (s[0] == '#' && put_numeric_entity(w, s, len) == 0)
		return;
	for (i = 0; i < sizeof named_entities / sizeof named_entities[0]; i++) {
		if (strlen(named_entities[i].name) == len &&
		    strncmp(named_entities[i].name, s, len) == 0) {
			if (strcmp(named_entities[i].text, " ") == 0)
				put_text_char(w, ' ');
			else
				sb_puts(&w->out, named_entities[i].text);
			return;
		}
	}
	/* Unknown reference: keep it as written. */
	sb_putn(&w->out, s - 1, len + 2);
}

/* Parse the tag starting at w->p ('<') into tag; advance past its '>'.
 * Returns 0, or -1 when the '<' does not start a tag (it is then text). */
static int
read_tag(struct html_walk *w, struct html_tag *tag)
{
	const char *s = w->p + 1;
	size_t n = 0;
	char quote = 0;

	memset(tag, 0, sizeof *tag);
	if (*s == '/') {
		tag->closing = 1;
		s++;
	}
	if (!isalpha((unsigned char)*s))
		return -1;
	while (isalnum((unsigned char)*s)) {
		if (n + 1 < sizeof tag->name)
			tag->name[n++] = (char)tolower((unsigned char)*s);
		s++;
	}
	tag->attrs = s;
	while (*s != '\0' && (quote != 0 || *s != '>')) {
		if (quote == 0 && (*s == '"' || *s == '\''))
			quote = *s;
		else if (quote != 0 && *s == quote)
			quote = 0;
		s++;
	}
	tag->attrs_len = (size_t)(s - tag->attrs);
	w->p = *s == '>' ? s + 1 : s;
	return 0;
}

/* True when the tag's attribute text contains needle (any case). */
static int
attrs_contain(const struct html_tag *tag, const char *needle)
{
	size_t nlen = strlen(needle);
	size_t i;

	for (i = 0; i + nlen <= tag->attrs_len; i++)
		if (strncasecmp(tag->attrs + i, needle, nlen) == 0)
			return 1;
	return 0;
}

/* True when name is an element that ends a line. */
static int
is_block(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof block_tags / sizeof block_tags[0]; i++)
		if (strcmp(block_tags[i], name) == 0)
			return 1;
	return 0;
}

/* Start dropping everything up to the matching close of this tag. */
static void
begin_skip(struct html_walk *w, const char *name)
{
	snprintf(w->skip_tag, sizeof w->skip_tag, "%s", name);
	w->skip_depth = 1;
}

/* Handle a tag seen while dropping content: track nesting of the dropped
 * element and stop dropping at its close. */
static void
skip_tag_seen(struct html_walk *w, const struct html_tag *tag)
{
	if (strcmp(tag->name, w->skip_tag) != 0)
		return;
	if (!tag->closing) {
		w->skip_depth++;
		return;
	}
	if (--w->skip_depth == 0) {
		w->skip_tag[0] = '\0';
		ensure_newline(w);
	}
}

/* True when an opening tag starts content that is not the sender's. */
static int
starts_dropped(const struct html_tag *tag)
{
	if (strcmp(tag->name, "script") == 0 ||
	    strcmp(tag->name, "style") == 0 ||
	    strcmp(tag->name, "head") == 0 || strcmp(tag->name, "title") == 0 ||
	    strcmp(tag->name, "blockquote") == 0)
		return 1;
	return strcmp(tag->name, "div") == 0 && attrs_contain(tag,
	    "gmail_quote");
}

/* React to one tag outside dropped content. */
static void
handle_tag(struct html_walk *w, const struct html_tag *tag)
{
	if (!tag->closing && starts_dropped(tag)) {
		begin_skip(w, tag->name);
		return;
	}
	if (!tag->closing && (attrs_contain(tag, "divRplyFwdMsg") ||
	    attrs_contain(tag, "appendonsend"))) {
		w->stop = 1;
		return;
	}
	if (strcmp(tag->name, "br") == 0) {
		sb_putc(&w->out, '\n');
		return;
	}
	if (strcmp(tag->name, "pre") == 0)
		w->pre = !tag->closing;
	if (is_block(tag->name))
		ensure_newline(w);
	else if (strcmp(tag->name, "td") == 0 || strcmp(tag->name, "th") == 0)
		put_text_char(w, ' ');
}

/* Skip a comment "<!-- ... -->" or a declaration "<!...>". */
static void
skip_markup_decl(struct html_walk *w)
{
	const char *end;

	if (strncmp(w->p, "<!--", 4) == 0) {
		end = strstr(w->p + 4, "-->");
		w->p = end != NULL ? end + 3 : w->p + strlen(w->p);
		return;
	}
	end = strchr(w->p, '>');
	w->p = end != NULL ? end + 1 : w->p + strlen(w->p);
}

/* Walk the whole document. */
static void
walk(struct html_walk *w)
{
	struct html_tag tag;

	while (*w->p != '\0' && !w->stop) {
		if (w->p[0] == '<' && (w->p[1] == '!' || w->p[1] == '?')) {
			skip_markup_decl(w);
		} else if (w->p[0] == '<' && read_tag(w, &tag) == 0) {
			if (w->skip_tag[0] != '\0')
				skip_tag_seen(w, &tag);
			else
				handle_tag(w, &tag);
		} else if (w->skip_tag[0] != '\0') {
			w->p++;
		} else if (w->p[0] == '&') {
			read_entity(w);
		} else {
			put_text_char(w, *w->p++);
		}
	}
}

/* Tidy the raw walk output: no spaces at line ends, at most one blank
 * line in a row, no blank lines at either end. (The walker never starts a
 * line with a space outside <pre>, so indentation there survives.) */
static char *
tidy(const char *s)
{
	struct sbuf out = SBUF_INIT;
	int blank_run = 0;

	while (*s != '\0') {
		size_t len = strcspn(s, "\n");
		size_t end = len;

		while (end > 0 && s[end - 1] == ' ')
			end--;
		if (end == 0) {
			blank_run++;
		} else {
			if (out.len > 0)
				sb_puts(&out, blank_run > 0 ? "\n\n" : "\n");
			sb_putn(&out, s, end);
			blank_run = 0;
		}
		s += len;
		if (*s == '\n')
			s++;
	}
	if (out.len > 0)
		sb_putc(&out, '\n');
	if (out.oom) {
		sb_free(&out);
		return NULL;
	}
	return sb_take(&out);
}

/* Reduce HTML to text; see inbound.h. */
char *
inbound_html_to_text(const char *html)
{
	struct html_walk w;
	char *text;

	memset(&w, 0, sizeof w);
	sb_init(&w.out);
	w.p = html;
	walk(&w);
	if (w.out.oom) {
		sb_free(&w.out);
		return NULL;
	}
	text = tidy(sb_str(&w.out));
	sb_free(&w.out);
	return text;
}
