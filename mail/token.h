/*
 * token.h - keyed per-seat reply addresses.
 *
 * A seat's reply address is the site's reply address with a tag in the local
 * part after '+':
 *
 *     games@example.org  ->  games+g42.s3.n17.TOKEN@example.org
 *
 * where 42 is the game id, 3 the seat index, 17 the seat's serial when the
 * mail was sent (a number that changes whenever what the game awaits from
 * the seat changes, and never repeats), and TOKEN the first TOKEN_CHARS
 * characters of the lowercase base32 (RFC 4648 alphabet, a-z 2-7) encoding
 * of HMAC-SHA256(secret, SITE "/" "g42.s3.n17").  SITE is the site id of
 * the database, so two databases sharing a key never accept each other's
 * tokens.  Lowercase letters and digits survive MTAs that fold the case of
 * local parts; token_parse() folds case itself.
 *
 * Tags of the first format, "g42.s3.m17.TOKEN" with the move number and
 * HMAC-SHA256(secret, "g42.s3.m17"), are recognised as TOKEN_LEGACY so
 * that replies to mail sent before a site upgraded can be answered.
 *
 * Numbers are written in decimal without sign or leading zeros; game >= 1,
 * seat 0..TOKEN_MAX_SEAT, serial >= 0, each at most TOKEN_MAX_NUMBER.
 */
#ifndef ARBITER_MAIL_TOKEN_H
#define ARBITER_MAIL_TOKEN_H

#include <stddef.h>

#define TOKEN_CHARS 20
#define TOKEN_MAX_SEAT 99
#define TOKEN_MAX_NUMBER 999999999L

/* Results of token_parse(). */
enum token_result {
	TOKEN_OK = 0,		/* well formed and the token is authentic */
	TOKEN_LEGACY = 1,	/* an authentic tag of the first format ("m") */
	TOKEN_MALFORMED = -1,	/* no tag, or not in the g.s.n.TOKEN form */
	TOKEN_FORGED = -2	/* well formed but the token does not verify */
};

/* Write the tagged reply address for (game, seat, serial) into out (outlen
 * bytes). reply_addr is the plain site address "local@domain" (it must not
 * already carry a '+' tag); secret and site are non-empty NUL-terminated
 * strings. Returns 0, or -1 when an argument is out of range, the address
 * is not of the form local@domain, or out is too small. */
int token_address(const char *reply_addr, const char *secret, const char *site,
    long game, int seat, long serial, char *out, size_t outlen);

/* Write only the tag "g42.s3.n17.TOKEN" into out. Same rules as above. */
int token_tag(const char *secret, const char *site, long game, int seat, long serial,
    char *out, size_t outlen);

/* Parse and verify s, which is either a full address carrying a tag
 * ("games+g42.s3.n17.TOKEN@example.org", optionally inside <...>) or the
 * bare tag (Postfix's $EXTENSION, "g42.s3.n17.TOKEN"); letters may be in
 * any case. The token is compared in constant time. On TOKEN_OK the numbers
 * are stored through game, seat and serial; on TOKEN_LEGACY game and seat,
 * and the move number of the old tag through serial; otherwise they are
 * untouched. */
enum token_result token_parse(const char *s, const char *secret, const char *site,
    long *game, int *seat, long *serial);

#endif
