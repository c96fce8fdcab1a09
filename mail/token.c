/*
 * token.c - keyed reply tags "g42.s3.n17.TOKEN" (see token.h).
 */
#include "token.h"
#include "hash.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define TAG_MAX 96
#define SITE_MAX 128

static const char b32_alphabet[] = "abcdefghijklmnopqrstuvwxyz234567";

/* Encode the first enough bytes of digest as TOKEN_CHARS base32 characters
 * (5 bits each, most significant first) into out, which gets a NUL. */
static void
b32_token(const unsigned char digest[SHA256_LEN], char out[TOKEN_CHARS + 1])
{
	unsigned int acc = 0;
	int bits = 0;
	size_t in = 0;
	size_t n;

	for (n = 0; n < TOKEN_CHARS; n++) {
		if (bits < 5) {
			acc = (acc << 8) | digest[in++];
			bits += 8;
		}
		out[n] = b32_alphabet[(acc >> (bits - 5)) & 31u];
		bits -= 5;
	}
	out[TOKEN_CHARS] = '\0';
}

/* Check that the numbers fit the documented ranges. */
static int
numbers_ok(long game, int seat, long serial)
{
	return game >= 1 && game <= TOKEN_MAX_NUMBER && seat >= 0 &&
	    seat <= TOKEN_MAX_SEAT && serial >= 0 && serial <= TOKEN_MAX_NUMBER;
}

/* Compute the token for the canonical text "g42.s3.n17" into out: keyed
 * with secret over SITE "/" text, or over text alone for a legacy tag
 * (site NULL). */
static int
compute_token(const char *secret, const char *site, const char *text,
    char out[TOKEN_CHARS + 1])
{
	unsigned char digest[SHA256_LEN];
	char data[SITE_MAX + TAG_MAX + 2];
	int n;

	if (site != NULL)
		n = snprintf(data, sizeof data, "%s/%s", site, text);
	else
		n = snprintf(data, sizeof data, "%s", text);
	if (n < 0 || (size_t)n >= sizeof data)
		return -1;
	if (hmac_sha256(secret, strlen(secret), data, (size_t)n, digest) != 0)
		return -1;
	b32_token(digest, out);
	return 0;
}

/* True when the site id is usable: non-empty, short, no '/'. */
static int
site_ok(const char *site)
{
	return site != NULL && site[0] != '\0' && strlen(site) < SITE_MAX &&
	    strchr(site, '/') == NULL;
}

/* Write the tag for (game, seat, serial); see token.h. */
int
token_tag(const char *secret, const char *site, long game, int seat, long serial,
    char *out, size_t outlen)
{
	char text[TAG_MAX];
	char tok[TOKEN_CHARS + 1];
	int n;

	if (secret == NULL || secret[0] == '\0' || !site_ok(site) ||
	    !numbers_ok(game, seat, serial))
		return -1;
	n = snprintf(text, sizeof text, "g%ld.s%d.n%ld", game, seat, serial);
	if (n < 0 || (size_t)n >= sizeof text)
		return -1;
	if (compute_token(secret, site, text, tok) != 0)
		return -1;
	n = snprintf(out, outlen, "%s.%s", text, tok);
	if (n < 0 || (size_t)n >= outlen)
		return -1;
	return 0;
}

/* Write the tagged reply address; see token.h. */
int
token_address(const char *reply_addr, const char *secret, const char *site,
    long game, int seat, long serial, char *out, size_t outlen)
{
	char tag[TAG_MAX];
	const char *at;
	size_t local;
	int n;

	if (reply_addr == NULL)
		return -1;
	at = strchr(reply_addr, '@');
	if (at == NULL || at == reply_addr || at[1] == '\0' ||
	    strchr(at + 1, '@') != NULL)
		return -1;
	local = (size_t)(at - reply_addr);
	if (memchr(reply_addr, '+', local) != NULL)
		return -1;
	if (token_tag(secret, site, game, seat, serial, tag, sizeof tag) != 0)
		return -1;
	n = snprintf(out, outlen, "%.*s+%s%s", (int)local, reply_addr, tag, at);
	if (n < 0 || (size_t)n >= outlen)
		return -1;
	return 0;
}

/* Read a decimal number with no sign and no leading zero (except "0") from
 * *p up to the delimiter delim; advance *p past the delimiter. Returns 0 or
 * -1 when malformed or above TOKEN_MAX_NUMBER. */
static int
read_number(const char **p, char delim, long *val)
{
	const char *s = *p;
	long v = 0;
	size_t n = 0;

	while (isdigit((unsigned char)s[n])) {
		if (n >= 9)
			return -1;
		v = v * 10 + (s[n] - '0');
		n++;
	}
	if (n == 0 || (n > 1 && s[0] == '0') || s[n] != delim)
		return -1;
	*val = v;
	*p = s + n + 1;
	return 0;
}

/* Copy the tag out of s (a bare tag, or an address with local+tag@domain,
 * maybe in angle brackets) into tag, lowercased. Returns 0 or -1. */
static int
extract_tag(const char *s, char tag[TAG_MAX])
{
	const char *start = s;
	const char *end;
	const char *plus;
	size_t n;
	size_t i;

	while (*start == ' ' || *start == '\t' || *start == '<')
		start++;
	end = start + strcspn(start, "@> \t\r\n");
	plus = memchr(start, '+', (size_t)(end - start));
	if (plus != NULL)
		start = plus + 1;
	else if (*end == '@')
		return -1;
	n = (size_t)(end - start);
	if (n == 0 || n >= TAG_MAX)
		return -1;
	for (i = 0; i < n; i++)
		tag[i] = (char)tolower((unsigned char)start[i]);
	tag[n] = '\0';
	return 0;
}

/* Parse and verify a tag or tagged address; see token.h. */
enum token_result
token_parse(const char *s, const char *secret, const char *site, long *game,
    int *seat, long *serial)
{
	char tag[TAG_MAX];
	char want[TOKEN_CHARS + 1];
	const char *p;
	long g, st, m;
	size_t prefix;
	char kind;

	if (s == NULL || secret == NULL || secret[0] == '\0' || !site_ok(site))
		return TOKEN_MALFORMED;
	if (extract_tag(s, tag) != 0 || tag[0] != 'g')
		return TOKEN_MALFORMED;
	p = tag + 1;
	if (read_number(&p, '.', &g) != 0 || *p++ != 's' ||
	    read_number(&p, '.', &st) != 0)
		return TOKEN_MALFORMED;
	kind = *p++;
	if ((kind != 'n' && kind != 'm') || read_number(&p, '.', &m) != 0)
		return TOKEN_MALFORMED;
	if (st > TOKEN_MAX_SEAT || !numbers_ok(g, (int)st, m))
		return TOKEN_MALFORMED;
	if (strlen(p) != TOKEN_CHARS || strspn(p, b32_alphabet) != TOKEN_CHARS)
		return TOKEN_MALFORMED;
	prefix = (size_t)(p - 1 - tag);
	tag[prefix] = '\0';
	if (compute_token(secret, kind == 'n' ? site : NULL, tag, want) != 0)
		return TOKEN_MALFORMED;
	if (!mem_equal_ct(want, p, TOKEN_CHARS))
		return TOKEN_FORGED;
	*game = g;
	*seat = (int)st;
	*serial = m;
	return kind == 'n' ? TOKEN_OK : TOKEN_LEGACY;
}
