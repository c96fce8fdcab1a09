/*
 * inbound.c - parse an inbound message with GMime, loaded at first use
 * (gmime_dl.h; see inbound.h).
 */
#include "inbound.h"
#include "compose.h"
#include "gmime_dl.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Write one line of error text. */
static void
set_err(char *err, size_t errlen, const char *what)
{
	if (err != NULL && errlen > 0)
		snprintf(err, errlen, "%s", what);
}

/* Return a malloc'ed copy of s with surrounding white space removed, or
 * NULL when s is NULL or memory ran out. */
static char *
dup_trimmed(const char *s)
{
	size_t len;
	char *out;

	if (s == NULL)
		return NULL;
	while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
		s++;
	len = strlen(s);
	while (len > 0 && strchr(" \t\r\n", s[len - 1]) != NULL)
		len--;
	out = malloc(len + 1);
	if (out == NULL)
		return NULL;
	memcpy(out, s, len);
	out[len] = '\0';
	return out;
}

/* Return the first header named name (any case), or NULL. */
static const char *
header_value(GMimeObject *obj, const char *name)
{
	return g_mime_object_get_header(obj, name);
}

/* Add one address to the recipient list unless it is already there. */
static void
add_rcpt(struct inbound *msg, const char *addr)
{
	size_t i;

	if (addr == NULL || addr[0] == '\0' || msg->nrcpt >= INBOUND_MAX_RCPT)
		return;
	for (i = 0; i < msg->nrcpt; i++)
		if (strcasecmp(msg->rcpt[i], addr) == 0)
			return;
	msg->rcpt[msg->nrcpt] = dup_trimmed(addr);
	if (msg->rcpt[msg->nrcpt] != NULL)
		msg->nrcpt++;
}

/* Add every mailbox of an address list (groups flattened). */
static void
add_list(struct inbound *msg, InternetAddressList *list)
{
	int i;
	int n;

	if (list == NULL)
		return;
	n = internet_address_list_length(list);
	for (i = 0; i < n; i++) {
		InternetAddress *a = internet_address_list_get_address(list, i);

		if (INTERNET_ADDRESS_IS_GROUP(a))
			add_list(msg, internet_address_group_get_members(
			    INTERNET_ADDRESS_GROUP(a)));
		else if (INTERNET_ADDRESS_IS_MAILBOX(a))
			add_rcpt(msg, internet_address_mailbox_get_addr(
			    INTERNET_ADDRESS_MAILBOX(a)));
	}
}

/* Add the addresses of every header named name (there may be several, as
 * with Delivered-To). */
static void
add_header_addresses(struct inbound *msg, GMimeObject *obj, const char *name)
{
	GMimeHeaderList *headers = g_mime_object_get_header_list(obj);
	int n = g_mime_header_list_get_count(headers);
	int i;

	for (i = 0; i < n; i++) {
		GMimeHeader *h = g_mime_header_list_get_header_at(headers, i);
		InternetAddressList *list;

		if (g_ascii_strcasecmp(g_mime_header_get_name(h), name) != 0)
			continue;
		list = internet_address_list_parse(NULL,
		    g_mime_header_get_value(h));
		if (list == NULL)
			continue;
		add_list(msg, list);
		g_object_unref(list);
	}
}

/* Fill from and from_name from the first From mailbox; nfrom counts them all. */
static void
read_from(struct inbound *msg, GMimeMessage *m)
{
	InternetAddressList *list = g_mime_message_get_from(m);
	int i;
	int n;

	if (list == NULL)
		return;
	n = internet_address_list_length(list);
	for (i = 0; i < n; i++) {
		InternetAddress *a = internet_address_list_get_address(list, i);

		if (!INTERNET_ADDRESS_IS_MAILBOX(a)) {
			msg->nfrom += 2;	/* a group: not one author either */
			continue;
		}
		msg->nfrom++;
		if (msg->from != NULL)
			continue;
		msg->from = dup_trimmed(internet_address_mailbox_get_addr(
		    INTERNET_ADDRESS_MAILBOX(a)));
		msg->from_name = dup_trimmed(internet_address_get_name(a));
	}
}

/* Fill return_path from the first Return-Path header: "" for <>. */
static void
read_return_path(struct inbound *msg, GMimeObject *obj)
{
	const char *v = header_value(obj, "Return-Path");
	char *t;
	char *p;
	size_t len;

	if (v == NULL)
		return;
	t = dup_trimmed(v);
	if (t == NULL)
		return;
	p = t;
	if (*p == '<')
		p++;
	len = strcspn(p, ">");
	p[len] = '\0';
	memmove(t, p, len + 1);
	msg->return_path = t;
}

/* Fill in_reply_to with the first message id of In-Reply-To. */
static void
read_in_reply_to(struct inbound *msg, GMimeObject *obj)
{
	const char *v = header_value(obj, "In-Reply-To");
	GMimeReferences *refs;

	if (v == NULL)
		return;
	refs = g_mime_references_parse(NULL, v);
	if (refs == NULL)
		return;
	if (g_mime_references_length(refs) > 0)
		msg->in_reply_to = dup_trimmed(
		    g_mime_references_get_message_id(refs, 0));
	g_mime_references_free(refs);
}

/* Set the flags that come from header names: List-* and X-Arbiter. */
static void
read_header_flags(struct inbound *msg, GMimeObject *obj)
{
	GMimeHeaderList *headers = g_mime_object_get_header_list(obj);
	int n = g_mime_header_list_get_count(headers);
	int i;

	for (i = 0; i < n; i++) {
		const char *name = g_mime_header_get_name(
		    g_mime_header_list_get_header_at(headers, i));

		if (g_ascii_strncasecmp(name, "List-", 5) == 0)
			msg->has_list_header = 1;
		if (g_ascii_strcasecmp(name, "X-Arbiter") == 0)
			msg->has_x_arbiter = 1;
		/*
		 * Vacation programs that predate RFC 3834 mark their answers
		 * with these instead of Auto-Submitted (X-Autorespond with any
		 * value, X-Autoreply with "yes").
		 */
		if (g_ascii_strcasecmp(name, "X-Autorespond") == 0)
			msg->has_autoreply = 1;
		if (g_ascii_strcasecmp(name, "X-Autoreply") == 0) {
			const char *v = g_mime_header_get_value(
			    g_mime_header_list_get_header_at(headers, i));

			while (v != NULL && (*v == ' ' || *v == '\t'))
				v++;
			if (v == NULL || g_ascii_strncasecmp(v, "no", 2) != 0 ||
			    (v[2] != '\0' && v[2] != ' ' && v[2] != '\t' && v[2] != ';'))
				msg->has_autoreply = 1;
		}
	}
}

/* Store the top-level content type as lowercase "type/subtype". */
static void
read_content_type(struct inbound *msg, GMimeObject *top)
{
	GMimeContentType *ct;
	char *type;
	char *s;

	if (top == NULL)
		return;
	ct = g_mime_object_get_content_type(top);
	if (ct == NULL)
		return;
	type = g_mime_content_type_get_mime_type(ct);
	if (type == NULL)
		return;
	s = g_ascii_strdown(type, -1);
	g_free(type);
	if (s == NULL)
		return;
	msg->content_type = strdup(s);
	g_free(s);
}

/* Depth-first search for the first non-attachment part of type text/SUB,
 * not descending into attached messages. */
static GMimePart *
find_text_part(GMimeObject *obj, const char *sub)
{
	if (GMIME_IS_MULTIPART(obj)) {
		GMimeMultipart *mp = GMIME_MULTIPART(obj);
		int n = g_mime_multipart_get_count(mp);
		int i;

		for (i = 0; i < n; i++) {
			GMimePart *p = find_text_part(
			    g_mime_multipart_get_part(mp, i), sub);

			if (p != NULL)
				return p;
		}
		return NULL;
	}
	if (GMIME_IS_PART(obj) && !g_mime_part_is_attachment(GMIME_PART(obj)) &&
	    g_mime_content_type_is_type(g_mime_object_get_content_type(obj),
	    "text", sub))
		return GMIME_PART(obj);
	return NULL;
}

/* Turn CRLF and lone CR into LF, in place. */
static void
normalize_newlines(char *s)
{
	char *w = s;
	const char *r = s;

	while (*r != '\0') {
		if (*r == '\r') {
			*w++ = '\n';
			r += r[1] == '\n' ? 2 : 1;
			continue;
		}
		*w++ = *r++;
	}
	*w = '\0';
}

/* Convert bytes in the named charset to a malloc'ed UTF-8 string. Unknown
 * or wrong charsets fall back to UTF-8 when the bytes are valid UTF-8 and
 * to Windows-1252 otherwise, replacing what still does not convert. */
static char *
to_utf8(const char *data, size_t len, const char *charset)
{
	const char *from = charset != NULL ? g_mime_charset_iconv_name(charset)
	    : NULL;
	gchar *conv = NULL;
	char *out;

	if (len == 0 || data == NULL)
		return strdup("");
	if (from != NULL && g_ascii_strcasecmp(from, "utf-8") != 0 &&
	    g_ascii_strcasecmp(from, "us-ascii") != 0)
		conv = g_convert(data, (gssize)len, "UTF-8", from, NULL, NULL,
		    NULL);
	if (conv == NULL && !g_utf8_validate(data, (gssize)len, NULL))
		conv = g_convert(data, (gssize)len, "UTF-8", "WINDOWS-1252",
		    NULL, NULL, NULL);
	if (conv == NULL)
		conv = g_utf8_make_valid(data, (gssize)len);
	if (conv == NULL)
		return NULL;
	out = strdup(conv);
	g_free(conv);
	return out;
}

/*
 * Decode a leaf part (transfer encoding and charset) to UTF-8 text.  A NUL
 * byte in the decoded text would cut it silently where it stands (the text
 * is a C string): it is named in why instead, so the mail is answered and
 * nothing of it is applied, as a NUL in a submission is on the command
 * line.
 */
static char *
part_text(GMimePart *part, char *why, size_t whylen)
{
	GMimeDataWrapper *content = g_mime_part_get_content(part);
	GMimeStream *mem;
	GByteArray *bytes;
	char *text;

	if (content == NULL)
		return strdup("");
	mem = g_mime_stream_mem_new();
	if (mem == NULL)
		return NULL;
	if (g_mime_data_wrapper_write_to_stream(content, mem) < 0) {
		g_object_unref(mem);
		return NULL;
	}
	bytes = g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(mem));
	{
		const char *d = (const char *)bytes->data;
		const char *nul = bytes->len > 0 ? memchr(d, '\0', bytes->len) : NULL;

		if (nul != NULL) {
			const char *ls = d, *q;
			int line = 1;

			for (q = d; q < nul; q++)
				if (*q == '\n') {
					line++;
					ls = q + 1;
				}
			snprintf(why, whylen, "line %d of its text holds a NUL byte at byte %d",
			    line, (int)(nul - ls) + 1);
		}
	}
	text = to_utf8((const char *)bytes->data, bytes->len,
	    g_mime_object_get_content_type_parameter(GMIME_OBJECT(part),
	    "charset"));
	g_object_unref(mem);
	if (text != NULL)
		normalize_newlines(text);
	return text;
}

/* Fill body from the text/plain part, else from the reduced text/html
 * part, else the empty string. Returns 0 or -1 when memory ran out. */
static int
read_body(struct inbound *msg, GMimeObject *top)
{
	GMimePart *part = top != NULL ? find_text_part(top, "plain") : NULL;
	char *html;

	if (part != NULL) {
		msg->body = part_text(part, msg->refused, sizeof msg->refused);
		return msg->body != NULL ? 0 : -1;
	}
	part = top != NULL ? find_text_part(top, "html") : NULL;
	if (part == NULL) {
		msg->body = strdup("");
		return msg->body != NULL ? 0 : -1;
	}
	html = part_text(part, msg->refused, sizeof msg->refused);
	if (html == NULL)
		return -1;
	msg->body = inbound_html_to_text(html);
	free(html);
	msg->body_from_html = 1;
	return msg->body != NULL ? 0 : -1;
}

/* Fill every field of msg from the parsed message m. */
static int
read_message(struct inbound *msg, GMimeMessage *m)
{
	GMimeObject *obj = GMIME_OBJECT(m);
	GMimeObject *top = g_mime_message_get_mime_part(m);
	static const char *const rcpt_headers[] = {
		"Delivered-To", "X-Original-To"
	};
	size_t i;

	read_from(msg, m);
	read_return_path(msg, obj);
	add_list(msg, g_mime_message_get_addresses(m, GMIME_ADDRESS_TYPE_TO));
	add_list(msg, g_mime_message_get_addresses(m, GMIME_ADDRESS_TYPE_CC));
	for (i = 0; i < sizeof rcpt_headers / sizeof rcpt_headers[0]; i++)
		add_header_addresses(msg, obj, rcpt_headers[i]);
	msg->subject = dup_trimmed(g_mime_message_get_subject(m));
	msg->date = dup_trimmed(header_value(obj, "Date"));
	msg->message_id = dup_trimmed(g_mime_message_get_message_id(m));
	if (msg->message_id != NULL && !compose_addr_ok(msg->message_id)) {
		/* Not an id we could ever quote back: treated as absent. */
		free(msg->message_id);
		msg->message_id = NULL;
	}
	read_in_reply_to(msg, obj);
	msg->auto_submitted = dup_trimmed(header_value(obj, "Auto-Submitted"));
	msg->precedence = dup_trimmed(header_value(obj, "Precedence"));
	read_header_flags(msg, obj);
	read_content_type(msg, top);
	return read_body(msg, top);
}

/* Count the places where text (lowercase) starts a line of data, or
 * anywhere when at_line is 0; stops counting above limit. */
static size_t
count_marks(const char *data, size_t len, const char *text, int at_line,
    size_t limit)
{
	size_t n = 0, tl = strlen(text), i, k;

	for (i = 0; i + tl <= len && n <= limit; i++) {
		if (at_line && i > 0 && data[i - 1] != '\n')
			continue;
		for (k = 0; k < tl; k++)
			if (tolower((unsigned char)data[i + k]) != text[k])
				break;
		if (k == tl)
			n++;
	}
	return n;
}

/* Why the body of data must not be read (see inbound.h), or NULL. */
static const char *
beyond_limits(const char *data, size_t len, char *why, size_t whylen)
{
	if (len > INBOUND_MAX_BYTES)
		snprintf(why, whylen, "it is larger than %u MB", INBOUND_MAX_BYTES >> 20);
	else if (count_marks(data, len, "boundary", 0, INBOUND_MAX_MULTIPARTS) >
	    INBOUND_MAX_MULTIPARTS)
		snprintf(why, whylen, "it has more than %d multipart sections",
		    INBOUND_MAX_MULTIPARTS);
	else if (count_marks(data, len, "--", 1, INBOUND_MAX_PARTS) > INBOUND_MAX_PARTS)
		snprintf(why, whylen, "it has more than %d MIME parts", INBOUND_MAX_PARTS);
	else
		return NULL;
	return why;
}

/* The length of the header block of data with the blank line after it,
 * or 0 when there is none within INBOUND_MAX_HEADER bytes. */
static size_t
header_length(const char *data, size_t len)
{
	size_t i;

	if (len > INBOUND_MAX_HEADER)
		len = INBOUND_MAX_HEADER;
	for (i = 0; i + 1 < len; i++) {
		if (data[i] != '\n')
			continue;
		if (data[i + 1] == '\n')
			return i + 2;
		if (data[i + 1] == '\r' && i + 2 < len && data[i + 2] == '\n')
			return i + 3;
	}
	return 0;
}

/* Parse one message; see inbound.h. */
int
inbound_parse(const char *data, size_t len, struct inbound *msg, char *err,
    size_t errlen)
{
	GMimeStream *stream;
	GMimeParser *parser;
	GMimeMessage *m;
	char why[sizeof msg->refused], *cut = NULL;
	size_t hlen;
	int rc;

	memset(msg, 0, sizeof *msg);
	hlen = header_length(data, len);
	why[0] = '\0';
	if (hlen == 0 && len > INBOUND_MAX_HEADER) {
		/* A header this long is no mail a person wrote: its first lines
		 * (cut at a line end) are all that is read. */
		size_t keep = INBOUND_MAX_HEADER;

		while (keep > 0 && data[keep - 1] != '\n')
			keep--;
		if (keep == 0 || (cut = malloc(keep + 1)) == NULL) {
			set_err(err, errlen, "inbound: no header lines within the "
			    "first 256 KB");
			return -1;
		}
		memcpy(cut, data, keep);
		cut[keep] = '\n';
		data = cut;
		len = keep + 1;
		snprintf(why, sizeof why, "its header is larger than %u KB",
		    INBOUND_MAX_HEADER >> 10);
	} else if (beyond_limits(data, len, why, sizeof why) != NULL && hlen > 0)
		len = hlen;	/* the header block and the blank line after it */
	if (gmime_dl_load(err, errlen) != 0) {
		free(cut);
		return -2;
	}
	stream = g_mime_stream_mem_new_with_buffer(data, len);
	free(cut);	/* the stream keeps its own copy */
	if (stream == NULL) {
		set_err(err, errlen, "inbound: out of memory");
		return -1;
	}
	parser = g_mime_parser_new_with_stream(stream);
	g_object_unref(stream);
	if (parser == NULL) {
		set_err(err, errlen, "inbound: out of memory");
		return -1;
	}
	m = g_mime_parser_construct_message(parser, NULL);
	g_object_unref(parser);
	if (m == NULL) {
		set_err(err, errlen, "inbound: the input is not an RFC 5322 "
		    "message (no header block found)");
		return -1;
	}
	rc = read_message(msg, m);
	g_object_unref(m);
	if (rc != 0) {
		inbound_free(msg);
		set_err(err, errlen, "inbound: out of memory while decoding "
		    "the body");
		return rc;
	}
	if (why[0] != '\0' || msg->refused[0] != '\0') {
		/* Refused (too big, or a NUL in the text): nothing of it is read. */
		free(msg->body);
		msg->body = strdup("");
		if (why[0] != '\0')
			snprintf(msg->refused, sizeof msg->refused, "%s", why);
		if (msg->body == NULL) {
			inbound_free(msg);
			set_err(err, errlen, "inbound: out of memory");
			return -1;
		}
	}
	return rc;
}

/* Release the strings of msg; see inbound.h. */
void
inbound_free(struct inbound *msg)
{
	size_t i;

	free(msg->from);
	free(msg->from_name);
	free(msg->return_path);
	for (i = 0; i < msg->nrcpt; i++)
		free(msg->rcpt[i]);
	free(msg->subject);
	free(msg->date);
	free(msg->message_id);
	free(msg->in_reply_to);
	free(msg->auto_submitted);
	free(msg->precedence);
	free(msg->content_type);
	free(msg->body);
	memset(msg, 0, sizeof *msg);
}

/* True when the local part of addr is MAILER-DAEMON or postmaster. */
static int
is_system_sender(const char *addr)
{
	size_t local;

	if (addr == NULL)
		return 0;
	local = strcspn(addr, "@");
	return (local == 13 && strncasecmp(addr, "mailer-daemon", 13) == 0) ||
	    (local == 10 && strncasecmp(addr, "postmaster", 10) == 0);
}

/* True when value (trimmed) starts with word followed by end, ';' or
 * white space, in any case. */
static int
value_is(const char *value, const char *word)
{
	size_t n = strlen(word);

	return value != NULL && strncasecmp(value, word, n) == 0 &&
	    (value[n] == '\0' || value[n] == ';' || value[n] == ' ' ||
	    value[n] == '\t');
}

/* Decide whether to stay silent; see inbound.h. */
int
inbound_is_automatic(const struct inbound *msg, const char *our_from)
{
	if (msg->auto_submitted != NULL && !value_is(msg->auto_submitted, "no"))
		return 1;
	if (msg->return_path != NULL && msg->return_path[0] == '\0')
		return 1;
	if (is_system_sender(msg->from) || is_system_sender(msg->return_path))
		return 1;
	if (value_is(msg->precedence, "bulk") ||
	    value_is(msg->precedence, "junk") ||
	    value_is(msg->precedence, "list"))
		return 1;
	if (msg->has_list_header || msg->has_x_arbiter || msg->has_autoreply)
		return 1;
	if (msg->content_type != NULL &&
	    strcmp(msg->content_type, "multipart/report") == 0)
		return 1;
	if (our_from != NULL && msg->from != NULL &&
	    strcasecmp(msg->from, our_from) == 0)
		return 1;
	return 0;
}
