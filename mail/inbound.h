/*
 * inbound.h - one inbound RFC 5322 message, parsed with GMime.
 *
 * inbound_parse() fills a struct inbound with the fields the cli needs to
 * identify the sender and the game, decide whether to answer at all, and
 * read the commands. Every string is NUL-terminated UTF-8 owned by the
 * struct; inbound_free() releases them. Absent fields are NULL.
 */
#ifndef ARBITER_MAIL_INBOUND_H
#define ARBITER_MAIL_INBOUND_H

#include <stddef.h>

#define INBOUND_MAX_RCPT 64

/*
 * A text part holding a NUL byte is not read either: its body is empty and
 * refused names the line (a C string would cut it there silently).
 *
 * Limits: a message above INBOUND_MAX_BYTES, with more than
 * INBOUND_MAX_PARTS MIME parts, more than INBOUND_MAX_MULTIPARTS
 * multipart sections (however nested) or a header block longer than
 * INBOUND_MAX_HEADER is not read: only its header (at most
 * INBOUND_MAX_HEADER bytes of it) is parsed, its body is empty and
 * refused says why, so it can still be answered.
 */
#define INBOUND_MAX_BYTES (10u * 1024u * 1024u)
#define INBOUND_MAX_PARTS 1000
#define INBOUND_MAX_MULTIPARTS 64
#define INBOUND_MAX_HEADER (256u * 1024u)

struct inbound {
	char *from;		/* address of the first From mailbox */
	int nfrom;		/* how many mailboxes From names (a group counts as 2) */
	char *from_name;	/* its display name (decoded) */
	char *return_path;	/* envelope sender: "" for <>; NULL when
				   there is no Return-Path header */
	char *rcpt[INBOUND_MAX_RCPT];	/* To, Cc, Delivered-To and
					   X-Original-To addresses */
	size_t nrcpt;		/* distinct (case-insensitive), in that order */
	char *subject;		/* decoded */
	char *date;		/* the Date header as sent, trimmed */
	char *message_id;	/* without <>; NULL unless a plain left@right id
				   of at most 254 characters (see compose.h) */
	char *in_reply_to;	/* the first id, without <> */
	char *auto_submitted;	/* header value, trimmed */
	char *precedence;	/* header value, trimmed */
	char *content_type;	/* top-level "type/subtype", lowercase */
	int has_list_header;	/* any List-* header present */
	int has_x_arbiter;	/* an X-Arbiter header present (our mail) */
	int has_autoreply;	/* X-Autorespond, or X-Autoreply other than "no" */
	int body_from_html;	/* body was reduced from text/html */
	char *body;		/* text/plain (or reduced HTML), LF line ends;
				   "" when the message has no text part */
	char refused[160];	/* non-empty: the body was not read, and why */
};

/* Parse data[0..len). Returns 0 with *msg filled (free with
 * inbound_free), or -1 with err set when the bytes are not a message at
 * all (msg is then empty and safe to free). Headers that are missing or
 * unparsable leave their field NULL; this is not an error. A message
 * beyond the limits above is parsed for its header only, with refused
 * set (len may then be a prefix of a longer message: anything above
 * INBOUND_MAX_BYTES counts as too big). Returns -2, with err set, when
 * GMime cannot be loaded (gmime_dl.h): an installation fault, not the
 * message's. */
int inbound_parse(const char *data, size_t len, struct inbound *msg,
    char *err, size_t errlen);

/* Release every string in msg and zero it. */
void inbound_free(struct inbound *msg);

/* True (1) when the message must get no answer: Auto-Submitted present and
 * not "no"; an empty envelope sender (Return-Path: <>); a From or envelope
 * sender whose local part is MAILER-DAEMON or postmaster (any case);
 * Precedence bulk, junk or list; any List-* header; a top-level
 * multipart/report (delivery or read reports); an X-Arbiter header; an
 * X-Autorespond header, or X-Autoreply other than "no"; or a
 * From equal (case-insensitively) to our_from when our_from is not NULL.
 * Returns 0 otherwise. */
int inbound_is_automatic(const struct inbound *msg, const char *our_from);

/* Reduce HTML to plain text: tags removed, entities decoded, <br>, <p>,
 * <div>, <li>, <tr> and headings turned into line breaks, <script>,
 * <style>, <head>, <blockquote> and Gmail's "gmail_quote" blocks dropped,
 * white space collapsed outside <pre>. Returns a malloc'ed string or NULL
 * when memory ran out. */
char *inbound_html_to_text(const char *html);

#endif
