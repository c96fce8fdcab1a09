/*
 * hash.h - SHA-256 and HMAC-SHA256 for the mail layer (Nettle underneath).
 *
 * sha256_hex() gives the 64 lowercase hex digits of a digest, used for the
 * seed commitment and for content fingerprints. hmac_sha256() gives the raw
 * 32-byte keyed digest that reply tokens are cut from.
 */
#ifndef ARBITER_MAIL_HASH_H
#define ARBITER_MAIL_HASH_H

#include <stddef.h>

#define SHA256_LEN 32
#define SHA256_HEX_LEN 64

/* Write the SHA-256 of data[0..len) as 64 lowercase hex digits plus NUL into
 * out. Returns 0 (it cannot fail; the int is kept for callers that check). */
int sha256_hex(const void *data, size_t len, char out[SHA256_HEX_LEN + 1]);

/* Write HMAC-SHA256(key, data) into out (32 bytes). Returns 0. */
int hmac_sha256(const void *key, size_t keylen, const void *data, size_t len,
    unsigned char out[SHA256_LEN]);

/* Compare two buffers of n bytes in time that does not depend on where they
 * differ. Returns 1 when equal, 0 otherwise. */
int mem_equal_ct(const void *a, const void *b, size_t n);

#endif
