/* test_foundation.c - the shared pieces: text buffer, command splitter, generator. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../../engine/notation.h"
#include "../../engine/rng.h"
#include "../../engine/sbuf.h"

static void
test_sbuf_grows(void **state)
{
	struct sbuf b = SBUF_INIT;
	int i;

	(void)state;
	assert_string_equal(sb_str(&b), "");
	for (i = 0; i < 1000; i++)
		sb_printf(&b, "%d,", i % 10);
	assert_int_equal(b.len, 2000);
	assert_int_equal(b.s[1998], '9');
	sb_reset(&b);
	sb_repeat(&b, '-', 5);
	assert_string_equal(sb_str(&b), "-----");
	sb_free(&b);
}

static void
test_split_separators_comments(void **state)
{
	struct cmdlist l;

	(void)state;
	assert_int_equal(cmd_split("leader red F4;  tile   black G4 # why\n\n pass ;", ";", &l), 0);
	assert_int_equal(l.n, 3);
	assert_string_equal(l.cmd[0], "leader red F4");
	assert_string_equal(l.cmd[1], "tile black G4");
	assert_string_equal(l.cmd[2], "pass");
	cmd_free(&l);
	/* A comment runs to the end of its line only; ';' inside it does not split. */
	assert_int_equal(cmd_split("# a; b\nswap rrb", ";", &l), 0);
	assert_int_equal(l.n, 1);
	assert_string_equal(l.cmd[0], "swap rrb");
	cmd_free(&l);
}

static void
test_split_rejects_overlong(void **state)
{
	struct cmdlist l;
	char big[CMD_MAX_LEN + 10];

	(void)state;
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	assert_int_equal(cmd_split(big, ";", &l), -1);
	assert_int_equal(l.n, 0);
}

static void
test_words_lowercase(void **state)
{
	char cmd[] = "Tile RED f7";
	char *w[4];

	(void)state;
	assert_int_equal(cmd_words(cmd, w, 4), 3);
	assert_string_equal(w[0], "tile");
	assert_string_equal(w[1], "red");
	assert_string_equal(w[2], "f7");
	assert_true(word_eq("Alice", "aLICE"));
	assert_false(word_eq("Alice", "Alic"));
}

static void
test_rng_deterministic_and_bounded(void **state)
{
	uint8_t seed[32] = { 1, 2, 3 };
	struct rng a, b;
	int i, hits[6] = { 0 };

	(void)state;
	rng_seed(&a, seed);
	rng_seed(&b, seed);
	for (i = 0; i < 6000; i++) {
		uint32_t x = rng_below(&a, 6);

		assert_int_equal(x, rng_below(&b, 6));
		assert_true(x < 6);
		hits[x]++;
	}
	for (i = 0; i < 6; i++)
		assert_in_range(hits[i], 800, 1200);
	seed[0] = 9;
	rng_seed(&b, seed);
	assert_int_not_equal(rng_next(&a), rng_next(&b));
}

/* Every byte of the seed changes the very first draw. */
static void
test_rng_every_seed_byte_counts(void **state)
{
	uint8_t seed[32] = { 0 };
	struct rng a, b;
	int i;

	(void)state;
	rng_seed(&a, seed);
	for (i = 0; i < 32; i++) {
		seed[i] = 1;
		rng_seed(&b, seed);
		assert_int_not_equal(rng_next(&a), rng_next(&b));
		rng_seed(&a, (const uint8_t[32]){ 0 });
		seed[i] = 0;
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sbuf_grows),
		cmocka_unit_test(test_split_separators_comments),
		cmocka_unit_test(test_split_rejects_overlong),
		cmocka_unit_test(test_words_lowercase),
		cmocka_unit_test(test_rng_deterministic_and_bounded),
		cmocka_unit_test(test_rng_every_seed_byte_counts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
