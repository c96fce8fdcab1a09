/*
 * test_reading.c - mail reading tells commands from prose, for every game.
 *
 *  (a) Every legal command an engine offers (its moves(), in positions
 *      reached by random self-play) is a command to its is_command hook,
 *      with or without surrounding blanks: a reply that copies a line from
 *      the mail is never skipped as prose.
 *  (b) What people write around their commands is not: greetings,
 *      thanks, sign-offs, the lines mail programs add.
 *  (c) reading_take keeps the commands of a reply between its prose.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../../app/app.h"
#include "../selfplay.h"

static const struct game_rules *R;
static int NSEATS;
static long LINES;		/* legal command lines checked in this game */
static char BAD[300];		/* the first legal line taken for prose */

static int
hook(const void *st, char *err, size_t errlen)
{
	struct game_wait w;
	int seat;

	(void)err;
	(void)errlen;
	if (R->over(st))
		return 0;
	memset(&w, 0, sizeof(w));
	R->waiting(st, &w);
	for (seat = 0; seat < NSEATS; seat++) {
		struct sbuf m = SBUF_INIT, padded = SBUF_INIT;
		const char *line;

		if (!(w.mask & (1u << seat)))
			continue;
		R->moves(st, seat, &m);
		for (line = sb_str(&m); *line != '\0';) {
			size_t n = strcspn(line, "\n");
			char buf[300];

			snprintf(buf, sizeof(buf), "%.*s", (int)n, line);
			sb_reset(&padded);
			sb_printf(&padded, "  %s  ", buf);
			if (BAD[0] == '\0' && (!R->is_command(buf) ||
			    !R->is_command(sb_str(&padded))))
				snprintf(BAD, sizeof(BAD), "%s", buf);
			LINES++;
			line += n + (line[n] == '\n');
		}
		sb_free(&m);
		sb_free(&padded);
	}
	return 0;
}

static void
test_legal_commands_are_commands(void **state)
{
	const struct game_rules *const *g;

	(void)state;
	for (g = game_all(); *g != NULL; g++) {
		struct selfplay_result res;
		char err[512];
		uint64_t seed;

		R = *g;
		assert_non_null(R->is_command);
		LINES = 0;
		BAD[0] = '\0';
		for (seed = 1; seed <= 3; seed++) {
			NSEATS = R->min_seats + (int)(seed % (uint64_t)(R->max_seats -
			    R->min_seats + 1));
			if (selfplay_game(R, NSEATS, NULL, 0, seed * 7919u, 400, 0, hook, &res,
			    err, sizeof(err)) != 0)
				fail_msg("%s: self-play failed: %s", R->name, err);
		}
		if (BAD[0] != '\0')
			fail_msg("%s: the legal command '%s' is not read as a command", R->name,
			    BAD);
		printf("%s: %ld legal command lines read as commands\n", R->name, LINES);
		assert_true(LINES > 100);
	}
}

static void
test_prose_is_not(void **state)
{
	static const char *const prose[] = {
		"Hi arbiter,", "Hello!", "Thanks!", "Cheers, Ada", "Sent from my iPhone",
		"Get Outlook for Android", "Best regards", "Ada", "",
		"I think this is my best move:", "Regards,", "--", "-Ada", "+44 20 7946 0000",
	};
	const struct game_rules *const *g;
	size_t i;

	(void)state;
	for (g = game_all(); *g != NULL; g++)
		for (i = 0; i < sizeof(prose) / sizeof(prose[0]); i++)
			if ((*g)->is_command(prose[i]))
				fail_msg("%s reads '%s' as a command", (*g)->name, prose[i]);
}

static void
test_take(void **state)
{
	const struct game_rules *r = game_find("tigris");
	struct sbuf skipped = SBUF_INIT;
	char text[] = "Hi arbiter,\n\nleader red F4\n# my plan\ntile blue C4\n\n"
	    "Thanks!\npass\n";

	(void)state;
	assert_non_null(r);
	assert_int_equal(reading_take(r, text, &skipped), 2);
	assert_string_equal(text, "leader red F4\n# my plan\ntile blue C4\n");
	assert_string_equal(sb_str(&skipped), "\"Hi arbiter,\", \"Thanks!\", \"pass\"");
	sb_free(&skipped);
}

/* A long signature: six lines quoted, each cut to 50 characters, then a count. */
static void
test_take_cap(void **state)
{
	const struct game_rules *r = game_find("tigris");
	struct sbuf skipped = SBUF_INIT;
	char text[] = "pass\nThanks,\nAda Lovelace\n"
	    "Head of Analytical Engines, Difference Engine Works Ltd.\n"
	    "12 Example Street\nLondon\n+44 20 7946 0000\nwww.example.org\n"
	    "Sent from Outlook\n";
	char one[] = "a\nb\nc\nd\ne\nf\ng\n";

	(void)state;
	assert_non_null(r);
	assert_int_equal(reading_take(r, text, &skipped), 1);
	assert_string_equal(text, "pass\n");
	assert_string_equal(sb_str(&skipped), "\"Thanks,\", \"Ada Lovelace\", "
	    "\"Head of Analytical Engines, Difference Engine Work...\", "
	    "\"12 Example Street\", \"London\", \"+44 20 7946 0000\" and 2 more lines");
	sb_reset(&skipped);
	/* Exactly one more: the singular. */
	assert_int_equal(reading_take(r, one, &skipped), 0);
	assert_string_equal(one, "");
	assert_string_equal(sb_str(&skipped),
	    "\"a\", \"b\", \"c\", \"d\", \"e\", \"f\" and 1 more line");
	sb_free(&skipped);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_legal_commands_are_commands),
		cmocka_unit_test(test_prose_is_not),
		cmocka_unit_test(test_take),
		cmocka_unit_test(test_take_cap),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
