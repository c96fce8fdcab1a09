/*
 * test_all_games.c - properties every game's views must have, checked in
 * positions from self-play of every game built in:
 *
 *  - JSON numbers seats as the command line does, from 1: the seats of
 *    "waiting" are exactly the awaited seats plus one;
 *  - render_board gives exactly the leading part of the public text
 *    report (what a forum post puts in its code box), and not all of it.
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
static long CHECKED;
static char BAD[300];

static int
seats_hook(const void *st, char *err, size_t errlen)
{
	static const char *const names[GAME_MAX_SEATS] = { "a", "b", "c", "d", "e",
		"f", "g", "h" };
	struct game_wait w;
	unsigned got = 0;
	json_t *j, *wait, *e;
	size_t i;

	(void)err;
	(void)errlen;
	if (R->over(st) || BAD[0] != '\0')
		return 0;
	memset(&w, 0, sizeof(w));
	R->waiting(st, &w);
	j = R->render_json(st, -1, names);
	wait = json_object_get(j, "waiting");
	json_array_foreach(wait, i, e) {
		json_int_t seat = json_integer_value(json_object_get(e, "seat"));

		if (seat < 1 || seat > GAME_MAX_SEATS)
			snprintf(BAD, sizeof(BAD), "waiting seat %lld", (long long)seat);
		else
			got |= 1u << (seat - 1);
	}
	if (BAD[0] == '\0' && got != w.mask)
		snprintf(BAD, sizeof(BAD), "waiting seats %#x in JSON, %#x awaited", got, w.mask);
	json_decref(j);
	CHECKED++;
	return 0;
}

static int
board_hook(const void *st, char *err, size_t errlen)
{
	static const char *const names[GAME_MAX_SEATS] = { "a", "b", "c", "d", "e",
		"f", "g", "h" };
	struct sbuf text = SBUF_INIT, board = SBUF_INIT;

	(void)err;
	(void)errlen;
	if (BAD[0] != '\0' || CHECKED++ % 5 != 0)
		return 0;
	R->render_text(st, -1, names, &text);
	R->render_board(st, names, &board);
	if (board.len == 0 || board.len >= text.len ||
	    memcmp(sb_str(&text), sb_str(&board), board.len) != 0)
		snprintf(BAD, sizeof(BAD), "the board (%zu bytes) is not the start of the "
		    "report (%zu bytes)", board.len, text.len);
	sb_free(&text);
	sb_free(&board);
	return 0;
}

/* Play a game of each kind through hook; fail with what it found. */
static void
each_game(selfplay_hook hook, uint64_t seed)
{
	const struct game_rules *const *g;

	for (g = game_all(); *g != NULL; g++) {
		struct selfplay_result res;
		char err[512];

		R = *g;
		CHECKED = 0;
		BAD[0] = '\0';
		if (selfplay_game(R, R->min_seats + 1, NULL, 0, seed, 300, 0, hook, &res, err,
		    sizeof(err)) != 0)
			fail_msg("%s: self-play failed: %s", R->name, err);
		if (BAD[0] != '\0')
			fail_msg("%s: %s", R->name, BAD);
		assert_true(CHECKED > 20);
	}
}

static void
test_json_seats_from_one(void **state)
{
	(void)state;
	each_game(seats_hook, 99);
}

static void
test_board_leads_the_report(void **state)
{
	const struct game_rules *const *g;

	(void)state;
	for (g = game_all(); *g != NULL; g++)
		assert_non_null((*g)->render_board);
	each_game(board_hook, 7);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_json_seats_from_one),
		cmocka_unit_test(test_board_leads_the_report),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
