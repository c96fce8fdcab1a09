/*
 * test_selfplay.c - Tigris & Euphrates random self-play through the game
 * interface: 1,000 whole games, 2 to 4 players, both boards and every
 * variant, with the invariants checked after every command by the engine's
 * check() and by an independent hook, and a replay at the end of each game.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "../../engine/tigris/tigris.h"
#include "../selfplay.h"

enum { GAMES = 1000 };

/* Counted independently of the engine: tiles of each colour everywhere. */
static int
hook_tiles(const struct tigris *st, char *err, size_t errlen)
{
	static const int totals[TG_NCOL] = { 57, 36, 30, 30 };
	int c, sq, s, n;

	for (c = 0; c < TG_NCOL; c++) {
		n = st->bag[c] + st->out[c];
		for (sq = 0; sq < TG_CELLS; sq++)
			if (st->cell[sq].tile == c + 1)
				n++;
		for (s = 0; s < st->nseats; s++)
			n += st->seat[s].hand[c];
		if (n != totals[c]) {
			snprintf(err, errlen, "hook: %d tiles of colour %d, not %d", n, c,
			    totals[c]);
			return -1;
		}
	}
	return 0;
}

/* Flood fill from sq over tiles and leaders, marking seen[]. */
static void
fill(const struct tigris *st, int sq, int seen[TG_CELLS], int mark)
{
	int stack[TG_CELLS], top = 0, cur, r, c;

	stack[top++] = sq;
	seen[sq] = mark;
	while (top > 0) {
		int nb[4], n = 0, i;

		cur = stack[--top];
		r = cur / TG_COLS;
		c = cur % TG_COLS;
		if (r > 0)
			nb[n++] = cur - TG_COLS;
		if (r < TG_ROWS - 1)
			nb[n++] = cur + TG_COLS;
		if (c > 0)
			nb[n++] = cur - 1;
		if (c < TG_COLS - 1)
			nb[n++] = cur + 1;
		for (i = 0; i < n; i++) {
			if (seen[nb[i]] || (!st->cell[nb[i]].tile && !st->cell[nb[i]].leader))
				continue;
			seen[nb[i]] = mark;
			stack[top++] = nb[i];
		}
	}
}

/* At rest, no kingdom holds two leaders of one colour. */
static int
hook_kingdoms(const struct tigris *st, char *err, size_t errlen)
{
	int seen[TG_CELLS] = { 0 }, s, t, c, a, b;

	if (st->phase != TG_PH_ACTION && st->phase != TG_PH_OVER)
		return 0;
	for (c = 0; c < TG_NCOL; c++) {
		for (s = 0; s < st->nseats; s++) {
			a = st->seat[s].leader[c];
			if (a < 0)
				continue;
			memset(seen, 0, sizeof(seen));
			fill(st, a, seen, 1);
			for (t = 0; t < st->nseats; t++) {
				b = st->seat[t].leader[c];
				if (t != s && b >= 0 && seen[b]) {
					snprintf(err, errlen, "hook: two leaders of colour %d "
					    "share a kingdom", c);
					return -1;
				}
			}
		}
	}
	return 0;
}

/* Points held by the seats equal the points handed out. */
static int
hook_points(const struct tigris *st, char *err, size_t errlen)
{
	int c, s, sum;

	for (c = 0; c < TG_NCOL; c++) {
		sum = 0;
		for (s = 0; s < st->nseats; s++)
			sum += st->seat[s].points[c];
		if (sum != st->awarded[c]) {
			snprintf(err, errlen, "hook: points %d held, %d awarded", sum,
			    st->awarded[c]);
			return -1;
		}
	}
	return 0;
}

/* The self-play hook: every independent invariant. */
static int
hook(const void *state, char *err, size_t errlen)
{
	const struct tigris *st = state;

	if (hook_tiles(st, err, errlen) != 0 || hook_kingdoms(st, err, errlen) != 0 ||
	    hook_points(st, err, errlen) != 0)
		return -1;
	return 0;
}

/* 1,000 random games with every option mixed. */
static void
test_selfplay_many(void **state)
{
	static const char *const boards[] = { "standard", "alternative" };
	static const char *const onoff[] = { "off", "on" };
	static const char *const support[] = { "free", "english" };
	static const char *const scoring[] = { "hidden", "open" };
	struct game_opt opts[4];
	struct selfplay_result res;
	char err[512];
	long commands = 0;
	int g, finished = 0;
	clock_t t0 = clock();
	double secs;

	(void)state;
	for (g = 0; g < GAMES; g++) {
		int nseats = 2 + g % 3;

		opts[0].key = "board";
		opts[0].value = boards[(g / 3) % 2];
		opts[1].key = "buildings";
		opts[1].value = onoff[(g / 6) % 2];
		opts[2].key = "support";
		opts[2].value = support[(g / 12) % 2];
		opts[3].key = "scoring";
		opts[3].value = scoring[(g / 24) % 2];
		if (selfplay_game(&tigris_rules, nseats, opts, 4, (uint64_t)g * 7919 + 1,
		    20000, g % 50 == 0 ? 7 : 0, hook, &res, err, sizeof(err)) != 0) {
			fprintf(stderr, "game %d (%d seats, %s, buildings %s, %s, %s): %s\n",
			    g, nseats, opts[0].value, opts[1].value, opts[2].value,
			    opts[3].value, err);
			fail();
		}
		finished += res.finished;
		commands += res.commands;
	}
	secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
	assert_int_equal(finished, GAMES);
	printf("tigris self-play: %d games, %ld commands, %.1f s, %.1f games/second\n",
	    GAMES, commands, secs, secs > 0 ? GAMES / secs : 0.0);
}

/* Run this file's tests. */
int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_selfplay_many),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
