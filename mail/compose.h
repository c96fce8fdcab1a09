/*
 * compose.h - build one outbound RFC 5322 message.
 *
 * The result uses CRLF line endings throughout (as SMTP wants it) and has
 * these headers, in this order: From, To, Reply-To (when given), Subject,
 * Date, Message-ID, In-Reply-To and References (when given),
 * Auto-Submitted (when given), X-Arbiter, MIME-Version, Content-Type
 * (multipart/alternative).  The first part is the text (text/plain;
 * charset=utf-8), the second the same text as HTML inside <pre> (so webmail
 * shows boards in a fixed-width font); each has its
 * Content-Transfer-Encoding.  With text_only the text is the whole body
 * (text/plain).  With an attachment the message is multipart/mixed: the
 * above, then the attachment (Content-Disposition: attachment).
 *
 * Header safety: addresses and message ids containing control characters,
 * white space or any of <>()[]",;\ are rejected; in free text (display
 * names, subject, X-Arbiter) every control character (CR and LF included)
 * becomes a space. So no CR or LF from the caller ever reaches a header.
 * Non-ASCII display names and subjects are written as RFC 2047 encoded
 * words (UTF-8, base64); invalid UTF-8 is rejected.
 *
 * Bodies: any mix of LF / CRLF line ends becomes CRLF. The body is sent as
 * 7bit (pure ASCII) or 8bit (UTF-8) when every line is at most
 * COMPOSE_SAFE_LINE octets, has no trailing white space, no control
 * characters other than TAB, and does not start with "From "; otherwise it
 * is quoted-printable. Either way the decoded text is exactly the text given
 * (with CRLF line ends), so a monospace board survives intact. Every output
 * line is at most 998 octets.
 */
#ifndef ARBITER_MAIL_COMPOSE_H
#define ARBITER_MAIL_COMPOSE_H

#include <stddef.h>
#include <time.h>

#define COMPOSE_SAFE_LINE 78

struct mail_out {
	const char *from_name;		/* display name, may be NULL */
	const char *from_addr;		/* required: local@domain */
	const char *to_name;		/* may be NULL */
	const char *to_addr;		/* required */
	const char *reply_to;		/* address, may be NULL */
	const char *subject;		/* UTF-8, may be NULL (empty subject) */
	time_t date;			/* written as UTC */
	const char *message_id;		/* required, with or without <> */
	const char *in_reply_to;	/* message id, may be NULL */
	const char *references;		/* space-separated ids, may be NULL */
	const char *auto_submitted;	/* e.g. "auto-replied", may be NULL */
	const char *x_arbiter;		/* X-Arbiter value; NULL gives "1" */
	const char *body;		/* UTF-8 text, may be NULL (empty) */
	int text_only;			/* no HTML alternative (mail a forum reads as it is) */
	/* An attachment after the text, may be NULL: its file name (letters,
	 * digits, '.', '-', '_'), MIME type ("application/json") and UTF-8
	 * text. */
	const char *attach_name;
	const char *attach_type;
	const char *attach;
};

/* Build the message. On success returns 0 and stores a malloc'ed,
 * NUL-terminated message in *out (length in *outlen; the caller frees it).
 * On failure returns -1, *out is NULL, and err gets one line saying which
 * field was wrong. */
int compose_message(const struct mail_out *m, char **out, size_t *outlen,
    char *err, size_t errlen);

/* Format t as an RFC 5322 date in UTC ("Sat, 21 Nov 2026 22:45:00 +0000")
 * into out, independent of the locale. Returns 0 or -1. */
int compose_date(time_t t, char *out, size_t outlen);

/* Check that s is a bare address "local@domain" that is safe in a header
 * and on an SMTP command line. Returns 1 when it is, 0 otherwise. */
int compose_addr_ok(const char *s);

#endif
