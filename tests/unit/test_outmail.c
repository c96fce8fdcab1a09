/*
 * test_outmail.c - the legal-move list of a mail can be copied back.
 *
 * For every game built in, on positions of seeded self-play: every line of
 * outmail_moves_compact(), with all its choices but one deleted as a player
 * would, is a complete command the engine accepts from that seat; the lines
 * together offer exactly the engine's moves(), in order; and no line is
 * wider than the mail allows unless one command alone is.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../../app/outmail.h"
#include "../selfplay.h"

/* The game the self-play hook checks, and how often it looks. */
static const struct game_rules *cur;
static long calls;
static long lines_checked;
enum { EVERY = 5 };

/* Copy line into out with the choice k kept; the number of choices. */
static int
keep_choice(const char *line, int k, struct sbuf *out)
{
	const char *bar = strstr(line, " | "), *p;
	const char *last;
	int n = 1, i;

	sb_reset(out);
	if (bar == NULL) {
		sb_puts(out, line);
		return 1;
	}
	/* The shared words end before the first choice, the first line's last word. */
	for (last = bar; last > line && last[-1] != ' '; last--)
		;
	for (p = bar; (p = strstr(p, " | ")) != NULL; p += 3)
		n++;
	sb_putn(out, line, (size_t)(last - line));
	p = last;
	for (i = 0; i < k; i++)
		p = strstr(p, " | ") + 3;
	sb_putn(out, p, strcspn(p, " "));
	return n;
}

/* Check the mail list of seat on st; fails the test with a message. */
static void
check_seat(const void *st, int seat)
{
	struct loaded g;
	struct sbuf compact = SBUF_INIT, all = SBUF_INIT, expanded = SBUF_INIT,
	    cmd = SBUF_INIT;
	struct game_played pl;
	void *tmp = malloc(cur->state_size);
	char err[512];
	const char *p;

	assert_non_null(tmp);
	memset(&g, 0, sizeof(g));
	g.rules = cur;
	g.state = (void *)(uintptr_t)st;
	outmail_moves_compact(&g, seat, &compact);
	cur->moves(st, seat, &all);
	for (p = sb_str(&compact); *p != '\0';) {
		size_t n = strcspn(p, "\n");
		char *line = strndup(p, n);
		int k, choices;

		assert_non_null(line);
		if (strncmp(line, "  ", 2) != 0)
			fail_msg("%s: mail line '%s' is not indented", cur->name, line);
		choices = keep_choice(line + 2, 0, &cmd);
		if (n > OUTMAIL_MOVES_WIDTH && choices > 1)
			fail_msg("%s: mail line of %zu columns: '%s'", cur->name, n, line);
		for (k = 0; k < choices; k++) {
			keep_choice(line + 2, k, &cmd);
			memcpy(tmp, st, cur->state_size);
			if (cur->play(tmp, seat, sb_str(&cmd), &pl, err, sizeof(err)) != GAME_OK)
				fail_msg("%s seat %d: '%s' copied from the mail line '%s' is "
				    "refused: %s", cur->name, seat, sb_str(&cmd), line, err);
			sb_printf(&expanded, "%s\n", sb_str(&cmd));
			lines_checked++;
		}
		free(line);
		p += n;
		if (*p == '\n')
			p++;
	}
	if (strcmp(sb_str(&expanded), sb_str(&all)) != 0)
		fail_msg("%s seat %d: the mail offers other commands than moves():\n%s\n"
		    "--- moves():\n%s", cur->name, seat, sb_str(&expanded), sb_str(&all));
	sb_free(&compact);
	sb_free(&all);
	sb_free(&expanded);
	sb_free(&cmd);
	free(tmp);
}

static int
hook(const void *st, char *err, size_t errlen)
{
	struct game_wait w;
	int s;

	(void)err;
	(void)errlen;
	if (calls++ % EVERY != 0 || cur->over(st))
		return 0;
	memset(&w, 0, sizeof(w));
	cur->waiting(st, &w);
	for (s = 0; s < GAME_MAX_SEATS; s++)
		if (w.mask & (1u << s))
			check_seat(st, s);
	return 0;
}

static void
test_mail_lines_copy_back(void **state)
{
	const struct game_rules *const *r;
	struct selfplay_result res;
	char err[512];
	int games = 0;

	(void)state;
	for (r = game_all(); *r != NULL; r++) {
		int nseats;

		cur = *r;
		calls = 0;
		lines_checked = 0;
		for (nseats = cur->min_seats; nseats <= cur->max_seats && nseats <= 4; nseats++)
			if (selfplay_game(cur, nseats, NULL, 0, 4242 + (uint64_t)nseats, 200000,
			    0, hook, &res, err, sizeof(err)) != 0)
				fail_msg("%s self-play, %d seats: %s", cur->name, nseats, err);
		printf("%s: %ld mail commands copied back\n", cur->name, lines_checked);
		/* The check ran on positions of this game, and on many commands. */
		assert_true(calls > EVERY);
		assert_true(lines_checked > 100);
		games++;
	}
	assert_true(games > 0);
}

/* The grouping itself, on a made-up list: alternatives, wrapping, singles. */
static void
test_keep_choice(void **state)
{
	struct sbuf b = SBUF_INIT;

	(void)state;
	assert_int_equal(keep_choice("pass BON5 | BON6 | BON9", 2, &b), 3);
	assert_string_equal(sb_str(&b), "pass BON9");
	assert_int_equal(keep_choice("leader red B1", 0, &b), 1);
	assert_string_equal(sb_str(&b), "leader red B1");
	sb_free(&b);
}

/*
 * outmail_fold: a long line breaks at spaces into lines of at most the
 * width, counted in characters (not bytes), keeping its indentation; its
 * words come out in order; short lines (a board) are untouched; a word
 * wider than the line stays whole.
 */
static void
test_fold(void **state)
{
	static const char *const in =
	    "The game waits for Zoë (turn 10: the special action (5.4)). Nothing is "
	    "needed from you now.\n"
	    " ISL----STR---$LTH\n"
	    "    waiting for: " "ééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé"
	    "ééééééééééééééééééé end\n"
	    "\n"
	    "  abilities: Merchant, Commander, Double Strike, Voivode, Trader (3 VP), "
	    "Warrior (3 VP)";
	struct sbuf b = SBUF_INIT;
	const char *p;
	char words_in[600], words_out[600];
	size_t n = 0;

	(void)state;
	outmail_fold(in, 78, &b);
	assert_false(b.oom);
	assert_string_equal(sb_str(&b),
	    "The game waits for Zoë (turn 10: the special action (5.4)). Nothing is needed\n"
	    "from you now.\n"
	    " ISL----STR---$LTH\n"
	    "    waiting for:\n"
	    "    éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé\n"
	    "    end\n"
	    "\n"
	    "  abilities: Merchant, Commander, Double Strike, Voivode, Trader (3 VP),\n"
	    "  Warrior (3 VP)");
	/* Nothing lost: the words are the same, in the same order. */
	for (p = in; *p != '\0'; p++)
		if (*p != ' ' && *p != '\n')
			words_in[n++] = *p;
	words_in[n] = '\0';
	n = 0;
	for (p = sb_str(&b); *p != '\0'; p++)
		if (*p != ' ' && *p != '\n')
			words_out[n++] = *p;
	words_out[n] = '\0';
	assert_string_equal(words_in, words_out);
	sb_free(&b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_keep_choice),
		cmocka_unit_test(test_fold),
		cmocka_unit_test(test_mail_lines_copy_back),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
