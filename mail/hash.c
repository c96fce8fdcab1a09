/*
 * hash.c - SHA-256 and HMAC-SHA256 through GLib's GChecksum and GHmac.
 */
#include "hash.h"

#include <glib.h>
#include <string.h>

/* Hex-encode a SHA-256 digest of data; see hash.h. */
int
sha256_hex(const void *data, size_t len, char out[SHA256_HEX_LEN + 1])
{
	GChecksum *ck;
	const gchar *hex;

	ck = g_checksum_new(G_CHECKSUM_SHA256);
	if (ck == NULL)
		return -1;
	g_checksum_update(ck, data, (gssize)len);
	hex = g_checksum_get_string(ck);
	if (hex == NULL || strlen(hex) != SHA256_HEX_LEN) {
		g_checksum_free(ck);
		return -1;
	}
	memcpy(out, hex, SHA256_HEX_LEN + 1);
	g_checksum_free(ck);
	return 0;
}

/* Raw HMAC-SHA256 of data under key; see hash.h. */
int
hmac_sha256(const void *key, size_t keylen, const void *data, size_t len,
    unsigned char out[SHA256_LEN])
{
	GHmac *h;
	gsize outlen = SHA256_LEN;

	h = g_hmac_new(G_CHECKSUM_SHA256, key, keylen);
	if (h == NULL)
		return -1;
	g_hmac_update(h, data, (gssize)len);
	g_hmac_get_digest(h, out, &outlen);
	g_hmac_unref(h);
	return outlen == SHA256_LEN ? 0 : -1;
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
