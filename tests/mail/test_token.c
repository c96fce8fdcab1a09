/*
 * test_token.c - SHA-256, HMAC-SHA256 and keyed reply tokens.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "../../mail/hash.h"
#include "../../mail/token.h"

#define SECRET "test-secret-0123456789"
#define SITE "0123456789abcdef0123456789abcdef"

/* SHA-256 of the FIPS 180-2 examples. */
static void
test_sha256_vectors(void **state)
{
	char hex[SHA256_HEX_LEN + 1];

	(void)state;
	assert_int_equal(sha256_hex("abc", 3, hex), 0);
	assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223"
	    "b00361a396177a9cb410ff61f20015ad");
	assert_int_equal(sha256_hex("", 0, hex), 0);
	assert_string_equal(hex, "e3b0c44298fc1c149afbf4c8996fb924"
	    "27ae41e4649b934ca495991b7852b855");
}

/* HMAC-SHA256 of RFC 4231 test case 2. */
static void
test_hmac_vector(void **state)
{
	static const unsigned char want[SHA256_LEN] = {
		0x5b, 0xdc, 0xc1, 0x46, 0xbf, 0x60, 0x75, 0x4e, 0x6a, 0x04,
		0x24, 0x26, 0x08, 0x95, 0x75, 0xc7, 0x5a, 0x00, 0x3f, 0x08,
		0x9d, 0x27, 0x39, 0x83, 0x9d, 0xec, 0x58, 0xb9, 0x64, 0xec,
		0x38, 0x43
	};
	unsigned char out[SHA256_LEN];
	const char *data = "what do ya want for nothing?";

	(void)state;
	assert_int_equal(hmac_sha256("Jefe", 4, data, strlen(data), out), 0);
	assert_memory_equal(out, want, SHA256_LEN);
	assert_true(mem_equal_ct(out, want, SHA256_LEN));
	out[31] ^= 1;
	assert_false(mem_equal_ct(out, want, SHA256_LEN));
}

/* An address made for (game, seat, serial) parses back to the same
 * numbers, as a full address, in brackets, in upper case and as a bare tag. */
static void
test_round_trip(void **state)
{
	char addr[256];
	char upper[300];
	char tag[128];
	long game = 0, serial = 0;
	int seat = -1;
	size_t i;

	(void)state;
	assert_int_equal(token_address("games@example.org", SECRET, SITE, 42, 3, 17,
	    addr, sizeof addr), 0);
	assert_int_equal(strncmp(addr, "games+g42.s3.n17.", 17), 0);
	assert_int_equal(strlen(addr), strlen("games+g42.s3.n17.") +
	    TOKEN_CHARS + strlen("@example.org"));
	assert_int_equal(token_parse(addr, SECRET, SITE, &game, &seat, &serial),
	    TOKEN_OK);
	assert_int_equal(game, 42);
	assert_int_equal(seat, 3);
	assert_int_equal(serial, 17);

	for (i = 0; addr[i] != '\0'; i++)
		upper[i] = (char)((addr[i] >= 'a' && addr[i] <= 'z') ?
		    addr[i] - 32 : addr[i]);
	upper[i] = '\0';
	game = 0;
	assert_int_equal(token_parse(upper, SECRET, SITE, &game, &seat, &serial),
	    TOKEN_OK);
	assert_int_equal(game, 42);

	snprintf(upper, sizeof upper, "<%s>", addr);
	assert_int_equal(token_parse(upper, SECRET, SITE, &game, &seat, &serial),
	    TOKEN_OK);

	assert_int_equal(token_tag(SECRET, SITE, 42, 3, 17, tag, sizeof tag), 0);
	assert_non_null(strstr(addr, tag));
	seat = -1;
	assert_int_equal(token_parse(tag, SECRET, SITE, &game, &seat, &serial),
	    TOKEN_OK);
	assert_int_equal(seat, 3);
}

/* Tokens differ by game, seat, serial, secret and site. */
static void
test_tokens_differ(void **state)
{
	char a[128], b[128];

	(void)state;
	assert_int_equal(token_tag(SECRET, SITE, 42, 3, 17, a, sizeof a), 0);
	assert_int_equal(token_tag(SECRET, SITE, 42, 3, 18, b, sizeof b), 0);
	assert_string_not_equal(strrchr(a, '.'), strrchr(b, '.'));
	assert_int_equal(token_tag(SECRET, SITE, 42, 2, 17, b, sizeof b), 0);
	assert_string_not_equal(strrchr(a, '.'), strrchr(b, '.'));
	assert_int_equal(token_tag("other", SITE, 42, 3, 17, b, sizeof b), 0);
	assert_string_not_equal(a, b);
	assert_int_equal(token_tag(SECRET, "another-site", 42, 3, 17, b, sizeof b), 0);
	assert_string_not_equal(a, b);
}

/* Two databases sharing a key file do not accept each other's tokens:
 * the same key with another site id finds the token forged. */
static void
test_cross_site(void **state)
{
	char tag[128];
	long game = 7, serial = 7;
	int seat = 7;

	(void)state;
	assert_int_equal(token_tag(SECRET, SITE, 42, 3, 17, tag, sizeof tag), 0);
	assert_int_equal(token_parse(tag, SECRET, "fedcba9876543210fedcba9876543210",
	    &game, &seat, &serial), TOKEN_FORGED);
	assert_int_equal(token_parse(tag, SECRET, "", &game, &seat, &serial),
	    TOKEN_MALFORMED);
	assert_int_equal(game, 7);
}

/* A tag of the first format ("m", no site) verifies as legacy with its
 * own key, and as forged with any other; the site plays no part in it. */
static void
test_legacy(void **state)
{
	unsigned char digest[SHA256_LEN];
	static const char b32[] = "abcdefghijklmnopqrstuvwxyz234567";
	char tag[128];
	unsigned acc = 0;
	int bits = 0, n, k;
	size_t in = 0;
	long game = 0, serial = 0;
	int seat = -1;

	(void)state;
	/* The first format, made here as the first arbiter made it. */
	assert_int_equal(hmac_sha256(SECRET, strlen(SECRET), "g42.s3.m17", 10, digest), 0);
	n = snprintf(tag, sizeof tag, "g42.s3.m17.");
	for (k = 0; k < TOKEN_CHARS; k++) {
		if (bits < 5) {
			acc = (acc << 8) | digest[in++];
			bits += 8;
		}
		tag[n + k] = b32[(acc >> (bits - 5)) & 31u];
		bits -= 5;
	}
	tag[n + k] = '\0';
	assert_int_equal(token_parse(tag, SECRET, SITE, &game, &seat, &serial),
	    TOKEN_LEGACY);
	assert_int_equal(game, 42);
	assert_int_equal(seat, 3);
	assert_int_equal(serial, 17);
	assert_int_equal(token_parse(tag, "wrong-secret-0123", SITE, &game, &seat,
	    &serial), TOKEN_FORGED);
	/* The same numbers as a new tag with the old token: forged. */
	tag[7] = 'n';
	assert_int_equal(token_parse(tag, SECRET, SITE, &game, &seat, &serial),
	    TOKEN_FORGED);
}

/* Any change to the tag, or the wrong secret, is caught as forged. */
static void
test_forged(void **state)
{
	char tag[128];
	char copy[128];
	long game = 7, serial = 7;
	int seat = 7;
	size_t i;

	(void)state;
	assert_int_equal(token_tag(SECRET, SITE, 42, 3, 17, tag, sizeof tag), 0);
	assert_int_equal(token_parse(tag, "wrong-secret", SITE, &game, &seat, &serial),
	    TOKEN_FORGED);
	/* Same token, other numbers: a player trying another seat or serial. */
	snprintf(copy, sizeof copy, "g42.s2.n17%s", strrchr(tag, '.'));
	assert_int_equal(token_parse(copy, SECRET, SITE, &game, &seat, &serial),
	    TOKEN_FORGED);
	snprintf(copy, sizeof copy, "g42.s3.n16%s", strrchr(tag, '.'));
	assert_int_equal(token_parse(copy, SECRET, SITE, &game, &seat, &serial),
	    TOKEN_FORGED);
	/* Flip each token character in turn. */
	for (i = strlen(tag) - TOKEN_CHARS; i < strlen(tag); i++) {
		memcpy(copy, tag, strlen(tag) + 1);
		copy[i] = copy[i] == 'a' ? 'b' : 'a';
		assert_int_equal(token_parse(copy, SECRET, SITE, &game, &seat, &serial),
		    TOKEN_FORGED);
	}
	assert_int_equal(game, 7);
	assert_int_equal(seat, 7);
	assert_int_equal(serial, 7);
}

/* Malformed tags and addresses are refused as such, truncated ones too. */
static void
test_malformed(void **state)
{
	static const char *const bad[] = {
		"", "games@example.org", "games+@example.org",
		"g42.s3.n17", "g42.s3.n17.", "g42.s3.abcdefghijklmnopqrst",
		"g042.s3.n17.abcdefghijklmnopqrst",
		"g0.s3.n17.abcdefghijklmnopqrst",
		"g42.s100.n17.abcdefghijklmnopqrst",
		"g42.s3.n17.abcdefghijklmnopqrs",
		"g42.s3.n17.abcdefghijklmnopqrstu",
		"g42.s3.n17.abcdefghijklmnopqrs1",
		"g-4.s3.n17.abcdefghijklmnopqrst",
		"g1234567890.s3.n17.abcdefghijklmnopqrst",
		"x42.s3.n17.abcdefghijklmnopqrst",
		"g42.s3.x17.abcdefghijklmnopqrst",
		"g42.s3.n.abcdefghijklmnopqrst",
	};
	char tag[128];
	long game, serial;
	int seat;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		assert_int_equal(token_parse(bad[i], SECRET, SITE, &game, &seat,
		    &serial), TOKEN_MALFORMED);
	assert_int_equal(token_parse("g42.s3.n17.abcdefghijklmnopqrst", "", SITE,
	    &game, &seat, &serial), TOKEN_MALFORMED);
	/* A real tag cut anywhere is malformed, never accepted. */
	assert_int_equal(token_tag(SECRET, SITE, 42, 3, 17, tag, sizeof tag), 0);
	for (i = strlen(tag); i-- > 0;) {
		tag[i] = '\0';
		assert_true(token_parse(tag, SECRET, SITE, &game, &seat, &serial) < 0);
	}
}

/* token_address refuses bad input and short buffers. */
static void
test_address_errors(void **state)
{
	char out[256];
	char tiny[20];

	(void)state;
	assert_int_equal(token_address("games+x@example.org", SECRET, SITE, 1, 0, 0,
	    out, sizeof out), -1);
	assert_int_equal(token_address("example.org", SECRET, SITE, 1, 0, 0, out,
	    sizeof out), -1);
	assert_int_equal(token_address("games@example.org", "", SITE, 1, 0, 0, out,
	    sizeof out), -1);
	assert_int_equal(token_address("games@example.org", SECRET, "", 1, 0, 0, out,
	    sizeof out), -1);
	assert_int_equal(token_address("games@example.org", SECRET, "a/b", 1, 0, 0, out,
	    sizeof out), -1);
	assert_int_equal(token_address("games@example.org", SECRET, SITE, 0, 0, 0,
	    out, sizeof out), -1);
	assert_int_equal(token_address("games@example.org", SECRET, SITE, 1, -1, 0,
	    out, sizeof out), -1);
	assert_int_equal(token_address("games@example.org", SECRET, SITE, 1, 0, -1,
	    out, sizeof out), -1);
	assert_int_equal(token_address("games@example.org", SECRET, SITE, 1, 0, 0,
	    tiny, sizeof tiny), -1);
	assert_int_equal(token_address("games@example.org", SECRET, SITE, 1, 0, 0,
	    out, sizeof out), 0);
}

/* Run every test of this file. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sha256_vectors),
		cmocka_unit_test(test_hmac_vector),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_tokens_differ),
		cmocka_unit_test(test_cross_site),
		cmocka_unit_test(test_legacy),
		cmocka_unit_test(test_forged),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_address_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
