/*
 * hash.c - SHA-256 and HMAC-SHA256 through Nettle (see hash.h).
 *
 * Nettle is one small library with no dependencies of its own, so a move
 * that makes reply tokens loads nothing more than it needs.
 */
#include "hash.h"

#include <nettle/hmac.h>
#include <nettle/sha2.h>
#include <string.h>

/* Hex-encode a SHA-256 digest of data; see hash.h. */
int
sha256_hex(const void *data, size_t len, char out[SHA256_HEX_LEN + 1])
{
	static const char hex[] = "0123456789abcdef";
	struct sha256_ctx ctx;
	uint8_t d[SHA256_LEN];
	size_t i;

	sha256_init(&ctx);
	sha256_update(&ctx, len, data);
	sha256_digest(&ctx, sizeof(d), d);
	for (i = 0; i < sizeof(d); i++) {
		out[2 * i] = hex[d[i] >> 4];
		out[2 * i + 1] = hex[d[i] & 15];
	}
	out[SHA256_HEX_LEN] = '\0';
	return 0;
}

/* Raw HMAC-SHA256 of data under key; see hash.h. */
int
hmac_sha256(const void *key, size_t keylen, const void *data, size_t len,
    unsigned char out[SHA256_LEN])
{
	struct hmac_sha256_ctx ctx;

	hmac_sha256_set_key(&ctx, keylen, key);
	hmac_sha256_update(&ctx, len, data);
	hmac_sha256_digest(&ctx, SHA256_LEN, out);
	return 0;
}

/* Constant-time equality of two n-byte buffers; see hash.h. */
int
mem_equal_ct(const void *a, const void *b, size_t n)
{
	const volatile unsigned char *pa = a;
	const volatile unsigned char *pb = b;
	unsigned char diff = 0;
	size_t i;

	for (i = 0; i < n; i++)
		diff |= (unsigned char)(pa[i] ^ pb[i]);
	return diff == 0;
}
