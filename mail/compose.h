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
 * Content-Transfer-Encoding.  With a picture (mail_out.picture), the
 * second part is a multipart/related: the HTML, with the picture above the
 * text by cid:, and the picture (image/png, base64) after it.  The
 * picture's bytes are not in the message compose_message makes: they go
 * in later, with compose_picture, at the place it notes (so a picture can
 * be drawn when the mail is delivered, once for all the mails of a move).
 * With text_only the text is the whole body (text/plain).  With an
 * attachment the message is multipart/mixed: the above, then the
 * attachment (Content-Disposition: attachment).
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
	struct mail_picture *picture;	/* NULL: none */
};

/*
 * A picture above the HTML text.  compose_message fills at[]: the byte
 * offsets in the message of the <img> lines' start and end, of the
 * picture's part, and of where its base64 data goes (all increasing).
 */
struct mail_picture {
	const char *cid;		/* Content-ID, left@right without <> */
	const char *alt;		/* ASCII text for readers without pictures */
	int width, height;		/* pixels */
	size_t at[4];			/* out */
};

/* Build the message. On success returns 0 and stores a malloc'ed,
 * NUL-terminated message in *out (length in *outlen; the caller frees it).
 * On failure returns -1, *out is NULL, and err gets one line saying which
 * field was wrong. */
int compose_message(const struct mail_out *m, char **out, size_t *outlen,
    char *err, size_t errlen);

/*
 * The message msg (len bytes) composed with a picture noted at at[], made
 * whole: png's bytes (pnglen) in base64 where they go, or with png NULL
 * the picture left out (its <img> and its part), for a picture that could
 * not be drawn.  With a picture, width and height (when above 0) replace
 * the size its <img> was composed with: a mail may be queued before its
 * picture, and so its size, is known.  A picture that would make the
 * message longer than max bytes (0: no limit) is left out too.  0 with a
 * malloc'ed *out (length *outlen); 1 the same, made without the picture
 * because of max; -1 when at[] does not fit msg or memory ran out.
 */
int compose_picture(const char *msg, size_t len, const size_t at[4], const void *png,
    size_t pnglen, int width, int height, size_t max, char **out, size_t *outlen);

/* Format t as an RFC 5322 date in UTC ("Sat, 21 Nov 2026 22:45:00 +0000")
 * into out, independent of the locale. Returns 0 or -1. */
int compose_date(time_t t, char *out, size_t outlen);

/* Check that s is a bare address "local@domain" that is safe in a header
 * and on an SMTP command line. Returns 1 when it is, 0 otherwise. */
int compose_addr_ok(const char *s);

#endif
