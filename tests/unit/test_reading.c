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
 *  (d) A legal command whose first word is misspelt (from the engine's
 *      own verbs: two letters swapped, one left out or added, one
 *      changed in a long verb) is refused, never skipped as a greeting,
 *      above the commands or as the line that stops them; every game.
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
static long MISSPELT;		/* misspelt commands refused in this game */
static char READ[300];		/* the first misspelt command read past */
static int TRIED[64];		/* lines of each verb misspelt */

/* The misspellings of the verb v at the head of line into out[]: its
 * second and third letters swapped, its second left out, its second
 * doubled, and in a verb of five letters or more its second changed. */
static int
misspellings(const char *line, size_t v, char out[4][300])
{
	int n = 0;

	if (v >= 3 && line[1] != line[2]) {
		snprintf(out[n], 300, "%s", line);
		out[n][1] = line[2];
		out[n++][2] = line[1];
	}
	if (v >= 4)
		snprintf(out[n++], 300, "%c%s", line[0], line + 2);
	snprintf(out[n++], 300, "%.2s%.290s", line, line + 1);
	if (v >= 5) {
		snprintf(out[n], 300, "%s", line);
		out[n++][1] = line[1] == 'x' ? 'q' : 'x';
	}
	return n;
}

/*
 * Each misspelling of a legal line that is no command itself: refused
 * when it is the first line (under a greeting) and when it stops the
 * commands (after a legal one).
 */
static void
try_misspelt(const char *line)
{
	char var[4][300], text[700];
	struct sbuf skipped = SBUF_INIT, misread = SBUF_INIT;
	size_t v = strcspn(line, " ");
	const char *const *verb;
	int i, n, k;

	for (verb = R->verbs; *verb != NULL; verb++)
		if (strlen(*verb) == v && strncmp(*verb, line, v) == 0)
			break;
	/* at most 200 lines a verb: Tigris lists thousands of tiles */
	if (*verb == NULL || TRIED[verb - R->verbs]++ >= 200)
		return;
	n = misspellings(line, v, var);
	for (i = 0; i < n; i++) {
		if (R->is_command(var[i]))
			continue;	/* another verb: a command anyway */
		for (k = 0; k < 2; k++) {
			snprintf(text, sizeof(text), k == 0 ? "Hi all,\n%s\n%s\n" :
			    "%s\n%s\nThanks!\n", k == 0 ? var[i] : line, k == 0 ? line : var[i]);
			sb_reset(&skipped);
			sb_reset(&misread);
			if (reading_take(R, text, &skipped, &misread) != -1 ||
			    strstr(sb_str(&misread), var[i]) == NULL) {
				if (READ[0] == '\0')
					snprintf(READ, sizeof(READ), "%s", var[i]);
			} else
				MISSPELT++;
		}
	}
	sb_free(&skipped);
	sb_free(&misread);
}

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
			try_misspelt(buf);
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
		MISSPELT = 0;
		memset(TRIED, 0, sizeof(TRIED));
		BAD[0] = READ[0] = '\0';
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
		if (READ[0] != '\0')
			fail_msg("%s: the misspelt command '%s' was read past", R->name, READ);
		printf("%s: %ld legal command lines read as commands, %ld misspelt ones "
		    "refused\n", R->name, LINES, MISSPELT);
		assert_true(LINES > 100);
		assert_true(MISSPELT > 100);
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

/*
 * Greetings and sign-offs near a verb of some game ("Dear all," and deal,
 * "Sent" and send, "Bye" and buy, "Love" and move, "Tiles I want:" and
 * tile) are still skipped, above the commands and below them; so are a
 * telephone number and a name.
 */
static void
test_prose_is_skipped(void **state)
{
	static const char *const prose[] = {
		"Hi all,", "Hello Bob", "Dear all,", "Dear Bob", "Bye", "Bye!", "Love, Ann",
		"Love", "Sent from my iPhone", "Sent", "Moves:", "My moves:", "By the way",
		"One more thing", "Thanks, see you in round 2", "Good luck everyone",
		"Best", "Cheers", "+44 20 7946 0000", "Tiles I want: none", "Ann",
		"End of message", "Out of office", "Place your bets", "Built a nice town there",
		"Sorry for the delay", "Passing through", "Just a test",
		"London SW1A 2AA", "Regards, Bob",
	};
	const struct game_rules *const *g;
	size_t i;
	int k;

	(void)state;
	for (g = game_all(); *g != NULL; g++)
		for (i = 0; i < sizeof(prose) / sizeof(prose[0]); i++)
			for (k = 0; k < 2; k++) {
				struct sbuf skipped = SBUF_INIT, misread = SBUF_INIT;
				char text[300];

				snprintf(text, sizeof(text), k == 0 ? "%s\npass\n" : "pass\n%s\n",
				    prose[i]);
				if (reading_take(*g, text, &skipped, &misread) != 1)
					fail_msg("%s refuses '%s' %s the commands: %s", (*g)->name,
					    prose[i], k == 0 ? "above" : "below", sb_str(&misread));
				sb_free(&skipped);
				sb_free(&misread);
			}
}

/* The answer names the line and the verb it misspells; a line of the
 * notation without its verb is refused too. */
static void
test_misread(void **state)
{
	struct sbuf skipped = SBUF_INIT, misread = SBUF_INIT;
	char terra[] = "Hi all,\nleach 2 from nomads\nleech 3 from cultists\nburn 3\n"
	    "action ACT3\n";
	char colour[] = "pick-colour grey\n+FAV11\n";
	char bare[] = "Hello,\nACT3\n";
	char tigris[] = "leader red F4\nsuport 2\nThanks!\n";

	(void)state;
	assert_int_equal(reading_take(game_find("terra"), terra, &skipped, &misread), -1);
	assert_string_equal(sb_str(&misread), "the line \"leach 2 from nomads\" is no "
	    "command of Terra Mystica, though it looks like one (did you mean \"leech\"?); "
	    "arbiter skips only what is plainly not a command, so nothing in your mail "
	    "was applied");
	sb_reset(&misread);
	assert_int_equal(reading_take(game_find("terra"), colour, &skipped, &misread), -1);
	assert_non_null(strstr(sb_str(&misread), "(did you mean \"pick-color\"?)"));
	sb_reset(&misread);
	assert_int_equal(reading_take(game_find("terra"), bare, &skipped, &misread), -1);
	assert_non_null(strstr(sb_str(&misread), "\"ACT3\" is written like a command"));
	sb_reset(&misread);
	assert_int_equal(reading_take(game_find("tigris"), tigris, &skipped, &misread), -1);
	assert_non_null(strstr(sb_str(&misread), "(did you mean \"support\"?)"));
	sb_free(&skipped);
	sb_free(&misread);
}

static void
test_take(void **state)
{
	const struct game_rules *r = game_find("tigris");
	struct sbuf skipped = SBUF_INIT, misread = SBUF_INIT;
	char text[] = "Hi arbiter,\n\nleader red F4\n# my plan\ntile blue C4\n\n"
	    "Thanks!\npass\n";

	(void)state;
	assert_non_null(r);
	assert_int_equal(reading_take(r, text, &skipped, &misread), 2);
	assert_string_equal(text, "leader red F4\n# my plan\ntile blue C4\n");
	assert_string_equal(sb_str(&skipped), "\"Hi arbiter,\", \"Thanks!\", \"pass\"");
	sb_free(&skipped);
	sb_free(&misread);
}

/* A long signature: six lines quoted, each cut to 50 characters, then a count. */
static void
test_take_cap(void **state)
{
	const struct game_rules *r = game_find("tigris");
	struct sbuf skipped = SBUF_INIT, misread = SBUF_INIT;
	char text[] = "pass\nThanks,\nAda Lovelace\n"
	    "Head of Analytical Engines, Difference Engine Works Ltd.\n"
	    "12 Example Street\nLondon\n+44 20 7946 0000\nwww.example.org\n"
	    "Sent from Outlook\n";
	char one[] = "a\nb\nc\nd\ne\nf\ng\n";

	(void)state;
	assert_non_null(r);
	assert_int_equal(reading_take(r, text, &skipped, &misread), 1);
	assert_string_equal(text, "pass\n");
	assert_string_equal(sb_str(&skipped), "\"Thanks,\", \"Ada Lovelace\", "
	    "\"Head of Analytical Engines, Difference Engine Work...\", "
	    "\"12 Example Street\", \"London\", \"+44 20 7946 0000\" and 2 more lines");
	sb_reset(&skipped);
	/* Exactly one more: the singular. */
	assert_int_equal(reading_take(r, one, &skipped, &misread), 0);
	assert_string_equal(one, "");
	assert_string_equal(sb_str(&skipped),
	    "\"a\", \"b\", \"c\", \"d\", \"e\", \"f\" and 1 more line");
	assert_int_equal((int)misread.len, 0);
	sb_free(&skipped);
	sb_free(&misread);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_legal_commands_are_commands),
		cmocka_unit_test(test_prose_is_not),
		cmocka_unit_test(test_prose_is_skipped),
		cmocka_unit_test(test_misread),
		cmocka_unit_test(test_take),
		cmocka_unit_test(test_take_cap),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
