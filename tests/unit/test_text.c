/*
 * test_text.c - the reasons submission_check gives are themselves valid
 * UTF-8, so an answer mail or JSON can carry them.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include <stdlib.h>

#include "../../app/app.h"
#include "../../engine/notation.h"

/*
 * Found by fuzz/inmail: a line with choices left, longer than the 60 bytes
 * quoted, was cut inside a character; the answer could not be made and the
 * mail failed as "the database failed without giving a reason".
 */
static void
test_choices_quote_whole_characters(void **state)
{
	char text[400], err[512], why[300];
	int lead, i;

	(void)state;
	for (lead = 0; lead < 3; lead++) {
		size_t n = 0;

		for (i = 0; i < lead; i++)
			text[n++] = 'x';
		for (i = 0; i < 40; i++) {
			memcpy(text + n, "\xe2\x82\xac", 3);	/* U+20AC, 3 bytes */
			n += 3;
		}
		memcpy(text + n, " | pass", 8);
		n += 7;
		assert_int_equal(submission_check(text, n, err, sizeof(err)), -1);
		assert_non_null(strstr(err, "still offers choices"));
		if (text_check(err, strlen(err), why, sizeof(why)) != 0)
			fail_msg("lead %d: the reason is not valid UTF-8: %s", lead, why);
	}
}

/*
 * Found by fuzz/inmail: Tigris quoted a word that is no square in a
 * 16-byte buffer, cut inside a character.  Every engine's reason for a
 * long non-ASCII word must be valid UTF-8 once a cut at its very end is
 * trimmed (as play.c does).
 */
static void
test_engine_reasons_whole_characters(void **state)
{
	static const char *const verbs[] = { "", "tile red ", "leader red ", "treasure ",
	    "build ", "dig ", "country ", "move ", "swap ", "pass " };
	const struct game_rules *const *r;
	char text[200], err[512], why[300];
	size_t v;
	int lead, i;

	(void)state;
	for (r = game_all(); *r != NULL; r++) {
		uint8_t seed[GAME_SEED_LEN] = { 1 };
		void *st = calloc(1, (*r)->state_size), *tmp = malloc((*r)->state_size);
		struct game_played pl;
		struct game_wait w;
		int seat;

		assert_non_null(st);
		assert_non_null(tmp);
		assert_int_equal((*r)->setup(st, 3, NULL, 0, seed, err, sizeof(err)), 0);
		(*r)->waiting(st, &w);
		for (seat = 0; !(w.mask & (1u << seat)); seat++)
			;
		for (v = 0; v < sizeof(verbs) / sizeof(verbs[0]); v++)
			for (lead = 0; lead < 2; lead++) {
				size_t n = (size_t)snprintf(text, sizeof(text), "%s%s", verbs[v],
				    lead ? "x" : "");

				for (i = 0; i < 30; i++, n += 2)
					memcpy(text + n, "\xc3\xa0", 2);	/* U+00E0 */
				text[n] = '\0';
				memcpy(tmp, st, (*r)->state_size);
				err[0] = '\0';
				if ((*r)->play(tmp, seat, text, &pl, err, sizeof(err)) == GAME_OK)
					continue;
				utf8_trim_partial(err);
				if (text_check(err, strlen(err), why, sizeof(why)) != 0)
					fail_msg("%s: '%s': the reason '%s' is not valid UTF-8 (%s)",
					    (*r)->name, text, err, why);
			}
		free(st);
		free(tmp);
	}
}

/*
 * utf8_encode and utf8_seq agree on every code point: each character
 * encodes to a sequence utf8_seq reads back whole, surrogates and code
 * points past U+10FFFF encode to nothing, and no byte sequence utf8_seq
 * accepts is overlong (the mail layer's encoded words and HTML entities
 * lean on both, since GLib is no longer linked).
 */
static void
test_utf8_round_trip(void **state)
{
	unsigned long cp;
	char buf[4];
	int n;

	(void)state;
	for (cp = 0; cp <= 0x110000; cp++) {
		n = utf8_encode(cp, buf);
		if ((cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) {
			assert_int_equal(n, 0);
			continue;
		}
		assert_int_equal(n, cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);
		assert_int_equal(utf8_seq((const unsigned char *)buf, (size_t)n), (size_t)n);
		if (n > 1)	/* cut short */
			assert_int_equal(utf8_seq((const unsigned char *)buf, (size_t)n - 1), 0);
		assert_true(utf8_valid(buf, (size_t)n));
	}
	assert_false(utf8_valid("\xc0\xaf", 2));		/* overlong '/' */
	assert_false(utf8_valid("\xed\xa0\x80", 3));	/* a surrogate */
	assert_false(utf8_valid("\xf4\x90\x80\x80", 4));	/* past U+10FFFF */
	assert_false(utf8_valid("ab\x80", 3));		/* a stray continuation */
	assert_true(utf8_valid("a\0b", 3));
}

/* A game id or a number on the command line: white space at either end is
 * refused alike (strtol skipped it in front: ' 1' was game 1, '1 ' not). */
static void
test_numbers_no_space(void **state)
{
	static const char *const bad[] = { " 1", "1 ", "\t1", "\n1", "1\n", "#", "# 1", "",
	    "0", "-1", "1e3", "0x1", "99999999999", NULL };
	int64_t id = 0;
	long v = 0;
	size_t i;

	(void)state;
	for (i = 0; bad[i] != NULL; i++)
		if (parse_game_id(bad[i], &id) == 0)
			fail_msg("'%s' was taken as game %lld", bad[i], (long long)id);
	assert_int_equal(parse_game_id("42", &id), 0);
	assert_int_equal(id, 42);
	assert_int_equal(parse_game_id("#7", &id), 0);
	assert_int_equal(id, 7);
	assert_int_equal(parse_int(" 5", 0, 10, &v), -1);
	assert_int_equal(parse_int("5", 0, 10, &v), 0);
	assert_int_equal(v, 5);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_choices_quote_whole_characters),
		cmocka_unit_test(test_engine_reasons_whole_characters),
		cmocka_unit_test(test_utf8_round_trip),
		cmocka_unit_test(test_numbers_no_space),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
